/**
 * The local cloud's own plumbing, on real emulators:
 *  - against the shared cloud of the test run: DynamoDB, SQS FIFO, S3 through the gateway with
 *    Range, the API 404/405 shapes, the SPA fallback;
 *  - against a second cloud started here with throwaway handlers: the API Gateway event shape,
 *    stream poller → relay → FIFO queue → consumer, retries, DLQ redrive, lag, and what survives a restart.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DynamoDBClient, GetItemCommand, PutItemCommand } from '@aws-sdk/client-dynamodb';
import { DeleteObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import {
  CreateQueueCommand,
  DeleteQueueCommand,
  GetQueueUrlCommand,
  ReceiveMessageCommand,
  SendMessageCommand,
  SQSClient,
} from '@aws-sdk/client-sqs';
import type { APIGatewayProxyEventV2, SQSRecord } from 'aws-lambda';
import { startLocalCloud, type LocalCloud } from '../../infra/local/cloud.js';
import type { ConsumerSpec } from '../../functions/consumers.js';
import type { RouteSpec } from '../../functions/routes.js';

const clientConfig = (endpoint: string, region = 'us-east-1') => ({
  endpoint,
  region,
  credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
});

async function until<T>(what: string, fn: () => T | Promise<T>, timeoutMs = 20_000): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await fn();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('the shared local cloud', () => {
  const baseUrl = inject('baseUrl');
  const env = inject('cloudEnv');

  it('stores and reads a DynamoDB item', async () => {
    const ddb = new DynamoDBClient(clientConfig(env.AWS_ENDPOINT_URL_DYNAMODB));
    const pk = `test#${randomUUID()}`;
    await ddb.send(
      new PutItemCommand({
        TableName: env.TABLE_EPHEMERAL,
        Item: { pk: { S: pk }, sk: { S: 'x' }, n: { N: '42' }, expiresAt: { N: String(Math.floor(Date.now() / 1000) + 60) } },
      }),
    );
    const out = await ddb.send(
      new GetItemCommand({ TableName: env.TABLE_EPHEMERAL, Key: { pk: { S: pk }, sk: { S: 'x' } }, ConsistentRead: true }),
    );
    expect(out.Item?.n).toEqual({ N: '42' });
    ddb.destroy();
  });

  it('sends and receives a FIFO message, deduplicated by id', async () => {
    const sqs = new SQSClient(clientConfig(env.AWS_ENDPOINT_URL_SQS));
    const { QueueUrl } = await sqs.send(
      new CreateQueueCommand({ QueueName: `toko-test-${randomUUID().slice(0, 8)}.fifo`, Attributes: { FifoQueue: 'true' } }),
    );
    try {
      for (let i = 0; i < 2; i++) {
        await sqs.send(
          new SendMessageCommand({
            QueueUrl,
            MessageBody: '{"hello":"fifo"}',
            MessageGroupId: 'album#1',
            MessageDeduplicationId: 'album#1#1',
          }),
        );
      }
      const out = await sqs.send(
        new ReceiveMessageCommand({ QueueUrl, MaxNumberOfMessages: 10, WaitTimeSeconds: 1, MessageSystemAttributeNames: ['All'] }),
      );
      expect(out.Messages).toHaveLength(1);
      expect(out.Messages![0].Body).toBe('{"hello":"fifo"}');
      expect(out.Messages![0].Attributes?.MessageGroupId).toBe('album#1');
    } finally {
      await sqs.send(new DeleteQueueCommand({ QueueUrl }));
      sqs.destroy();
    }
  });

  describe('media from the bucket', () => {
    const s3 = new S3Client({ ...clientConfig(env.AWS_ENDPOINT_URL_S3), forcePathStyle: true });
    const bytes = randomBytes(65_536);
    const key = `test/${randomUUID()}.mp3`;
    const uploadKey = `uploads/${randomUUID()}.png`;
    beforeAll(async () => {
      await s3.send(new PutObjectCommand({ Bucket: env.MEDIA_BUCKET, Key: key, Body: bytes, ContentType: 'audio/mpeg' }));
      await s3.send(
        new PutObjectCommand({ Bucket: env.MEDIA_BUCKET, Key: uploadKey, Body: bytes.subarray(0, 100), ContentType: 'image/png' }),
      );
    });
    afterAll(async () => {
      await s3.send(new DeleteObjectCommand({ Bucket: env.MEDIA_BUCKET, Key: key }));
      await s3.send(new DeleteObjectCommand({ Bucket: env.MEDIA_BUCKET, Key: uploadKey }));
      s3.destroy();
    });

    it('serves the whole object with its type, ETag and Accept-Ranges', async () => {
      const res = await fetch(`${baseUrl}/media/${key}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('audio/mpeg');
      expect(res.headers.get('accept-ranges')).toBe('bytes');
      expect(res.headers.get('content-length')).toBe('65536');
      expect(res.headers.get('cache-control')).toMatch(/max-age=\d+/);
      expect(Buffer.from(await res.arrayBuffer()).equals(bytes)).toBe(true);
      const etag = res.headers.get('etag')!;
      expect(etag).toMatch(/^"[0-9a-f]{32}"$/);
      const again = await fetch(`${baseUrl}/media/${key}`, { headers: { 'if-none-match': etag } });
      expect(again.status).toBe(304);
    });

    it('answers a Range with 206 and exactly those bytes (seeking)', async () => {
      const res = await fetch(`${baseUrl}/media/${key}`, { headers: { range: 'bytes=1000-1999' } });
      expect(res.status).toBe(206);
      expect(res.headers.get('content-range')).toBe('bytes 1000-1999/65536');
      expect(res.headers.get('content-length')).toBe('1000');
      expect(Buffer.from(await res.arrayBuffer()).equals(bytes.subarray(1000, 2000))).toBe(true);

      const open = await fetch(`${baseUrl}/media/${key}`, { headers: { range: 'bytes=65000-' } });
      expect(open.status).toBe(206);
      expect(Buffer.from(await open.arrayBuffer()).equals(bytes.subarray(65000))).toBe(true);

      const suffix = await fetch(`${baseUrl}/media/${key}`, { headers: { range: 'bytes=-100' } });
      expect(suffix.headers.get('content-range')).toBe('bytes 65436-65535/65536');
      expect(Buffer.from(await suffix.arrayBuffer()).equals(bytes.subarray(65436))).toBe(true);
    });

    it('answers 416 to a range past the end, and 404 to a missing key', async () => {
      const res = await fetch(`${baseUrl}/media/${key}`, { headers: { range: 'bytes=70000-' } });
      expect(res.status).toBe(416);
      expect(res.headers.get('content-range')).toBe('bytes */65536');
      expect((await fetch(`${baseUrl}/media/test/missing-${randomUUID()}.mp3`)).status).toBe(404);
    });

    it('serves /uploads/* from the uploads/ prefix', async () => {
      const res = await fetch(`${baseUrl}/${uploadKey}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/png');
      expect((await res.arrayBuffer()).byteLength).toBe(100);
    });
  });

  it('answers an unknown /api path with 404 JSON and a wrong method with 405', async () => {
    const res = await fetch(`${baseUrl}/api/no-such-thing`);
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    expect(await res.json()).toEqual({ error: 'not_found', message: 'No route for GET /api/no-such-thing' });

    const wrong = await fetch(`${baseUrl}/api/albums`, { method: 'DELETE' });
    expect(wrong.status).toBe(405);
    const body = (await wrong.json()) as { error: string; message: string };
    expect(body.error).toBe('method_not_allowed');
    expect(typeof body.message).toBe('string');
  });

  it('serves the SPA: index.html for client-side routes, compressed hashed assets, 404 for a missing asset', async () => {
    // `/` is a pre-rendered page now (infra/local/site-pages.ts); the SPA's own page is index.html.
    const home = await fetch(`${baseUrl}/index.html`);
    expect(home.status).toBe(200);
    const index = await home.text();
    expect(index.toLowerCase()).toContain('<!doctype html>');

    const route = await fetch(`${baseUrl}/album/x`, { headers: { accept: 'text/html' } });
    expect(route.status).toBe(200);
    expect(route.headers.get('content-type')).toMatch(/text\/html/);
    expect(await route.text()).toBe(index);

    const script = /<script[^>]+src="([^"]+\.js)"/.exec(index)?.[1];
    expect(script).toBeTruthy();
    const asset = await fetch(`${baseUrl}${script}`, { headers: { 'accept-encoding': 'br, gzip' } });
    expect(asset.status).toBe(200);
    expect(asset.headers.get('content-encoding')).toBe('br');
    expect(asset.headers.get('cache-control')).toContain('immutable');

    expect((await fetch(`${baseUrl}/assets/does-not-exist-${randomUUID()}.js`)).status).toBe(404);
  });
});

describe('the plumbing, with throwaway handlers on a second cloud', () => {
  let cloud: LocalCloud;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'toko-plumbing-'));
  const staticDir = path.join(dataDir, 'site');
  fs.mkdirSync(staticDir);
  fs.writeFileSync(path.join(staticDir, 'index.html'), '<!doctype html><title>spa</title><div id="root"></div>');

  const seen: { record: SQSRecord; at: number }[] = [];
  const relayCalls: number[] = [];
  const images: Record<string, unknown>[] = [];
  let failRelayOnce = false;
  const lastEvent: { value?: APIGatewayProxyEventV2 } = {};

  const routes = [
    { method: 'POST', path: '/api/echo/{id}', context: 'echo', auth: 'guest' },
    { method: 'GET', path: '/api/echo/special', context: 'echo', auth: 'guest' },
    { method: 'GET', path: '/api/files/{path+}', context: 'echo', auth: 'guest' },
    { method: 'GET', path: '/api/boom', context: 'boom', auth: 'guest' },
  ] as unknown as RouteSpec[];
  const consumers = [
    { name: 'echo', kind: 'reactor', events: [], streams: [], batchSize: 10, maxReceiveCount: 3, visibilityTimeoutSeconds: 30 },
  ] as unknown as ConsumerSpec[];

  const start = () =>
    startLocalCloud({
      port: 0,
      dataDir,
      quiet: true,
      staticDir,
      visibilityTimeoutSeconds: 1,
      routes,
      consumers,
      handlers: {
        http: {
          echo: (event) => {
            lastEvent.value = event;
            return Promise.resolve({
              statusCode: 201,
              headers: { 'content-type': 'application/octet-stream', 'x-echo': 'yes' },
              cookies: ['s=1; Path=/; HttpOnly', 't=2; Path=/'],
              body: Buffer.from('binary\u0000reply').toString('base64'),
              isBase64Encoded: true,
            });
          },
          boom: () => Promise.reject(new Error('boom')),
        },
        // The relay: every stored event to the echo queue, grouped by stream, deduplicated by stream+version.
        relay: async (event) => {
          relayCalls.push(event.Records.length);
          if (failRelayOnce) {
            failRelayOnce = false;
            throw new Error('relay hiccup');
          }
          const sqs = new SQSClient({}); // endpoint from AWS_ENDPOINT_URL_SQS, as in the real relay
          const { QueueUrl } = await sqs.send(new GetQueueUrlCommand({ QueueName: 'toko-echo.fifo' }));
          for (const r of event.Records) {
            const image = r.dynamodb!.NewImage!;
            images.push(image);
            await sqs.send(
              new SendMessageCommand({
                QueueUrl,
                MessageBody: JSON.stringify({
                  streamId: image.streamId.S,
                  version: Number(image.version.N),
                  data: image.data?.S,
                  at: Number(image.at?.N ?? 0),
                }),
                MessageGroupId: image.streamId.S,
                MessageDeduplicationId: `${image.streamId.S}#${image.version.N}`,
              }),
            );
          }
          sqs.destroy();
        },
        consumers: {
          echo: (event) => {
            const now = Date.now();
            const failures: { itemIdentifier: string }[] = [];
            for (const record of event.Records) {
              seen.push({ record, at: now });
              if (JSON.parse(record.body).data === 'poison') failures.push({ itemIdentifier: record.messageId });
            }
            return Promise.resolve({ batchItemFailures: failures });
          },
        },
      },
    });

  beforeAll(async () => {
    cloud = await start();
    console.log(`[local-cloud test] second cloud cold start ${cloud.timings.total}ms`, cloud.timings);
  });
  afterAll(async () => {
    await cloud?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const append = (streamId: string, version: number, data: string) =>
    new DynamoDBClient({}).send(
      new PutItemCommand({
        TableName: process.env.TABLE_EVENTS,
        Item: {
          streamId: { S: streamId },
          version: { N: String(version) },
          type: { S: 'TestHappened' },
          data: { S: data },
          at: { N: String(Date.now()) },
        },
        ConditionExpression: 'attribute_not_exists(version)',
      }),
    );
  const bodies = (streamId: string) =>
    seen
      .map((s) => JSON.parse(s.record.body) as { streamId: string; version: number; data: string })
      .filter((b) => b.streamId === streamId);

  it('hands the handler an API Gateway v2 event and writes its result back', async () => {
    const payload = Buffer.from([0, 1, 2, 250, 251, 252]);
    const res = await fetch(`${cloud.url}/api/echo/a%20b?x=1&x=2&y=z`, {
      method: 'POST',
      headers: { 'content-type': 'application/octet-stream', cookie: 'a=1; b=2', 'X-Custom': 'Yes' },
      body: payload,
    });
    expect(res.status).toBe(201);
    expect(res.headers.get('x-echo')).toBe('yes');
    expect(res.headers.getSetCookie()).toEqual(['s=1; Path=/; HttpOnly', 't=2; Path=/']);
    expect(Buffer.from(await res.arrayBuffer()).toString()).toBe('binary\u0000reply');

    const e = lastEvent.value!;
    expect(e.version).toBe('2.0');
    expect(e.routeKey).toBe('POST /api/echo/{id}');
    expect(e.rawPath).toBe('/api/echo/a%20b');
    expect(e.pathParameters).toEqual({ id: 'a b' });
    expect(e.rawQueryString).toBe('x=1&x=2&y=z');
    expect(e.queryStringParameters).toEqual({ x: '1,2', y: 'z' });
    expect(e.cookies).toEqual(['a=1', 'b=2']);
    expect(e.headers['x-custom']).toBe('Yes');
    expect(e.headers.cookie).toBeUndefined();
    expect(e.isBase64Encoded).toBe(true);
    expect(Buffer.from(e.body!, 'base64').equals(payload)).toBe(true);
    expect(e.requestContext.http.method).toBe('POST');
    expect(e.requestContext.http.path).toBe('/api/echo/a%20b');
    expect(e.requestContext.http.sourceIp).toMatch(/^(127\.0\.0\.1|::1)$/);
    expect(e.requestContext.requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(Math.abs(e.requestContext.timeEpoch - Date.now())).toBeLessThan(5_000);

    await fetch(`${cloud.url}/api/echo/x`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"a":1}' });
    expect(lastEvent.value!.isBase64Encoded).toBe(false);
    expect(lastEvent.value!.body).toBe('{"a":1}');
  });

  it('routes the most specific path first, greedy paths last; a throwing handler is a 500', async () => {
    await fetch(`${cloud.url}/api/echo/special`);
    expect(lastEvent.value!.routeKey).toBe('GET /api/echo/special');
    await fetch(`${cloud.url}/api/files/a/b/c.txt`);
    expect(lastEvent.value!.routeKey).toBe('GET /api/files/{path+}');
    expect(lastEvent.value!.pathParameters).toEqual({ path: 'a/b/c.txt' });
    expect(lastEvent.value!.queryStringParameters).toBeUndefined();
    const boom = await fetch(`${cloud.url}/api/boom`);
    expect(boom.status).toBe(500);
    expect(await boom.json()).toEqual({ message: 'Internal Server Error' });
  });

  it('relays appended events through the stream to the FIFO consumer, in order per stream', async () => {
    const streamId = `album#${randomUUID()}`;
    for (let v = 1; v <= 5; v++) await append(streamId, v, `e${v}`);
    await until('5 deliveries', () => bodies(streamId).length >= 5);
    expect(bodies(streamId).map((b) => b.version)).toEqual([1, 2, 3, 4, 5]);
    const record = seen.find((s) => JSON.parse(s.record.body).streamId === streamId)!.record;
    expect(record.attributes.MessageGroupId).toBe(streamId);
    expect(record.attributes.MessageDeduplicationId).toBe(`${streamId}#1`);
    expect(record.attributes.ApproximateReceiveCount).toBe('1');
    expect(record.eventSource).toBe('aws:sqs');
    expect(record.eventSourceARN).toBe('arn:aws:sqs:us-east-1:000000000000:toko-echo.fifo');
  });

  it('gives the relay Lambda-shaped records: base64 binaries, empty maps as {"M":{}}', async () => {
    const streamId = `order#${randomUUID()}`;
    await new DynamoDBClient({}).send(
      new PutItemCommand({
        TableName: process.env.TABLE_EVENTS,
        Item: {
          streamId: { S: streamId },
          version: { N: '1' },
          type: { S: 'TestHappened' },
          meta: { M: {} },
          nested: { M: { empty: { M: {} }, list: { L: [] }, nothing: { NULL: true }, no: { BOOL: false } } },
          blob: { B: Buffer.from([1, 2, 3]) },
        },
      }),
    );
    const image = await until('the record', () => images.find((i) => (i.streamId as { S: string }).S === streamId));
    expect(image.meta).toEqual({ M: {} });
    expect(image.nested).toEqual({ M: { empty: { M: {} }, list: { L: [] }, nothing: { NULL: true }, no: { BOOL: false } } });
    expect(image.blob).toEqual({ B: 'AQID' });
  });

  it('holds the stream while asked to: appended events wait in it and are relayed, in order, once released', async () => {
    const streamId = `album#${randomUUID()}`;
    const release = cloud.holdStream();
    try {
      for (let v = 1; v <= 3; v++) await append(streamId, v, `held${v}`);
      await new Promise((resolve) => setTimeout(resolve, 400));
      expect(bodies(streamId)).toEqual([]);
    } finally {
      release();
    }
    await until('3 deliveries', () => bodies(streamId).length >= 3);
    expect(bodies(streamId).map((b) => b.version)).toEqual([1, 2, 3]);
  });

  it('retries the same records when the relay throws', async () => {
    const streamId = `user#${randomUUID()}`;
    failRelayOnce = true;
    await append(streamId, 1, 'a');
    await append(streamId, 2, 'b');
    await until('both deliveries', () => bodies(streamId).length >= 2);
    expect(failRelayOnce).toBe(false);
    expect(bodies(streamId).map((b) => b.version)).toEqual([1, 2]);
  });

  it('moves a poison message to the DLQ after maxReceiveCount while the rest of its batch is applied', async () => {
    const poison = `cart#${randomUUID()}`;
    const healthy = `cart#${randomUUID()}`;
    await append(poison, 1, 'poison');
    await append(healthy, 1, 'fine');
    await until('the healthy event', () => bodies(healthy).length >= 1);
    await until('3 tries of the poison event', () => bodies(poison).length >= 3, 20_000);
    const sqs = new SQSClient({});
    const dlqUrl = `${cloud.endpoints.sqs}/000000000000/toko-echo-dlq.fifo`;
    const dlq = await until('the DLQ message', async () => {
      const out = await sqs.send(new ReceiveMessageCommand({ QueueUrl: dlqUrl, MaxNumberOfMessages: 10, WaitTimeSeconds: 1 }));
      return out.Messages?.find((m) => JSON.parse(m.Body!).streamId === poison);
    });
    expect(JSON.parse(dlq.Body!).data).toBe('poison');
    expect(bodies(poison)).toHaveLength(3); // maxReceiveCount, then no more deliveries
    expect(bodies(healthy)).toHaveLength(1);
    sqs.destroy();
  });

  it('keeps append → consumer lag low at 50 events/s', async () => {
    const streams = Array.from({ length: 10 }, () => `plays#${randomUUID()}`);
    const sentAt = new Map<string, number>();
    const total = 100;
    for (let i = 0; i < total; i++) {
      const streamId = streams[i % streams.length];
      const version = Math.floor(i / streams.length) + 1;
      const t = Date.now();
      sentAt.set(`${streamId}#${version}`, t);
      await append(streamId, version, 'lag');
      await new Promise((r) => setTimeout(r, Math.max(0, 20 - (Date.now() - t))));
    }
    await until('all deliveries', () => streams.every((s) => bodies(s).length >= total / streams.length), 30_000);
    const lags = seen
      .filter((s) => sentAt.has(s.record.attributes.MessageDeduplicationId!))
      .map((s) => s.at - sentAt.get(s.record.attributes.MessageDeduplicationId!)!)
      .sort((a, b) => a - b);
    const p = (q: number) => lags[Math.min(lags.length - 1, Math.floor(q * lags.length))];
    console.log(
      `[local-cloud test] append → consumer lag over ${lags.length} events at 50/s: p50 ${p(0.5)}ms, p95 ${p(0.95)}ms, max ${lags[lags.length - 1]}ms`,
    );
    expect(lags).toHaveLength(total);
    expect(p(0.95)).toBeLessThan(1_000); // the 250 ms budget is the bench's to judge; this guards against a stalled loop
  });

  it('serves the SPA fallback, and a clear 503 page when the SPA is not built', async () => {
    const res = await fetch(`${cloud.url}/album/x`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('<div id="root">');
    expect((await fetch(`${cloud.url}/assets/missing.js`)).status).toBe(404);

    fs.renameSync(path.join(staticDir, 'index.html'), path.join(staticDir, 'index.off'));
    try {
      const unbuilt = await fetch(`${cloud.url}/album/x`);
      expect(unbuilt.status).toBe(503);
      expect(await unbuilt.text()).toContain('npm run build:web');
    } finally {
      fs.renameSync(path.join(staticDir, 'index.off'), path.join(staticDir, 'index.html'));
    }
  });

  it('keeps tables, bucket objects and the session secret across a restart, and re-relays the log', async () => {
    const streamId = `artist#${randomUUID()}`;
    await append(streamId, 1, 'before-restart');
    await until('the first delivery', () => bodies(streamId).length >= 1);
    const s3 = new S3Client({ forcePathStyle: true });
    const bytes = randomBytes(5_000);
    await s3.send(
      new PutObjectCommand({
        Bucket: process.env.MEDIA_BUCKET,
        Key: 'persist/x.bin',
        Body: bytes,
        ContentType: 'application/octet-stream',
      }),
    );
    s3.destroy();
    const secret = cloud.env.SESSION_SECRET;
    expect(secret).toHaveLength(48);

    await cloud.stop();
    cloud = await start();
    expect(cloud.env.SESSION_SECRET).toBe(secret);

    const media = await fetch(`${cloud.url}/media/persist/x.bin`, { headers: { range: 'bytes=0-99' } });
    expect(media.status).toBe(206);
    expect(Buffer.from(await media.arrayBuffer()).equals(bytes.subarray(0, 100))).toBe(true);

    const item = await new DynamoDBClient({}).send(
      new GetItemCommand({ TableName: process.env.TABLE_EVENTS, Key: { streamId: { S: streamId }, version: { N: '1' } } }),
    );
    expect(item.Item?.data).toEqual({ S: 'before-restart' });
    // SQS lived in memory; the poller starts from TRIM_HORIZON, so the event reaches the consumer again.
    await until('the replayed delivery', () => bodies(streamId).length >= 2);
  });
});
