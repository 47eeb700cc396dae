/**
 * A fault proxy for the tests: a node:http proxy in front of one upstream (DynamoDB Local, fauxqs, the SES stand-in, the
 * Stripe sandbox) that answers a chosen share of requests with the service's own throttling error, a 5xx, a held answer
 * (longer than the client waits) or a dropped connection. The handlers reach it through the same endpoint variables a
 * deployment sets, so runtime code has no branch for it. Rates change at run time, from the object a test holds or from
 * `POST /__faults` (JSON rates) on the proxy itself; `GET /__faults` answers the rates and counts. Seeded, the sequence
 * of faults is the same on every run for the same sequence of requests.
 */
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { seededRandom as seededSource } from '../seed/media/random.js';

/** The wire format of the faults: an AWS service's, Stripe's, or our own API's (`app`, as Stripe's webhooks reach it). */
export type FaultService = 'dynamodb' | 'sqs' | 'ses' | 'stripe' | 'app';

/**
 * What the proxy does to a request, each a rate from 0 to 1 (their sum at most 1):
 * - `throttle`: the service's own throttling answer;
 * - `error`: a 5xx in the service's wire format;
 * - `timeout`: holds the request without an answer for `holdMs` (longer than the client waits), then drops it;
 * - `drop`: destroys the connection at once;
 * - `lost`: forwards the request (the upstream applies it), then drops the connection instead of answering.
 * All but `lost` are injected before the upstream sees the request.
 */
export const FAULT_KINDS = ['throttle', 'error', 'timeout', 'drop', 'lost'] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];
export type FaultRates = Partial<Record<FaultKind, number>>;

export interface FaultStats {
  requests: number;
  injected: Record<FaultKind, number>;
}

export interface FaultProxyOptions {
  service: FaultService;
  /** e.g. http://127.0.0.1:8000; a function when it is known only once the proxy's own URL has been handed out. */
  upstream: string | (() => string);
  /** 0 picks a free port. */
  port?: number;
  rates?: FaultRates;
  /** Seeds the draws; unset, Math.random decides. */
  seed?: number;
  /** How long a `timeout` holds the request before it drops it. Default 30 s (every client here gives up sooner). */
  holdMs?: number;
  /** Only requests it accepts may get a fault (e.g. one path); default all. */
  applies?: (method: string, path: string) => boolean;
}

export interface FaultProxy {
  service: FaultService;
  url: string;
  port: number;
  /** Replaces the rates (missing kinds are 0). */
  set(rates: FaultRates): void;
  rates(): FaultRates;
  stats(): FaultStats;
  stop(): Promise<void>;
}

/** Draws in [0, 1), the same for the same seed (the seed media's mulberry32). */
export const seededRandom = (seed: number): (() => number) => seededSource(String(seed)).next;

export function checkRates(rates: FaultRates): FaultRates {
  let sum = 0;
  for (const [kind, rate] of Object.entries(rates)) {
    if (!(FAULT_KINDS as readonly string[]).includes(kind)) throw new Error(`unknown fault kind ${kind}`);
    if (typeof rate !== 'number' || !(rate >= 0 && rate <= 1)) throw new Error(`the rate of ${kind} must be a number from 0 to 1`);
    sum += rate;
  }
  if (sum > 1 + 1e-9) throw new Error(`the fault rates add up to ${sum}, more than 1`);
  return { ...rates };
}

/** Picks the fault for one draw in [0, 1): the kinds take consecutive shares of the interval, in FAULT_KINDS' order. */
export function pickFault(rates: FaultRates, draw: number): FaultKind | null {
  let edge = 0;
  for (const kind of FAULT_KINDS) {
    edge += rates[kind] ?? 0;
    if (draw < edge) return kind;
  }
  return null;
}

interface Answer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

const amzJson = (status: number, type: string, message: string, extra: Record<string, string> = {}): Answer => ({
  status,
  headers: { 'content-type': 'application/x-amz-json-1.0', 'x-amzn-errortype': type, ...extra },
  body: JSON.stringify({ __type: type, message }),
});

