/**
 * The local cloud: the process `npm start` runs and the fixture of the integration and browser
 * tests. On 127.0.0.1 it starts DynamoDB Local, fauxqs (SQS + S3) and aws-ses-v2-local, builds the
 * tables, queues and bucket from the manifests, points the AWS SDK at them through the standard
 * AWS_ENDPOINT_URL_<SERVICE> variables, and runs the Lambda handlers of functions/ unchanged behind
 * an HTTP gateway, a DynamoDB Stream poller and an SQS trigger.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { consumers as manifestConsumers, dlqName, queueName, type ConsumerSpec } from '../../functions/consumers.js';
import { contexts as manifestContexts, routes as manifestRoutes, type RouteSpec } from '../../functions/routes.js';
import { tables } from '../tables.js';
import { ensureTables, startDynamoDbLocal, type AwsClientConfig, type DynamoDbLocal } from './dynamodb-local.js';
import { moveCountersOutOfViews } from './upgrade-data.js';
import { ensureBucket, ensureQueues, startFauxqsLocal, type Fauxqs } from './fauxqs-local.js';
import { createGateway, type Gateway } from './gateway.js';
import {
  consumerModuleUrl,
  httpModuleUrl,
  lazyHandler,
  relativeName,
  relayModuleUrl,
  type HandlerOverrides,
  type HttpHandler,
  type QueueHandler,
  type StreamHandler,
} from './handlers.js';
import { startSqsTrigger, type SqsTrigger } from './sqs-trigger.js';
import { startStreamPoller, type StreamPoller } from './stream-poller.js';
import { startLocalStripe } from './stripe-sandbox/index.js';
import { errorMessage, lastPorts, freePort, makeLog, sleep } from './util.js';

export interface LocalCloudOptions {
  /** Port of the app (gateway). 0 picks a free one. */
  port: number;
  /** Where DynamoDB data (`dynamodb/`), bucket objects (`s3/`) and the session secret (`secret`) live. */
  dataDir: string;
  /** Run infra/seed/run.ts once everything is up, then wait for the projections. */
  seed?: boolean;
  /** No per-request and progress lines (errors are always printed). */
  quiet?: boolean;
  /** Generated media kept across runs; default `<dataDir>/media-cache`. */
  mediaCacheDir?: string;
  /** The built SPA; default `frontend/dist`. */
  staticDir?: string;
  /**
   * Keep DynamoDB in memory instead of `<dataDir>/dynamodb` (tables are then gone on stop). For
   * throwaway test data: DynamoDB Local writes 2–3× faster without its database file.
   */
  dynamoDbInMemory?: boolean;
  /** Visibility timeout of the consumer queues; short so failed messages are retried quickly. Default 2 s. */
  visibilityTimeoutSeconds?: number;
  /** Concurrent pollers per consumer queue. Default 2. */
  consumerConcurrency?: number;
  /** The first admin (ADMIN_EMAIL / ADMIN_PASSWORD); default admin@toko.local with a password kept in `<dataDir>/admin-password`. */
  admin?: { email: string; password: string };
  /** Test hooks: replace handlers or manifests. The production path leaves these unset. */
  handlers?: HandlerOverrides;
  routes?: RouteSpec[];
  consumers?: ConsumerSpec[];
}

export interface LocalCloud {
  /** The app, e.g. http://localhost:3000 (also APP_ORIGIN). */
  url: string;
  port: number;
  /** The local inbox (aws-ses-v2-local's web page; `GET <inboxUrl>/store` lists mail as JSON). */
  inboxUrl: string;
  /** The Stripe sandbox (its hosted checkout pages and admin endpoints under /sandbox/). */
  stripeUrl: string;
  /** The first admin's sign-in. */
  admin: { email: string; password: string };
  /** Every variable the cloud set in process.env for the handlers (endpoints, tables, queues, bucket, secret…). */
  env: Record<string, string>;
  endpoints: { dynamodb: string; sqs: string; s3: string; ses: string };
  /** Milliseconds spent in each start phase, and `total`. */
  timings: Record<string, number>;
  /** Waits until the stream poller has read everything and no consumer queue holds a message. */
  waitForIdle(timeoutMs?: number): Promise<boolean>;
  stats(): { relay: ReturnType<StreamPoller['stats']>; consumers: ReturnType<SqsTrigger['stats']> };
  /** Holds the stream poller (nothing is relayed or projected) until the returned function is called. */
  holdStream(): () => void;
  stop(): Promise<void>;
}

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
const REGION = 'us-east-1';
const CREDENTIALS = { accessKeyId: 'local', secretAccessKey: 'local' };
const NAMES = {
  tablePrefix: 'toko-',
  queuePrefix: 'toko-',
  bucket: 'toko-media',
};

