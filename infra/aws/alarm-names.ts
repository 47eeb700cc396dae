/**
 * The names of the alarms a release watches: the stacks that make the alarms and the deployment groups that watch them
 * (releases.ts) take them from here. The groups name them rather than reference them: the observability stack reads
 * the functions, so a reference back from the API stack would be a cycle across stacks.
 */
export const alarmNames = {
  /** A function's errors; `fn` is its name in the alarms (functionAlarmName). */
  functionErrors: (prefix: string, fn: string) => `${prefix}${fn}-errors`,
  functionThrottles: (prefix: string, fn: string) => `${prefix}${fn}-throttles`,
  /** A consumer's queue: its oldest message waited past the lagging threshold. */
  oldestMessage: (prefix: string, consumer: string) => `${prefix}${consumer}-oldest-message`,
  /** A consumer's DLQ holds a message. */
  deadLetters: (prefix: string, consumer: string) => `${prefix}${consumer}-dlq-not-empty`,
  /** The relay gave up on a stream record. */
  relayFailures: (prefix: string) => `${prefix}relay-failures-not-empty`,
  /** The API's share of 5xx answers. */
  api5xx: (prefix: string) => `${prefix}api-5xx`,
} as const;

/** How a function is named in its alarms: `http-<context>`, the consumer's name, `scheduled-<job>`, `relay`. */
export const functionAlarmName = {
  http: (context: string) => `http-${context}`,
  consumer: (name: string) => name,
  scheduled: (job: string) => `scheduled-${job}`,
  relay: 'relay',
} as const;