/** The service's own answer for an injected throttle or 5xx; `variant` picks between the service's throttling errors. */
export function faultAnswer(service: FaultService, kind: 'throttle' | 'error', variant: number): Answer {
  switch (service) {
    case 'dynamodb':
      // The SDK reads the code after the `#` of __type (or x-amzn-ErrorType) and retries both throttles with backoff.
      return kind === 'throttle'
        ? variant < 0.5
          ? amzJson(400, 'com.amazonaws.dynamodb.v20120810#ThrottlingException', 'Rate of requests exceeds the allowed throughput.')
          : amzJson(
              400,
              'com.amazonaws.dynamodb.v20120810#ProvisionedThroughputExceededException',
              'The level of configured provisioned throughput for the table was exceeded.',
            )
        : amzJson(500, 'com.amazonaws.dynamodb.v20120810#InternalServerError', 'Internal server error');
    case 'sqs':
      // The SQS client (SDK v3) speaks the AWS JSON 1.0 protocol to fauxqs; SQS's throttle is RequestThrottled, with
      // its query-protocol code in x-amzn-query-error as SQS sends it.
      return kind === 'throttle'
        ? amzJson(400, 'com.amazonaws.sqs#RequestThrottled', 'Request is throttled.', {
            'x-amzn-query-error': 'RequestThrottled;Sender',
          })
        : amzJson(500, 'com.amazonaws.sqs#InternalError', 'We encountered an internal error. Please try again.', {
            'x-amzn-query-error': 'InternalError;Receiver',
          });
    case 'ses':
      // SES v2 is REST JSON: the code comes from x-amzn-ErrorType.
      return kind === 'throttle'
        ? {
            status: 429,
            headers: { 'content-type': 'application/json', 'x-amzn-errortype': 'TooManyRequestsException' },
            body: JSON.stringify({ message: 'Too many requests.' }),
          }
        : {
            status: 503,
            headers: { 'content-type': 'application/json', 'x-amzn-errortype': 'ServiceUnavailable' },
            body: JSON.stringify({ message: 'Service unavailable.' }),
          };
    case 'stripe':
      // The stripe SDK retries a 429 only when told (Stripe-Should-Retry), and any 5xx.
      return kind === 'throttle'
        ? {
            status: 429,
            headers: { 'content-type': 'application/json', 'stripe-should-retry': 'true' },
            body: JSON.stringify({
              error: { type: 'rate_limit_error', code: 'rate_limit', message: 'Too many requests hit the API too quickly.' },
            }),
          }
        : {
            status: 500,
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ error: { type: 'api_error', message: 'An unknown error occurred.' } }),
          };
    case 'app':
      // What API Gateway answers when it is throttled, and what an unhandled failure of a handler gives.
      return kind === 'throttle'
        ? {
            status: 503,
            headers: { 'content-type': 'application/json', 'retry-after': '2' },
            body: JSON.stringify({ message: 'Service Unavailable' }),
          }
        : {
            status: 500,
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ error: 'internal', message: 'Something went wrong on our side.' }),
          };
  }
}

/** The proxies of a local cloud started with `faults` (infra/local/cloud.ts): each service the handlers call, and our webhook as Stripe calls it. */
export const FAULT_TARGETS = ['dynamodb', 'sqs', 'ses', 'stripe', 'webhook'] as const;
export type FaultTarget = (typeof FAULT_TARGETS)[number];

export interface Faults {
  proxies: Record<FaultTarget, FaultProxy>;
  /** Sets one target's rates (the others keep theirs). */
  set(target: FaultTarget, rates: FaultRates): void;
  /** Every rate back to 0. */
  clear(): void;
  stats(): Record<FaultTarget, FaultStats>;
  stop(): Promise<void>;
}

export interface FaultsOptions {
  upstreams: Record<FaultTarget, string | (() => string)>;
  /** Each proxy draws from its own generator, seeded from this one. */
  seed?: number;
  holdMs?: number;
}

