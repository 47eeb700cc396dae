/**
 * The local cloud: the process `npm start` runs and the fixture of the integration and browser
 * tests. On 127.0.0.1 it starts DynamoDB Local, fauxqs (SQS + S3) and aws-ses-v2-local, builds the
 * tables, queues and bucket from the manifests, points the AWS SDK at them through the standard
 * AWS_ENDPOINT_URL_<SERVICE> variables, and runs the Lambda handlers of functions/ unchanged behind
 * an HTTP gateway, a DynamoDB Stream poller and an SQS trigger.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { consumers as manifestConsumers, type ConsumerSpec } from '../../functions/consumers.js';
import { isFramablePath, ORIGIN_HEADER } from '../../functions/platform/edge-headers.js';
import { schedules } from '../../functions/schedules.js';
import { startScheduler } from './scheduler.js';
import { contexts as manifestContexts, routes as manifestRoutes, type RouteSpec } from '../../functions/routes.js';
import { REGION, startEmulators } from './emulators.js';
import { applyHandlerEnvironment, firstAdmin, handlerEnvironment } from './environment.js';
import { startEventFlow } from './event-flow.js';
import { startFaults, type Faults } from './fault-proxy.js';
import { serveGateway } from './gateway-server.js';
import { handlerLoaders, type HandlerOverrides } from './handlers.js';
import { createResources, NAMES } from './resources.js';
import { closeFinishedDays, ensureFirstAdmin, runSeed } from './seed.js';
import { preparePageRenderer, publishTemplate, renderEveryPage } from './site-pages.js';
import { createShutdown } from './shutdown.js';
import type { SqsTrigger } from './sqs-trigger.js';
import type { StreamPoller } from './stream-poller.js';
import { startLocalShopify } from './shopify-sandbox/index.js';
import { startLocalStripe } from './stripe-sandbox/index.js';
import { doorbell, makeLog, sleep } from './util.js';
import { securityHeaders, securityHeaderSourcesFromEnv } from '../security-headers.js';

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
  /**
   * Tests only: the handlers reach DynamoDB, SQS, SES and the Stripe API, and Stripe's webhooks reach the app, through
   * fault proxies (infra/local/fault-proxy.ts), all at rate 0 until a test sets `LocalCloud.faults`. The cloud's own
   * machinery (resources, stream poller, SQS trigger) talks to the emulators directly, as AWS's own services do.
   * A seed makes the faults the same on every run for the same requests. `npm start` leaves this off.
   */
  faults?: true | { seed?: number; holdMs?: number };
  /**
   * Tests only: settings of the handlers (functions/platform/env.ts) over the cloud's own, e.g. a daily play ceiling a test
   * can reach (PLAYS_PER_LISTENER_DAY). `npm start` leaves this unset.
   */
  settings?: Record<string, string>;
  /**
   * Tests only: scheduled jobs run every this many seconds instead of at their rate, e.g. the rebuilds job, so a test
   * of a rebuild does not wait for the minute to turn. `npm start` leaves this unset.
   */
  scheduleSeconds?: Readonly<Record<string, number>>;
  /** Test hooks: replace handlers or manifests. The production path leaves these unset. */
  handlers?: HandlerOverrides;
  routes?: RouteSpec[];
  consumers?: ConsumerSpec[];
}

export interface LocalCloud {
  /** The app, e.g. http://localhost:3000 (also APP_ORIGIN). */
  url: string;
  port: number;
  /** The local inbox (aws-ses-v2-local's web page; `GET <inboxUrl>/store` lists its newest mails as JSON: INBOX_MAILS). */
  inboxUrl: string;
  /** The Stripe sandbox (its hosted checkout pages and admin endpoints under /sandbox/). */
  stripeUrl: string;
  /** The Shopify sandbox (Storefront GraphQL, checkout pages, admin endpoints under /sandbox/). */
  shopifyUrl: string;
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
  /** The fault proxies, when started with `faults`. */
  faults?: Faults;
  /** Holds the stream poller (nothing is relayed or projected) until the returned function is called. */
  holdStream(): () => void;
  stop(): Promise<void>;
}

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

