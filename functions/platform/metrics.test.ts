import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { correlatedLogger, createLogger } from './log.js';
import { countingFailures, metricNames, recordConsumerLag, recordMetric } from './metrics.js';

/** The JSON lines written to stdout and stderr (warnings, errors) while `work` runs. */
async function linesOf(work: () => unknown): Promise<Record<string, any>[]> {
  const written: string[] = [];
  const spies = [process.stdout, process.stderr].map((stream) =>
    vi.spyOn(stream, 'write').mockImplementation((chunk: string | Uint8Array) => {
      written.push(String(chunk));
      return true;
    }),
  );
  try {
    await work();
  } finally {
    for (const spy of spies) spy.mockRestore();
  }
  return written
    .join('')
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, any>);
}

describe('the app metrics', () => {
  beforeEach(() => vi.stubEnv('POWERTOOLS_METRICS_DISABLED', 'false'));
  afterEach(() => vi.unstubAllEnvs());

  it('writes each value at once as an embedded metric in the Toko namespace, with the service dimension', async () => {
    const [line] = await linesOf(() => recordMetric(metricNames.playsRecorded));
    expect(line._aws.CloudWatchMetrics[0]).toMatchObject({
      Namespace: 'Toko',
      Dimensions: [['service']],
      Metrics: [{ Name: 'PlaysRecorded', Unit: 'Count' }],
    });
    expect(line).toMatchObject({ service: 'toko', PlaysRecorded: 1 });
  });

  it('writes each metric with its own dimensions only, none left from the one before', async () => {
    const lines = await linesOf(() => {
      recordMetric(metricNames.playsRefused, 1, { reason: 'too_soon' });
      recordMetric(metricNames.playsRecorded);
      recordMetric(metricNames.playsRefused, 1, { reason: 'no_token' });
    });
    expect(lines.map((line) => line._aws.CloudWatchMetrics[0].Dimensions[0])).toEqual([
      ['service', 'reason'],
      ['service'],
      ['service', 'reason'],
    ]);
    expect(lines.map((line) => line.reason)).toEqual(['too_soon', undefined, 'no_token']);
  });

  it('gives a consumer’s lag in milliseconds from the oldest event of the batch, per consumer', async () => {
    const now = Date.parse('2026-11-27T10:00:10.000Z');
    const [line] = await linesOf(() => recordConsumerLag('library', [now - 2_000, now - 9_500, now - 100], now));
    expect(line._aws.CloudWatchMetrics[0].Dimensions[0]).toEqual(expect.arrayContaining(['service', 'consumer']));
    expect(line).toMatchObject({ consumer: 'library', ConsumerLag: 9_500 });
    expect(await linesOf(() => recordConsumerLag('library', [], now))).toEqual([]);
  });

  it('counts a webhook delivery that fails as a webhook failure and throws the error on', async () => {
    const logger = createLogger('webhook-test');
    let lines: Record<string, any>[] = [];
    lines = await linesOf(() =>
      expect(countingFailures(correlatedLogger(logger, 'req-w'), () => Promise.reject(new Error('bad signature')))).rejects.toThrow(
        'bad signature',
      ),
    );
    expect(lines.find((l) => l.WebhookFailures === 1)).toBeDefined();
    expect(lines.find((l) => l.message === 'webhook failed')).toMatchObject({ error: 'bad signature', correlationId: 'req-w' });
    expect((await linesOf(() => countingFailures(logger, () => Promise.resolve('ok')))).some((l) => 'WebhookFailures' in l)).toBe(false);
  });
});

describe('the log lines', () => {
  it('carry the correlation id of the request or event being served, and only its own when several run at once', async () => {
    const logger = createLogger('log-test');
    const pause = () => new Promise((resolve) => setTimeout(resolve, 5));
    const lines = await linesOf(() =>
      Promise.all(
        ['req-a', 'req-b'].map(async (id) => {
          const log = correlatedLogger(logger, id);
          log.info('first', { of: id });
          await pause();
          log.info('second', { of: id });
        }),
      ),
    );
    expect(lines).toHaveLength(4);
    for (const line of lines) expect(line).toMatchObject({ service: 'log-test', correlationId: line.of });
    const [outside] = await linesOf(() => logger.info('no request'));
    expect(outside.correlationId).toBeUndefined();
  });
});
