import type { Context } from 'aws-lambda';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { correlatedLogger, createLogger, withLambdaContext } from './log.js';

const invocation = (awsRequestId: string): Context => ({
  callbackWaitsForEmptyEventLoop: false,
  functionName: 'toko-http-catalogue',
  functionVersion: '$LATEST',
  invokedFunctionArn: 'arn:aws:lambda:eu-west-1:123456789012:function:toko-http-catalogue',
  memoryLimitInMB: '512',
  awsRequestId,
  logGroupName: '/aws/lambda/toko-http-catalogue',
  logStreamName: 'stream',
  getRemainingTimeInMillis: () => 30_000,
  done: () => undefined,
  fail: () => undefined,
  succeed: () => undefined,
});

/** The JSON lines the logger wrote to stdout while `work` ran. */
async function linesOf(work: () => Promise<unknown>): Promise<Record<string, unknown>[]> {
  const written: string[] = [];
  const write = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    written.push(String(chunk));
    return true;
  });
  try {
    await work();
  } finally {
    write.mockRestore();
  }
  return written.flatMap((chunk) => chunk.split('\n').filter(Boolean)).map((line) => JSON.parse(line) as Record<string, unknown>);
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
});

describe('log lines', () => {
  it("carry the Lambda invocation they were written in: its request id, the function, and whether it was the container's cold start", async () => {
    // As Lambda sets it for a function run on demand: Powertools counts cold starts only there.
    vi.stubEnv('AWS_LAMBDA_INITIALIZATION_TYPE', 'on-demand');
    const logger = createLogger('catalogue');
    const handler = withLambdaContext(logger, (name: string) => Promise.resolve(logger.info(`served ${name}`)));

    const lines = await linesOf(async () => {
      await handler('first', invocation('req-1'));
      await handler('second', invocation('req-2'));
    });

    expect(lines).toMatchObject([
      {
        message: 'served first',
        function_request_id: 'req-1',
        cold_start: true,
        function_name: 'toko-http-catalogue',
        service: 'catalogue',
      },
      { message: 'served second', function_request_id: 'req-2', cold_start: false, function_name: 'toko-http-catalogue' },
    ]);
  });

  it('carry the correlation id of the request they serve after the service, and still log without a Lambda context', async () => {
    const logger = createLogger('projector');
    const handler = withLambdaContext(logger, () => Promise.resolve(correlatedLogger(logger, 'corr-7').info('projected')));

    const [line] = await linesOf(() => handler(undefined));

    expect(line).toMatchObject({ message: 'projected', correlationId: 'corr-7', service: 'projector' });
    expect(Object.keys(line).slice(0, 5)).toEqual(['level', 'message', 'timestamp', 'service', 'correlationId']);
  });

  it('carry a correlation id given with the line in the same place, and none when there is none', async () => {
    const logger = createLogger('http-plays');
    const lines = await linesOf(() => {
      logger.info('refused', { correlationId: 'req-9', reason: 'too_soon' });
      correlatedLogger(logger, undefined).info('no request');
      return Promise.resolve();
    });

    expect(lines[0]).toMatchObject({ service: 'http-plays', correlationId: 'req-9', reason: 'too_soon' });
    expect(Object.keys(lines[0]).indexOf('correlationId')).toBe(Object.keys(lines[0]).indexOf('service') + 1);
    expect(lines[1].correlationId).toBeUndefined();
  });
});