/** Starts each part in turn (each later part reads what the earlier ones made); a failure stops what had started. */
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
  const shutdown = createShutdown(log);

  try {
    // 1. Emulators.
    const emulators = await startEmulators({ dataDir, dynamoDbInMemory: options.dynamoDbInMemory ?? false, started: mark, shutdown });
    const { dynamoConfig, fauxqsConfig } = emulators;

    // 2. The gateway's port first: APP_ORIGIN depends on it. It answers 503 until the cloud is ready.
    const handlers = handlerLoaders(consumers, options.handlers);
    shutdown.add(() => handlers.stop());
    let ready = false;
    // Stripe's and the app's own until the settings exist; then also the media bucket's and the Stripe sandbox's origins.
    let sources = securityHeaderSourcesFromEnv({});
    const headersOf = (framable: boolean) => securityHeaders(sources, { framable });
    let headers = { page: headersOf(false), framable: headersOf(true) };
    // What CloudFront adds to each API request: the origin secret, once the settings exist.
    let originHeaders: Record<string, string> = {};
    // Rung by whatever may have appended an event, so the stream poller reads it at once (it sleeps while idle).
    const appended = doorbell();
    const { gateway, port, url } = await serveGateway({
      port: options.port,
      shutdown,
      isReady: () => ready,
      securityHeaders: (pathname) => (isFramablePath(pathname) ? headers.framable : headers.page),
      originHeaders: () => originHeaders,
      routes,
      loadHttpHandler: handlers.http,
      s3Config: fauxqsConfig,
      bucket: NAMES.bucket,
      siteBucket: NAMES.siteBucket,
      staticDir,
      region: REGION,
      log,
      quiet: options.quiet ?? false,
      handled: appended.ring,
    });

    // Tests only: the fault proxies between the handlers and the services (the Stripe sandbox's URL is known below).
    let stripeSandboxUrl = '';
    let faults: Faults | undefined;
    if (options.faults) {
      const { seed, holdMs } = options.faults === true ? {} : options.faults;
      const { dynamo, fauxqs, ses } = emulators;
      const proxies = await startFaults({
        upstreams: { dynamodb: dynamo.endpoint, sqs: fauxqs.endpoint, ses: ses.endpoint, stripe: () => stripeSandboxUrl, webhook: url },
        seed,
        holdMs,
      });
      shutdown.add(() => proxies.stop());
      faults = proxies;
    }

    // The Stripe sandbox stands in for Stripe's API and hosted checkout; its Pay button sends signed webhooks.
    const stripe = await startLocalStripe({
      appUrl: url,
      webhookOrigin: faults?.proxies.webhook.url,
      dataDir,
      log: (line) => log.info(`stripe: ${line}`),
    });
    stripeSandboxUrl = stripe.sandbox.url;
    shutdown.add(() => stripe.sandbox.stop());
    // The Shopify sandbox stands in for the merch shop's Storefront API and checkout; its Pay button sends a signed order webhook.
    const shopify = await startLocalShopify({ appUrl: url, dataDir, log: (line) => log.info(`shopify: ${line}`) });
    shutdown.add(() => shopify.sandbox.stop());
    const admin = firstAdmin(dataDir, options.admin);

    // 3. The environment the handlers read.
    let phase = performance.now();
    const pageRenderer = preparePageRenderer(dataDir);
    mark('page-renderer', phase);
    const env = {
      ...handlerEnvironment({
        emulators,
        url,
        dataDir,
        staticDir,
        admin,
        stripe: faults ? { ...stripe.env, STRIPE_API_PORT: String(faults.proxies.stripe.port) } : stripe.env,
        shopify: shopify.env,
        pageRenderer,
        proxied: faults && { dynamodb: faults.proxies.dynamodb.url, sqs: faults.proxies.sqs.url, ses: faults.proxies.ses.url },
      }),
      ...options.settings,
    };
    await applyHandlerEnvironment(env, shutdown);
    sources = securityHeaderSourcesFromEnv(env);
    headers = { page: headersOf(false), framable: headersOf(true) };
    originHeaders = { [ORIGIN_HEADER]: env.ORIGIN_SECRET };

    // 4. Tables, queues and the buckets, from the manifests; the pre-rendered pages' template.
    phase = performance.now();
    const { streamArn, queues } = await createResources({
      dynamoConfig,
      fauxqsConfig,
      consumers,
      visibilityTimeoutSeconds: options.visibilityTimeoutSeconds ?? 2,
      personalDataSecret: env.PERSONAL_DATA_SECRET,
      log,
    });
    const siteBuilt = await publishTemplate(fauxqsConfig, staticDir);
    mark('resources', phase);

    // 5. Stream poller → relay, SQS trigger → consumers.
    const flow = startEventFlow({
      dynamoConfig,
      streamArn,
      queueAccess: emulators.fauxqs.queues,
      region: REGION,
      consumers,
      queues,
      loadRelay: handlers.relay,
      loadConsumers: handlers.consumers,
      concurrency: options.consumerConcurrency ?? 2,
      log,
      shutdown,
      appended,
    });

    // 6. Load every handler now (a Lambda cold start each), so the first request is not the slow one.
    phase = performance.now();
    await handlers.preload(contexts, log);
    mark('handlers', phase);

    // The gateway's compression of the SPA, started once the cloud is ready: background work, like the queues.
    let warming: Promise<unknown> = Promise.resolve();
    const waitForIdle = async (timeoutMs = 30_000) => {
      const deadline = Date.now() + timeoutMs;
      const stopWaiting = new AbortController();
      const warmed = await Promise.race([warming.then(() => true), sleep(timeoutMs, stopWaiting.signal).then(() => false)]);
      stopWaiting.abort();
      return warmed && flow.settled(deadline);
    };

    // 7. The seed (idempotent) and the first admin, then the projections catch up before anyone looks.
    if (options.seed) {
      phase = performance.now();
      await runSeed(mediaCacheDir, log);
      mark('seed', phase);
    }
    await ensureFirstAdmin();
    phase = performance.now();
    if (!(await waitForIdle(options.seed ? 120_000 : 15_000))) {
      log.error('the projections have not caught up yet (is a consumer failing or missing?); starting anyway');
    }
    mark('catch-up', phase);
    if (siteBuilt) {
      phase = performance.now();
      await renderEveryPage(log);
      mark('pre-render', phase);
    }
    // The seed's finished days closed in the background (a dashboard read meanwhile adds their shards up); a stop waits for it.
    if (options.seed) {
      const closing = closeFinishedDays().catch((error: unknown) => log.error('closing the finished days of the dashboard', error));
      shutdown.add(async () => void (await closing));
    }
    // 8. The timer of the scheduled jobs (EventBridge rules in AWS).
    startScheduler({ schedules, log, shutdown, everySeconds: options.scheduleSeconds, handled: appended.ring });
    ready = true;
    stripe.sandbox.resumeWebhooks();
    warming = gateway.warm().catch(() => undefined);
    timings.total = Math.round(performance.now() - t0);

    let stopping: Promise<void> | undefined;
    const { dynamo, fauxqs, ses } = emulators;
    return {
      url,
      port,
      inboxUrl: ses.endpoint,
      stripeUrl: stripe.sandbox.url,
      shopifyUrl: shopify.sandbox.url,
      admin,
      env,
      endpoints: { dynamodb: dynamo.endpoint, sqs: fauxqs.endpoint, s3: fauxqs.endpoint, ses: ses.endpoint },
      timings,
      faults,
      waitForIdle,
      stats: () => ({ relay: flow.poller.stats(), consumers: flow.trigger.stats() }),
      holdStream: () => flow.poller.hold(),
      stop: () => (stopping ??= shutdown.run()),
    };
  } catch (err) {
    await shutdown.run();
    throw err;
  }
}