/** Starts one proxy per target, all with rates 0: a cloud starts and seeds as usual, and a test turns faults on. */
export async function startFaults({ upstreams, seed, holdMs }: FaultsOptions): Promise<Faults> {
  const service: Record<FaultTarget, FaultService> = { dynamodb: 'dynamodb', sqs: 'sqs', ses: 'ses', stripe: 'stripe', webhook: 'app' };
  const started: FaultProxy[] = [];
  try {
    for (const [i, target] of FAULT_TARGETS.entries()) {
      started.push(
        await startFaultProxy({
          service: service[target],
          upstream: upstreams[target],
          seed: seed === undefined ? undefined : seed + i,
          holdMs,
        }),
      );
    }
  } catch (err) {
    await Promise.all(started.map((p) => p.stop()));
    throw err;
  }
  const proxies = Object.fromEntries(FAULT_TARGETS.map((t, i) => [t, started[i]])) as Record<FaultTarget, FaultProxy>;
  return {
    proxies,
    set: (target, rates) => proxies[target].set(rates),
    clear: () => started.forEach((p) => p.set({})),
    stats: () => Object.fromEntries(FAULT_TARGETS.map((t) => [t, proxies[t].stats()])) as Record<FaultTarget, FaultStats>,
    stop: async () => void (await Promise.all(started.map((p) => p.stop()))),
  };
}

const CONTROL_PATH = '/__faults';

export async function startFaultProxy(options: FaultProxyOptions): Promise<FaultProxy> {
  const upstreamOf = () => new URL(typeof options.upstream === 'string' ? options.upstream : options.upstream());
  const random = options.seed === undefined ? Math.random : seededRandom(options.seed);
  const holdMs = options.holdMs ?? 30_000;
  let rates = checkRates(options.rates ?? {});
  const counts: FaultStats = { requests: 0, injected: { throttle: 0, error: 0, timeout: 0, drop: 0, lost: 0 } };
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  const sockets = new Set<Socket>();
  const held = new Set<NodeJS.Timeout>();

  const control = (req: http.IncomingMessage, res: http.ServerResponse, body: Buffer) => {
    try {
      if (req.method === 'POST') rates = checkRates(JSON.parse(body.toString('utf8') || '{}') as FaultRates);
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ service: options.service, rates, ...counts }));
    } catch (err) {
      res.writeHead(400, { 'content-type': 'application/json' }).end(JSON.stringify({ error: (err as Error).message }));
    }
  };

  const forward = (req: http.IncomingMessage, res: http.ServerResponse, body: Buffer, lose: boolean) => {
    const upstream = upstreamOf();
    const out = http.request(
      {
        protocol: upstream.protocol,
        hostname: upstream.hostname,
        port: upstream.port,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, host: upstream.host },
        agent,
      },
      (answer) => {
        if (lose) {
          // The upstream has applied the request; its answer never reaches the client.
          answer.resume();
          answer.on('end', () => req.socket.destroy());
          return;
        }
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    out.on('error', () => req.socket.destroy());
    out.end(body);
  };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const url = req.url ?? '/';
      if (url === CONTROL_PATH) return control(req, res, body);
      counts.requests++;
      const applies = options.applies?.(req.method ?? 'GET', url.split('?')[0]) ?? true;
      const kind = applies ? pickFault(rates, random()) : null;
      if (kind) counts.injected[kind]++;
      switch (kind) {
        case 'throttle':
        case 'error': {
          const answer = faultAnswer(options.service, kind, random());
          res.writeHead(answer.status, { ...answer.headers, 'content-length': Buffer.byteLength(answer.body) }).end(answer.body);
          return;
        }
        case 'timeout': {
          const timer = setTimeout(() => (held.delete(timer), req.socket.destroy()), holdMs);
          held.add(timer);
          return;
        }
        case 'drop':
          req.socket.destroy();
          return;
        case 'lost':
          return forward(req, res, body, true);
        case null:
          return forward(req, res, body, false);
      }
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;

  return {
    service: options.service,
    url: `http://127.0.0.1:${port}`,
    port,
    set: (next) => void (rates = checkRates(next)),
    rates: () => ({ ...rates }),
    stats: () => structuredClone(counts),
    stop: () =>
      new Promise<void>((resolve) => {
        for (const timer of held) clearTimeout(timer);
        for (const socket of sockets) socket.destroy();
        agent.destroy();
        server.close(() => resolve());
      }),
  };
}
