/** The fault proxy (infra/local/fault-proxy.ts) against a stub upstream, with the real SDK clients reading its faults. */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DynamoDBClient, GetItemCommand } from '@aws-sdk/client-dynamodb';
import { SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { SendEmailCommand, SESv2Client } from '@aws-sdk/client-sesv2';
import Stripe from 'stripe';
import { AWS_CLIENT_TIMEOUTS } from '../../functions/platform/aws.js';
import { pickFault, seededRandom, startFaultProxy, type FaultProxy, type FaultService } from '../../infra/local/fault-proxy.js';

let upstream: http.Server;
let upstreamUrl: string;
let seen: string[] = [];
const proxies: FaultProxy[] = [];

beforeAll(async () => {
  upstream = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      seen.push(`${req.method} ${req.url}`);
      const body = req.url?.startsWith('/v1/') ? { id: 'cus_1', object: 'customer' } : {};
      res.writeHead(200, { 'content-type': 'application/x-amz-json-1.0' }).end(JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
});
afterEach(async () => {
  await Promise.all(proxies.splice(0).map((p) => p.stop()));
  seen = [];
});
afterAll(() => new Promise<void>((resolve) => upstream.close(() => resolve())));

async function proxy(service: FaultService, rates = {}, more: { holdMs?: number; seed?: number } = {}) {
  const p = await startFaultProxy({ service, upstream: upstreamUrl, rates, ...more });
  proxies.push(p);
  return p;
}

const aws = (endpoint: string, maxAttempts = 1, requestTimeout?: number) => ({
  endpoint,
  region: 'us-east-1',
  credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  maxAttempts,
  ...(requestTimeout ? { requestHandler: { ...AWS_CLIENT_TIMEOUTS, requestTimeout } } : {}),
});
const getItem = new GetItemCommand({ TableName: 't', Key: { pk: { S: 'a' } } });
const failure = (p: Promise<unknown>) =>
  p.then(
    () => {
      throw new Error('expected a failure');
    },
    (error: unknown) => error as Error & { $metadata?: { httpStatusCode?: number; attempts?: number }; code?: string },
  );

describe('the fault proxy', () => {
  it('passes requests through untouched while its rates are 0', async () => {
    const p = await proxy('dynamodb');
    const ddb = new DynamoDBClient(aws(p.url));
    await expect(ddb.send(getItem)).resolves.toMatchObject({ $metadata: { httpStatusCode: 200 } });
    expect(seen).toEqual(['POST /']);
    expect(p.stats()).toMatchObject({ requests: 1, injected: { throttle: 0, error: 0 } });
  });

  it('draws the same faults for the same seed, in the given shares', () => {
    const draws = (seed: number) => {
      const random = seededRandom(seed);
      return Array.from({ length: 2000 }, () => pickFault({ throttle: 0.1, error: 0.05 }, random()));
    };
    expect(draws(7)).toEqual(draws(7));
    expect(draws(7)).not.toEqual(draws(8));
    const throttled = draws(7).filter((k) => k === 'throttle').length;
    expect(throttled).toBeGreaterThan(150);
    expect(throttled).toBeLessThan(250);
    expect(pickFault({ throttle: 0.1, error: 0.05 }, 0.12)).toBe('error');
    expect(pickFault({ throttle: 0.1, error: 0.05 }, 0.2)).toBeNull();
  });

  it('throttles DynamoDB with its own errors, which the SDK retries', async () => {
    const p = await proxy('dynamodb', { throttle: 1 }, { seed: 1 });
    const names = new Set<string>();
    for (let i = 0; i < 8; i++) names.add((await failure(new DynamoDBClient(aws(p.url)).send(getItem))).name);
    expect([...names].sort()).toEqual(['ProvisionedThroughputExceededException', 'ThrottlingException']);
    const retried = await failure(new DynamoDBClient({ ...aws(p.url, 2), retryMode: 'standard' }).send(getItem));
    expect(retried.$metadata?.attempts).toBe(2);
    expect(seen).toEqual([]);
    p.set({ error: 1 });
    const broken = await failure(new DynamoDBClient(aws(p.url)).send(getItem));
    expect(broken.name).toBe('InternalServerError');
    expect(broken.$metadata?.httpStatusCode).toBe(500);
  });

  it('throttles SQS in the JSON protocol its SDK speaks, and fails it with a 500', async () => {
    const p = await proxy('sqs', { throttle: 1 });
    const send = (maxAttempts = 1) =>
      failure(
        new SQSClient(aws(p.url, maxAttempts)).send(new SendMessageCommand({ QueueUrl: `${p.url}/000000000000/q`, MessageBody: 'x' })),
      );
    expect((await send()).name).toBe('RequestThrottled');
    expect((await send(2)).$metadata?.attempts).toBe(2);
    p.set({ error: 1 });
    expect((await send()).$metadata?.httpStatusCode).toBe(500);
  });

  it('throttles SES with a 429 and fails it with a 503', async () => {
    const p = await proxy('ses', { throttle: 1 });
    const send = () =>
      failure(
        new SESv2Client(aws(p.url)).send(
          new SendEmailCommand({
            FromEmailAddress: 'a@b.c',
            Destination: { ToAddresses: ['d@e.f'] },
            Content: { Simple: { Subject: { Data: 's' }, Body: { Text: { Data: 't' } } } },
          }),
        ),
      );
    expect(await send()).toMatchObject({ name: 'TooManyRequestsException', $metadata: { httpStatusCode: 429 } });
    p.set({ error: 1 });
    expect(await send()).toMatchObject({ name: 'ServiceUnavailable', $metadata: { httpStatusCode: 503 } });
  });

  it('answers Stripe 429s and 500s that its SDK retries', async () => {
    const p = await proxy('stripe', { throttle: 1 });
    const stripe = new Stripe('sk_test_x', { host: '127.0.0.1', port: p.port, protocol: 'http', maxNetworkRetries: 1 });
    await expect(stripe.customers.retrieve('cus_1')).rejects.toMatchObject({ type: 'StripeRateLimitError', statusCode: 429 });
    expect(p.stats().requests).toBe(2);
    p.set({ error: 1 });
    await expect(stripe.customers.retrieve('cus_1')).rejects.toMatchObject({ type: 'StripeAPIError', statusCode: 500 });
    expect(p.stats().requests).toBe(4);
    p.set({});
    await expect(stripe.customers.retrieve('cus_1')).resolves.toMatchObject({ id: 'cus_1' });
  });

  it('holds an answer past the client timeout, drops connections, and loses answers the upstream applied', async () => {
    const p = await proxy('dynamodb', { timeout: 1 }, { holdMs: 5_000 });
    const started = Date.now();
    expect((await failure(new DynamoDBClient(aws(p.url, 1, 300)).send(getItem))).name).toBe('TimeoutError');
    expect(Date.now() - started).toBeLessThan(3_000);
    p.set({ drop: 1 });
    expect((await failure(new DynamoDBClient(aws(p.url)).send(getItem))).$metadata?.httpStatusCode).toBeUndefined();
    expect(seen).toEqual([]);
    p.set({ lost: 1 });
    await failure(new DynamoDBClient(aws(p.url)).send(getItem));
    expect(seen).toEqual(['POST /']);
    expect(p.stats().injected).toMatchObject({ timeout: 1, drop: 1, lost: 1 });
  });

  it('takes its rates from POST /__faults and reports them with its counts on GET', async () => {
    const p = await proxy('ses');
    const post = await fetch(`${p.url}/__faults`, { method: 'POST', body: JSON.stringify({ error: 0.5, drop: 0.25 }) });
    expect(await post.json()).toMatchObject({ service: 'ses', rates: { error: 0.5, drop: 0.25 } });
    expect(p.rates()).toEqual({ error: 0.5, drop: 0.25 });
    expect((await fetch(`${p.url}/__faults`, { method: 'POST', body: JSON.stringify({ error: 0.8, drop: 0.5 }) })).status).toBe(400);
    expect((await fetch(`${p.url}/__faults`, { method: 'POST', body: JSON.stringify({ slow: 0.1 }) })).status).toBe(400);
    expect(await (await fetch(`${p.url}/__faults`)).json()).toMatchObject({ rates: { error: 0.5, drop: 0.25 }, requests: 0 });
  });
});