export async function startLocalCloud(options: LocalCloudOptions): Promise<LocalCloud> {
  const t0 = performance.now();
  const timings: Record<string, number> = {};
  const mark = (phase: string, since: number) => (timings[phase] = Math.round(performance.now() - since));
  const log = makeLog(options.quiet ?? false);
  const dataDir = path.resolve(options.dataDir);
  fs.mkdirSync(dataDir, { recursive: true });
  const routes = options.routes ?? manifestRoutes;
  const consumers = options.consumers ?? manifestConsumers;
  const contexts = options.routes ? [...new Set(routes.map((r) => r.context))] : manifestContexts;
  const staticDir = path.resolve(options.staticDir ?? path.join(repoRoot, 'frontend/dist'));
  const mediaCacheDir = path.resolve(options.mediaCacheDir ?? path.join(dataDir, 'media-cache'));
  const visibility = options.visibilityTimeoutSeconds ?? 2;

  const cleanups: (() => Promise<void>)[] = [];
  const savedEnv = new Map<string, string | undefined>();
  const cleanup = async () => {
    for (const fn of cleanups.reverse()) {
      try {
        await fn();
      } catch (err) {
        log.error('stopping the local cloud', err);
      }
    }
    cleanups.length = 0;
    for (const [k, v] of savedEnv) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
    savedEnv.clear();
  };

  try {
    // 1. Emulators, in parallel (DynamoDB Local's JVM dominates the cold start).
    let phase = performance.now();
    const [dynamoResult, fauxqsResult, sesResult] = await Promise.allSettled([
      startDynamoDbLocal({
        dbPath: options.dynamoDbInMemory ? null : path.join(dataDir, 'dynamodb'),
        region: REGION,
        credentials: CREDENTIALS,
      }).then((d) => (mark('dynamodb', phase), d)),
      startFauxqsLocal({ s3Dir: path.join(dataDir, 's3') }).then((f) => (mark('fauxqs', phase), f)),
      startSes().then((s) => (mark('ses', phase), s)),
    ]);
    // Whatever started is stopped on failure, even when a sibling failed first.
    for (const r of [dynamoResult, fauxqsResult, sesResult]) if (r.status === 'fulfilled') cleanups.push(() => r.value.stop());
    for (const r of [dynamoResult, fauxqsResult, sesResult]) if (r.status === 'rejected') throw r.reason;
    const dynamo = (dynamoResult as PromiseFulfilledResult<DynamoDbLocal>).value;
    const fauxqs = (fauxqsResult as PromiseFulfilledResult<Fauxqs>).value;
    const ses = (sesResult as PromiseFulfilledResult<Awaited<ReturnType<typeof startSes>>>).value;

    // 2. The gateway's port first: APP_ORIGIN depends on it.
    const gatewayServers: http.Server[] = [];
    const dynamoConfig: AwsClientConfig = { endpoint: dynamo.endpoint, region: REGION, credentials: CREDENTIALS };
    const fauxqsConfig: AwsClientConfig = { endpoint: fauxqs.endpoint, region: REGION, credentials: CREDENTIALS };
    const tableName = (name: string) => `${NAMES.tablePrefix}${name}`;
    const httpLoaders = new Map<string, () => Promise<HttpHandler>>();
    const httpLoader = (context: string) => {
      let load = httpLoaders.get(context);
      if (!load) {
        load = lazyHandler<HttpHandler>(httpModuleUrl(context), options.handlers?.http?.[context]);
        httpLoaders.set(context, load);
      }
      return load;
    };
    let ready = false;
    const gateway: Gateway = createGateway({
      isReady: () => ready,
      routes,
      loadHttpHandler: httpLoader,
      s3Config: fauxqsConfig,
      bucket: NAMES.bucket,
      staticDir,
      region: REGION,
      log,
      quiet: options.quiet ?? false,
    });
    const gw = gateway;
    cleanups.push(async () => {
      await Promise.all(
        gatewayServers.slice(1).map(
          (s) =>
            new Promise<void>((resolve) => {
              s.close(() => resolve());
              s.closeAllConnections();
            }),
        ),
      );
      await gw.close();
    });
    let port: number;
    if (options.port === 0 && lastPorts.gateway) {
      port = await listen(gateway.server, lastPorts.gateway, '127.0.0.1').catch(() => listen(gateway.server, 0, '127.0.0.1'));
    } else {
      port = await listen(gateway.server, options.port, '127.0.0.1');
    }
    lastPorts.gateway = port;
    gatewayServers.push(gateway.server);
    // Also on ::1, for clients that resolve localhost to IPv6 first (best effort).
    const v6 = http.createServer((req, res) => void gw.handle(req, res));
    await listen(v6, port, '::1').then(
      () => gatewayServers.push(v6),
      () => undefined,
    );
    const url = `http://localhost:${port}`;

    // The Stripe sandbox stands in for Stripe's API and hosted checkout; its Pay button sends signed webhooks.
    const stripe = await startLocalStripe({ appUrl: url, dataDir, log: (line) => log.info(`stripe: ${line}`) });
    cleanups.push(() => stripe.sandbox.stop());
    const admin = options.admin ?? {
      email: 'admin@toko.local',
      password: persistedSecret(dataDir, 'admin-password', () => randomBytes(12).toString('base64url')),
    };

    // 3. The environment the handlers read (functions/lib/env.ts and the SDK's endpoint variables).
    const env: Record<string, string> = {
      AWS_REGION: REGION,
      AWS_DEFAULT_REGION: REGION,
      AWS_ACCESS_KEY_ID: CREDENTIALS.accessKeyId,
      AWS_SECRET_ACCESS_KEY: CREDENTIALS.secretAccessKey,
      AWS_EC2_METADATA_DISABLED: 'true',
      AWS_ENDPOINT_URL_DYNAMODB: dynamo.endpoint,
      AWS_ENDPOINT_URL_DYNAMODB_STREAMS: dynamo.endpoint,
      AWS_ENDPOINT_URL_SQS: fauxqs.endpoint,
      AWS_ENDPOINT_URL_S3: fauxqs.endpoint,
      AWS_ENDPOINT_URL_SESV2: ses.endpoint,
      S3_FORCE_PATH_STYLE: 'true',
      TABLE_EVENTS: tableName('events'),
      TABLE_VIEWS: tableName('views'),
      TABLE_COUNTERS: tableName('counters'),
      TABLE_EPHEMERAL: tableName('ephemeral'),
      MEDIA_BUCKET: NAMES.bucket,
      QUEUE_PREFIX: NAMES.queuePrefix,
      SESSION_SECRET: sessionSecret(dataDir),
      APP_ORIGIN: url,
      BUILD_TIME: buildTime(staticDir),
      // Every local request comes from 127.0.0.1, so the per-IP sign-in limit would count the whole test suite as one person.
      SIGNIN_LIMIT_PER_IP: '1000',
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
      ...stripe.env,
    };
    for (const [k, v] of Object.entries(env)) {
      if (!savedEnv.has(k)) savedEnv.set(k, process.env[k]);
      process.env[k] = v;
    }
    for (const k of ['AWS_SESSION_TOKEN', 'AWS_PROFILE', 'AWS_ENDPOINT_URL', 'AWS_IGNORE_CONFIGURED_ENDPOINT_URLS']) {
      if (!savedEnv.has(k)) savedEnv.set(k, process.env[k]);
      delete process.env[k];
    }
    await resetHandlersEnvCache();

    // 4. Tables, queues and the bucket, from the manifests.
    phase = performance.now();
    const [described, queues] = await Promise.all([
      ensureTables(dynamoConfig, tables, (def) => tableName(def.name)),
      ensureQueues(
        fauxqsConfig,
        consumers.map((c) => ({
          name: queueName(NAMES.queuePrefix, c),
          dlqName: dlqName(NAMES.queuePrefix, c),
          maxReceiveCount: c.maxReceiveCount,
          // Short locally so failed messages retry quickly, except for consumers whose work outlasts it
          // (building album ZIPs): there a short timeout would hand the message to a second worker mid-job.
          visibilityTimeoutSeconds:
            c.visibilityTimeoutSeconds > 30 ? c.visibilityTimeoutSeconds : Math.min(visibility, c.visibilityTimeoutSeconds),
        })),
      ),
      ensureBucket(fauxqsConfig, NAMES.bucket),
    ]);
    const moved = await moveCountersOutOfViews(dynamoConfig, {
      views: tableName('views'),
      counters: tableName('counters'),
      ephemeral: tableName('ephemeral'),
    });
    if (moved) log.info(`moved ${moved} checkpoints and counters from the views table to the counters table`);
    mark('resources', phase);
    const streamArn = described.get('events')?.LatestStreamArn;
    if (!streamArn) throw new Error('the events table has no stream');

    // 5. Stream poller → relay, SQS trigger → consumers.
    const poller = startStreamPoller({
      config: dynamoConfig,
      streamArn,
      loadHandler: lazyHandler<StreamHandler>(relayModuleUrl(), options.handlers?.relay),
      handlerName: 'toko-relay',
      log,
    });
    cleanups.push(() => poller.stop());
    const consumerLoaders = consumers.map((c) =>
      lazyHandler<QueueHandler>(consumerModuleUrl(c.module), options.handlers?.consumers?.[c.name]),
    );
    const trigger = startSqsTrigger({
      queues: fauxqs.queues,
      region: REGION,
      log,
      concurrency: options.consumerConcurrency ?? 2,
      targets: consumers.map((c, i) => ({
        consumer: c.name,
        queueUrl: queues[i].url,
        queueArn: queues[i].arn,
        batchSize: c.batchSize,
        loadHandler: consumerLoaders[i],
      })),
    });
    cleanups.push(() => trigger.stop());

    // 6. Load every handler now (a Lambda cold start each), so the first request is not the slow one.
    phase = performance.now();
    const preloads: [string, () => Promise<unknown>][] = [
      ...contexts
        .filter((c) => !options.handlers?.http?.[c])
        .map((c) => [relativeName(httpModuleUrl(c)), httpLoader(c)] as [string, () => Promise<unknown>]),
      ...(options.handlers?.relay
        ? []
        : [[relativeName(relayModuleUrl()), lazyHandler(relayModuleUrl())] as [string, () => Promise<unknown>]]),
      ...consumers
        .map((c, i) => [c, consumerLoaders[i]] as const)
        .filter(([c]) => !options.handlers?.consumers?.[c.name])
        .map(([c, load]) => [relativeName(consumerModuleUrl(c.module)), load] as [string, () => Promise<unknown>]),
    ];
    const missing: string[] = [];
    await Promise.all(
      preloads.map(([name, load]) =>
        load().catch((err) => {
          missing.push(name);
          log.error(`cannot load ${name} yet (it is retried on use): ${errorMessage(err)}`);
        }),
      ),
    );
    mark('handlers', phase);

    // The gateway's compression of the SPA, started once the cloud is ready: background work, like the queues.
    let warming: Promise<unknown> = Promise.resolve();
    const waitForIdle = async (timeoutMs = 30_000) => {
      const deadline = Date.now() + timeoutMs;
      const stopWaiting = new AbortController();
      const warmed = await Promise.race([warming.then(() => true), sleep(timeoutMs, stopWaiting.signal).then(() => false)]);
      stopWaiting.abort();
      if (!warmed) return false;
      let streak = 0;
      while (Date.now() < deadline) {
        const caught = await poller.caughtUp(Math.max(1, deadline - Date.now()));
        const idle = caught && (await trigger.idle().catch(() => false));
        streak = idle ? streak + 1 : 0;
        if (streak >= 2) return true;
        await sleep(idle ? 10 : 25);
      }
      return false;
    };

    // 7. The seed (idempotent) and the first admin, then the projections catch up before anyone looks.
    if (options.seed) {
      phase = performance.now();
      await runSeed(mediaCacheDir, log);
      mark('seed', phase);
    }
    const { ensureFirstAdmin } = await import('../../functions/lib/first-admin.js');
    await ensureFirstAdmin();
    phase = performance.now();
    if (!(await waitForIdle(options.seed ? 120_000 : 15_000))) {
      log.error('the projections have not caught up yet (is a consumer failing or missing?); starting anyway');
    }
    mark('catch-up', phase);
    ready = true;
    warming = gateway.warm().catch(() => undefined);
    timings.total = Math.round(performance.now() - t0);

    let stopping: Promise<void> | undefined;
    return {
      url,
      port,
      inboxUrl: ses.endpoint,
      stripeUrl: stripe.sandbox.url,
      admin,
      env,
      endpoints: { dynamodb: dynamo.endpoint, sqs: fauxqs.endpoint, s3: fauxqs.endpoint, ses: ses.endpoint },
      timings,
      waitForIdle,
      stats: () => ({ relay: poller.stats(), consumers: trigger.stats() }),
      holdStream: () => poller.hold(),
      stop: () => (stopping ??= cleanup()),
    };
  } catch (err) {
    await cleanup();
    throw err;
  }
}

