/**
 * Runs a side effect (a mail, a payment call) at most once per key, however often its cause is
 * delivered: a record in `ephemeral` claims the key with a short lease, and marks it done after the
 * effect. A failed effect releases the claim so a retry may run it; a crashed one is retried once its
 * lease runs out.
 *
 * Kept over Powertools' idempotency utility: that one keys records by a hash of the payload, stores the
 * effect's result, and bounds an in-progress claim only by a Lambda context's remaining time (without
 * one a crashed effect blocks its key until the record expires); here the key is the cause's own name,
 * readable in `ephemeral`, and the lease is explicit wherever the effect runs.
 */
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamoClient } from './aws.js';
import { env } from './env.js';

/** Another delivery holds the key's claim: its effect may be running, or it crashed and its lease has not run out. */
export class EffectInProgressError extends Error {
  readonly code = 'EFFECT_IN_PROGRESS';
  constructor(
    message: string,
    /** Seconds until the claim's lease runs out, when a retry may take the key over. */
    readonly retryAfterSeconds: number,
  ) {
    super(message);
  }
}

const isConditionFailure = (error: unknown) => error instanceof Error && error.name === 'ConditionalCheckFailedException';

export async function once(
  key: string,
  effect: () => Promise<void>,
  { leaseSeconds = 60, keepSeconds = 14 * 24 * 3600 }: { leaseSeconds?: number; keepSeconds?: number } = {},
): Promise<'done' | 'already_done'> {
  const table = env().TABLE_EPHEMERAL;
  const itemKey = { pk: `once#${key}`, sk: 'once' };
  const now = Math.floor(Date.now() / 1000);
  try {
    await dynamoClient().send(
      new PutCommand({
        TableName: table,
        Item: { ...itemKey, status: 'running', leaseUntil: now + leaseSeconds, expiresAt: now + keepSeconds },
        ConditionExpression: 'attribute_not_exists(pk) OR (#status = :running AND leaseUntil < :now)',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':running': 'running', ':now': now },
      }),
    );
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    const existing = await dynamoClient().send(new GetCommand({ TableName: table, Key: itemKey, ConsistentRead: true }));
    if (existing.Item?.status === 'done') return 'already_done';
    const leaseUntil = Number(existing.Item?.leaseUntil ?? now);
    throw new EffectInProgressError(`${key} is being handled elsewhere`, Math.max(1, leaseUntil - now + 1));
  }
  try {
    await effect();
  } catch (error) {
    await dynamoClient()
      .send(new DeleteCommand({ TableName: table, Key: itemKey }))
      .catch(() => undefined);
    throw error;
  }
  await dynamoClient().send(
    new UpdateCommand({
      TableName: table,
      Key: itemKey,
      UpdateExpression: 'SET #status = :done',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':done': 'done' },
    }),
  );
  return 'done';
}

/** Where the effect of `key` stands: done, running (claimed, not finished), or undefined when it never ran or failed. */
export async function onceStatus(key: string): Promise<'done' | 'running' | undefined> {
  const out = await dynamoClient().send(
    new GetCommand({ TableName: env().TABLE_EPHEMERAL, Key: { pk: `once#${key}`, sk: 'once' }, ConsistentRead: true }),
  );
  const status: unknown = out.Item?.status;
  return status === 'done' || status === 'running' ? status : undefined;
}
