/** The emulators behind the local cloud, started in parallel: DynamoDB Local, fauxqs (SQS + S3) and aws-ses-v2-local. */
import type http from 'node:http';
import { createRequire } from 'node:module';
import path from 'node:path';
import { startDynamoDbLocal, type AwsClientConfig, type DynamoDbLocal } from './dynamodb-local.js';
import { startFauxqsLocal, type Fauxqs } from './fauxqs-local.js';
import type { Shutdown } from './shutdown.js';
import { freePort, lastPorts } from './util.js';

export const REGION = 'us-east-1';
export const CREDENTIALS = { accessKeyId: 'local', secretAccessKey: 'local' };

export interface Ses {
  endpoint: string;
  stop(): Promise<void>;
}

export interface Emulators {
  dynamo: DynamoDbLocal;
  fauxqs: Fauxqs;
  ses: Ses;
  /** SDK client settings for DynamoDB Local, and for fauxqs (SQS and S3). */
  dynamoConfig: AwsClientConfig;
  fauxqsConfig: AwsClientConfig;
}

export interface EmulatorOptions {
  /** DynamoDB data lives in `<dataDir>/dynamodb` (unless in memory), bucket objects in `<dataDir>/s3`. */
  dataDir: string;
  dynamoDbInMemory: boolean;
  /** Called with each emulator's name and the time its start began, once it is up. */
  started(name: 'dynamodb' | 'fauxqs' | 'ses', since: number): void;
  shutdown: Shutdown;
}

/** DynamoDB Local's JVM dominates the cold start, so all three start at once. */
export async function startEmulators(opts: EmulatorOptions): Promise<Emulators> {
  const since = performance.now();
  const [dynamoResult, fauxqsResult, sesResult] = await Promise.allSettled([
    startDynamoDbLocal({
      dbPath: opts.dynamoDbInMemory ? null : path.join(opts.dataDir, 'dynamodb'),
      region: REGION,
      credentials: CREDENTIALS,
    }).then((d) => (opts.started('dynamodb', since), d)),
    startFauxqsLocal({ s3Dir: path.join(opts.dataDir, 's3') }).then((f) => (opts.started('fauxqs', since), f)),
    startSes().then((s) => (opts.started('ses', since), s)),
  ]);
  // Whatever started is stopped on failure, even when a sibling failed first.
  for (const r of [dynamoResult, fauxqsResult, sesResult]) if (r.status === 'fulfilled') opts.shutdown.add(() => r.value.stop());
  for (const r of [dynamoResult, fauxqsResult, sesResult]) if (r.status === 'rejected') throw r.reason;
  const dynamo = (dynamoResult as PromiseFulfilledResult<DynamoDbLocal>).value;
  const fauxqs = (fauxqsResult as PromiseFulfilledResult<Fauxqs>).value;
  const ses = (sesResult as PromiseFulfilledResult<Ses>).value;
  return {
    dynamo,
    fauxqs,
    ses,
    dynamoConfig: { endpoint: dynamo.endpoint, region: REGION, credentials: CREDENTIALS },
    fauxqsConfig: { endpoint: fauxqs.endpoint, region: REGION, credentials: CREDENTIALS },
  };
}

/**
 * How many mails the local inbox keeps, the newest. SES itself keeps none once sent; the inbox is for a person or a
 * test reading a mail seconds to minutes after it went, and aws-ses-v2-local would keep every mail of a long run.
 */
export const INBOX_MAILS = 1_000;

/** aws-ses-v2-local's store (dist/store.js of the pinned 2.10.2): its `emails` array is replaced when cleared. */
interface SesStore {
  getStoreReadonly(): { emails: unknown[] };
}

/** aws-ses-v2-local on 127.0.0.1, its inbox holding the newest `inboxMails` mails. */
export async function startSes({ inboxMails = INBOX_MAILS }: { inboxMails?: number } = {}): Promise<Ses> {
  const mod = (await import('aws-ses-v2-local')) as unknown as { default: unknown };
  type Start = (config?: { host?: string; port?: number }) => Promise<http.Server>;
  const start = ((mod.default as { default?: Start }).default ?? mod.default) as Start;
  // The module instance its routes save to: Node's one copy of the package's CommonJS file.
  const store = createRequire(import.meta.url)('aws-ses-v2-local/dist/store.js') as SesStore;
  // aws-ses-v2-local never rejects on a listen error, so only a port just seen free is passed.
  const server = await start({ host: '127.0.0.1', port: await freePort(lastPorts.ses) });
  // A send has saved its mail by the time its answer goes out: the oldest beyond the bound are dropped then.
  server.on('request', (_req: http.IncomingMessage, res: http.ServerResponse) =>
    res.once('finish', () => {
      const { emails } = store.getStoreReadonly();
      if (emails.length > inboxMails) emails.splice(0, emails.length - inboxMails);
    }),
  );
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