function listen(server: http.Server, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const onError = (err: NodeJS.ErrnoException) => {
      server.off('listening', onListening);
      if (err.code === 'EADDRINUSE' && host === '127.0.0.1')
        reject(new Error(`Port ${port} is already in use; set PORT to another port (e.g. PORT=3001 npm start).`));
      else reject(err);
    };
    const onListening = () => {
      server.off('error', onError);
      const address = server.address();
      resolve(typeof address === 'object' && address ? address.port : port);
    };
    server.once('error', onError);
    server.once('listening', onListening);
    server.listen(port, host);
  });
}

async function startSes(): Promise<{ endpoint: string; stop(): Promise<void> }> {
  const mod = (await import('aws-ses-v2-local')) as unknown as { default: unknown };
  type Start = (config?: { host?: string; port?: number }) => Promise<http.Server>;
  const start = ((mod.default as { default?: Start }).default ?? mod.default) as Start;
  // aws-ses-v2-local never rejects on a listen error, so only a port just seen free is passed.
  const server = await start({ host: '127.0.0.1', port: await freePort(lastPorts.ses) });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  lastPorts.ses = port;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** 48 random characters made once per data directory, so sessions survive a restart. */
/** A secret generated on first start and kept in `<dataDir>/<name>`, so it survives a restart. */
function persistedSecret(dataDir: string, name: string, make: () => string): string {
  const file = path.join(dataDir, name);
  try {
    const existing = fs.readFileSync(file, 'utf8').trim();
    if (existing) return existing;
  } catch {
    // first start
  }
  const secret = make();
  fs.writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

function sessionSecret(dataDir: string): string {
  const file = path.join(dataDir, 'secret');
  try {
    const existing = fs.readFileSync(file, 'utf8').trim();
    if (existing.length >= 32) return existing;
  } catch {
    // first start
  }
  const secret = randomBytes(36).toString('base64url');
  fs.writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

function buildTime(staticDir: string): string {
  try {
    return fs.statSync(path.join(staticDir, 'index.html')).mtime.toISOString();
  } catch {
    return new Date().toISOString();
  }
}

/** functions/lib/env.ts caches what it parsed; the cloud sets the variables after it may have loaded. */
async function resetHandlersEnvCache() {
  try {
    const mod = (await import('../../functions/lib/env.js')) as { resetEnvCache?: () => void };
    mod.resetEnvCache?.();
  } catch {
    // not written yet
  }
}

async function runSeed(mediaCacheDir: string, log: ReturnType<typeof makeLog>) {
  const seedUrl = new URL('../seed/run.ts', import.meta.url);
  if (!fs.existsSync(fileURLToPath(seedUrl))) {
    log.error('infra/seed/run.ts does not exist yet: starting without the seeded catalogue');
    return;
  }
  fs.mkdirSync(mediaCacheDir, { recursive: true });
  const mod = (await import(seedUrl.href)) as { seed?: (opts: { mediaCacheDir: string }) => Promise<void> };
  if (typeof mod.seed !== 'function') throw new Error('infra/seed/run.ts does not export seed()');
  await mod.seed({ mediaCacheDir });
}
