/**
 * fauxqs (SQS + S3, in memory) on 127.0.0.1, with the S3 side made durable: every bucket write is
 * written through to `<dataDir>/s3/<bucket>/` (a file per object plus a JSON sidecar with its
 * content type, metadata, ETag and date) and restored on start. SQS stays in memory: the stream
 * poller re-relays the event log from TRIM_HORIZON on start, so lost queue messages come back.
 *
 * fauxqs' `startFauxqs` listens on 0.0.0.0 and keeps its stores private, so this builds the same
 * app with `buildApp` and hands it our stores (imported from the pinned fauxqs@1.9.2 files).
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buildApp } from 'fauxqs';
import {
  CreateQueueCommand,
  SQSClient,
  type ChangeMessageVisibilityBatchCommandInput,
  type ChangeMessageVisibilityBatchCommandOutput,
  type DeleteMessageBatchCommandInput,
  type DeleteMessageBatchCommandOutput,
  type GetQueueAttributesCommandInput,
  type GetQueueAttributesCommandOutput,
  type ReceiveMessageCommandInput,
  type ReceiveMessageCommandOutput,
} from '@aws-sdk/client-sqs';
import { CreateBucketCommand, HeadBucketCommand, S3Client } from '@aws-sdk/client-s3';
import type { AwsClientConfig } from './dynamodb-local.js';
import { refusalFor, refusalXml, type ReadRequest } from './s3-presigned.js';
import {
  boundaryOf,
  checkPostPolicy,
  failureXml,
  isFailure,
  readFormHead,
  sizeRefusal,
  type AcceptedPost,
  type FormHead,
  type S3Failure,
} from './s3-post-object.js';
import { freePort, lastPorts } from './util.js';

interface StoredObject {
  key: string;
  body: Buffer;
  contentType: string;
  contentLength: number;
  etag: string;
  lastModified: Date;
  metadata: Record<string, string>;
}

/** The part of fauxqs' S3Store this file relies on (fauxqs@1.9.2, dist/s3/s3Store.js). */
interface S3StoreLike {
  buckets: Map<string, Map<string, StoredObject>>;
  bucketCreationDates: Map<string, Date>;
  createBucket(name: string): void;
  deleteBucket(name: string): void;
  putObject(bucket: string, key: string, body: Buffer, contentType?: string, metadata?: Record<string, string>): StoredObject;
  deleteObject(bucket: string, key: string): void;
  completeMultipartUpload(uploadId: string, parts: unknown): StoredObject;
  emptyBucket(name: string): void;
  clearObjects(): void;
  purgeAll(): void;
}
type S3StoreClass = new () => S3StoreLike;

/** node_modules/fauxqs/dist, found by walking up (import.meta.resolve is unavailable under vitest's module runner). */
function fauxqsDist(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const candidate = path.join(dir, 'node_modules', 'fauxqs', 'dist');
    if (fs.existsSync(path.join(candidate, 's3', 's3Store.js'))) return candidate;
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('fauxqs is not installed (node_modules/fauxqs/dist not found); run npm install');
    dir = parent;
  }
}

/** The part of fauxqs' SqsStore this file relies on (fauxqs@1.9.2, dist/sqs/sqsStore.js). */
interface SqsStoreLike {
  host: string;
  queues: Map<string, { cancelWaiters(): void }>;
}
/** fauxqs' SQS actions (dist/sqs/actions/*.js): the JSON protocol's request body in, its answer out; what its HTTP router calls. */
type SqsAction<In, Out> = (body: In, store: SqsStoreLike) => Out | Promise<Out>;

/** Fastify's reply as the hook below uses it: a thenable, settled once the answer is sent, or hijacked to answer on the raw response. */
interface FastifyReplyLike extends PromiseLike<void> {
  code(status: number): FastifyReplyLike;
  type(contentType: string): FastifyReplyLike;
  send(body?: string): FastifyReplyLike;
  hijack(): void;
  raw: ServerResponse;
}
/** The part of the Fastify app fauxqs' buildApp returns that this file uses (fauxqs' declarations of it resolve to any). */
interface FauxqsApp {
  addHook(name: 'onRequest', hook: (request: ReadRequest & { raw: IncomingMessage }, reply: FastifyReplyLike) => Promise<void>): void;
  listen(options: { port: number; host: string }): Promise<string>;
  server: Pick<Server, 'address'>;
  close(): Promise<void>;
}

async function fauxqsInternals() {
  const dist = fauxqsDist();
  // Exports as unknowns: the assertions below name what this file relies on of each.
  const load = (rel: string): Promise<Record<string, unknown>> => import(pathToFileURL(path.join(dist, rel)).href);
  const [
    { S3Store },
    { SqsStore },
    { SnsStore },
    { receiveMessage },
    { deleteMessageBatch },
    { changeMessageVisibilityBatch },
    { getQueueAttributes },
  ] = await Promise.all([
    load('s3/s3Store.js'),
    load('sqs/sqsStore.js'),
    load('sns/snsStore.js'),
    load('sqs/actions/receiveMessage.js'),
    load('sqs/actions/deleteMessageBatch.js'),
    load('sqs/actions/changeMessageVisibilityBatch.js'),
    load('sqs/actions/getQueueAttributes.js'),
  ]);
  return {
    S3Store: S3Store as S3StoreClass,
    SqsStore: SqsStore as new () => SqsStoreLike,
    SnsStore: SnsStore as new () => object,
    actions: {
      receiveMessage: receiveMessage as SqsAction<ReceiveMessageCommandInput, ReceiveMessageCommandOutput>,
      deleteMessageBatch: deleteMessageBatch as SqsAction<DeleteMessageBatchCommandInput, DeleteMessageBatchCommandOutput>,
      changeMessageVisibilityBatch: changeMessageVisibilityBatch as SqsAction<
        ChangeMessageVisibilityBatchCommandInput,
        ChangeMessageVisibilityBatchCommandOutput
      >,
      getQueueAttributes: getQueueAttributes as SqsAction<GetQueueAttributesCommandInput, GetQueueAttributesCommandOutput>,
    },
  };
}

/**
 * What the SQS trigger (the stand-in for Lambda's event-source mapping, which in AWS reads SQS from inside AWS) needs
 * of the queues: receive, keep in flight, delete and count, in SQS' own request and answer shapes. Locally it calls the same fauxqs
 * actions its HTTP API calls, without HTTP and the SDK in between; handlers and the relay still use the SDK.
 */
export interface QueueAccess {
  receive(input: ReceiveMessageCommandInput): Promise<Pick<ReceiveMessageCommandOutput, 'Messages'>>;
  deleteBatch(input: DeleteMessageBatchCommandInput): Promise<Pick<DeleteMessageBatchCommandOutput, 'Failed'>>;
  changeVisibilityBatch(
    input: ChangeMessageVisibilityBatchCommandInput,
  ): Promise<Pick<ChangeMessageVisibilityBatchCommandOutput, 'Failed'>>;
  attributes(input: GetQueueAttributesCommandInput): Promise<Pick<GetQueueAttributesCommandOutput, 'Attributes'>>;
  /** Ends every long poll at once (on stop). */
  wakeAll(): void;
}

/** File names for keys: readable when short and safe, hashed otherwise. */
function fileNameFor(key: string): string {
  const encoded = encodeURIComponent(key);
  return encoded.length <= 180 && !encoded.startsWith('.') ? encoded : `~${createHash('sha256').update(key).digest('hex')}`;
}

interface Sidecar {
  key: string;
  contentType: string;
  etag: string;
  lastModified: string;
  metadata: Record<string, string>;
}

/** Write-through persistence: each change reaches disk (temp file + rename) before the S3 call answers. */
function makeDurableStore(Base: S3StoreClass, root: string): S3StoreLike & { restore(): number } {
  const bucketDir = (bucket: string) => path.join(root, encodeURIComponent(bucket));
  const writeAtomic = (file: string, data: Buffer | string) => {
    const tmp = `${file}.${process.pid}.tmp`;
    fs.writeFileSync(tmp, data);
    fs.renameSync(tmp, file);
  };
  const persist = (bucket: string, obj: StoredObject) => {
    const dir = bucketDir(bucket);
    fs.mkdirSync(dir, { recursive: true });
    const base = path.join(dir, fileNameFor(obj.key));
    writeAtomic(`${base}.data`, obj.body);
    const sidecar: Sidecar = {
      key: obj.key,
      contentType: obj.contentType,
      etag: obj.etag,
      lastModified: obj.lastModified.toISOString(),
      metadata: obj.metadata,
    };
    writeAtomic(`${base}.json`, JSON.stringify(sidecar));
  };
  const unpersist = (bucket: string, key: string) => {
    const base = path.join(bucketDir(bucket), fileNameFor(key));
    fs.rmSync(`${base}.json`, { force: true });
    fs.rmSync(`${base}.data`, { force: true });
  };

  class DurableS3Store extends Base {
    restore(): number {
      let count = 0;
      if (!fs.existsSync(root)) return 0;
      for (const entry of fs.readdirSync(root, { withFileTypes: true })) {
        if (!entry.isDirectory()) continue;
        const bucket = decodeURIComponent(entry.name);
        super.createBucket(bucket);
        const objects = this.buckets.get(bucket)!;
        const dir = path.join(root, entry.name);
        for (const file of fs.readdirSync(dir)) {
          if (!file.endsWith('.json')) continue;
          try {
            const sidecar = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as Sidecar;
            const body = fs.readFileSync(path.join(dir, `${file.slice(0, -'.json'.length)}.data`));
            objects.set(sidecar.key, {
              key: sidecar.key,
              body,
              contentType: sidecar.contentType,
              contentLength: body.length,
              etag: sidecar.etag,
              lastModified: new Date(sidecar.lastModified),
              metadata: sidecar.metadata ?? {},
            });
            count++;
          } catch {
            // A half-written pair (crash between the two renames) is skipped, as if never stored.
          }
        }
      }
      return count;
    }
    override createBucket(name: string) {
      super.createBucket(name);
      fs.mkdirSync(bucketDir(name), { recursive: true });
    }
    override deleteBucket(name: string) {
      super.deleteBucket(name);
      fs.rmSync(bucketDir(name), { recursive: true, force: true });
    }
    override putObject(bucket: string, key: string, body: Buffer, contentType?: string, metadata?: Record<string, string>) {
      const obj = super.putObject(bucket, key, body, contentType, metadata);
      persist(bucket, obj);
      return obj;
    }
    override completeMultipartUpload(uploadId: string, parts: unknown) {
      const obj = super.completeMultipartUpload(uploadId, parts);
      const bucket = [...this.buckets].find(([, objects]) => objects.get(obj.key) === obj)?.[0];
      if (bucket) persist(bucket, obj);
      return obj;
    }
    override deleteObject(bucket: string, key: string) {
      super.deleteObject(bucket, key);
      unpersist(bucket, key);
    }
    override emptyBucket(name: string) {
      super.emptyBucket(name);
      const dir = bucketDir(name);
      if (fs.existsSync(dir)) {
        fs.rmSync(dir, { recursive: true, force: true });
        fs.mkdirSync(dir, { recursive: true });
      }
    }
    override clearObjects() {
      super.clearObjects();
      for (const name of this.buckets.keys()) this.emptyBucket(name);
    }
    override purgeAll() {
      super.purgeAll();
      fs.rmSync(root, { recursive: true, force: true });
    }
  }
  return new DurableS3Store();
}

/** The one account the local cloud's S3 knows: the credentials it gave the handlers (set in process.env before any request). */
const localSecret = (accessKeyId: string) =>
  accessKeyId === process.env.AWS_ACCESS_KEY_ID ? process.env.AWS_SECRET_ACCESS_KEY : undefined;

export interface Fauxqs {
  endpoint: string;
  port: number;
  /** Objects restored from disk at start. */
  restoredObjects: number;
  /** The SQS trigger's way in (see QueueAccess). */
  queues: QueueAccess;
  stop(): Promise<void>;
}

export async function startFauxqsLocal(opts: { s3Dir: string }): Promise<Fauxqs> {
  const { S3Store, SqsStore, SnsStore, actions } = await fauxqsInternals();
  const s3Store = makeDurableStore(S3Store, opts.s3Dir);
  const restoredObjects = s3Store.restore();
  const sqsStore = new SqsStore();
  // No host: queue URLs are built from the request's Host (http://127.0.0.1:<port>/000000000000/<name>),
  // which resolves everywhere, unlike fauxqs' default sqs.<region>.localhost form.
  sqsStore.host = '';
  const app = buildApp({ logger: false, stores: { sqsStore, snsStore: new SnsStore(), s3Store } as never }) as FauxqsApp;
  // S3's own read checks (presigned URL signature and expiry, private prefixes), which fauxqs skips, and the
  // browser upload (POST Object) it lacks. Fastify's async-hook rule: answering early means returning the reply
  // (it then skips the route); a hijacked reply skips the body parser too, so a POST streams in unbuffered by it.
  app.addHook('onRequest', async (request, reply) => {
    const postBucket = bucketOfPost(request);
    if (postBucket) {
      reply.hijack();
      receivePostObject(request.raw, reply.raw, postBucket, s3Store);
      return;
    }
    const largePut = largePutOf(request);
    if (largePut) {
      reply.hijack();
      receiveLargePut(request.raw, reply.raw, largePut, s3Store);
      return;
    }
    const refusal = refusalFor(request, localSecret, new Date());
    if (refusal)
      return reply
        .code(refusal.status)
        .type('application/xml')
        .send(request.method === 'HEAD' ? undefined : refusalXml(refusal));
  });
  try {
    await app.listen({ port: await freePort(lastPorts.fauxqs), host: '127.0.0.1' });
  } catch {
    await app.listen({ port: 0, host: '127.0.0.1' });
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  lastPorts.fauxqs = port;
  let stopping: Promise<void> | undefined;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    port,
    restoredObjects,
    queues: {
      receive: async (input) => actions.receiveMessage(input, sqsStore),
      deleteBatch: async (input) => actions.deleteMessageBatch(input, sqsStore),
      changeVisibilityBatch: async (input) => actions.changeMessageVisibilityBatch(input, sqsStore),
      attributes: async (input) => actions.getQueueAttributes(input, sqsStore),
      wakeAll: () => sqsStore.queues.forEach((queue) => queue.cancelWaiters()),
    },
    stop: () => (stopping ??= app.close()),
  };
}

/** The bucket of a browser upload or of its CORS preflight (`POST|OPTIONS /<bucket>`), else undefined. */
function bucketOfPost(request: ReadRequest): string | undefined {
  const bucket = /^\/([^/?]+)\/?(?:\?.*)?$/.exec(request.url)?.[1];
  if (!bucket) return undefined;
  if (request.method === 'OPTIONS') return bucket;
  const contentType = request.headers['content-type'];
  return request.method === 'POST' && boundaryOf(Array.isArray(contentType) ? contentType[0] : contentType) ? bucket : undefined;
}

/**
 * fauxqs' body limit, fixed in its buildApp (`bodyLimit: 11 * 1_048_576`, no option changes it): a plain PutObject
 * above it, which S3 takes up to 5 GB, is answered here instead.
 */
const FAUXQS_BODY_LIMIT = 11 * 1024 * 1024;

/**
 * A single PutObject larger than fauxqs takes (a plain body: not aws-chunked, not a part, not a copy), as bucket and
 * key, else undefined.
 */
function largePutOf(request: ReadRequest): { bucket: string; key: string } | undefined {
  if (request.method !== 'PUT' || Number(request.headers['content-length'] ?? 0) <= FAUXQS_BODY_LIMIT) return undefined;
  const [path, query = ''] = request.url.split('?', 2);
  const match = /^\/([^/]+)\/(.+)$/.exec(path);
  const params = new URLSearchParams(query);
  const chunked =
    String(request.headers['content-encoding'] ?? '').includes('aws-chunked') ||
    String(request.headers['x-amz-content-sha256'] ?? '').startsWith('STREAMING-');
  if (!match || chunked || params.has('uploadId') || params.has('partNumber') || request.headers['x-amz-copy-source']) return undefined;
  return { bucket: match[1], key: decodeURIComponent(match[2]) };
}

/**
 * A request body gathered as it streams in. With a Content-Length the bytes are copied into one buffer of that size
 * as each chunk arrives, so a 100 MB upload is not copied again once it has all arrived (joining the chunks at the
 * end held the answer back by about half a second); without one the chunks are joined once, when asked for.
 */
class IncomingBody {
  private whole: Buffer | undefined;
  private chunks: Buffer[] = [];
  length = 0;

  constructor(request: IncomingMessage) {
    const declared = Number(request.headers['content-length']);
    // Up to 256 MiB, past the 200 MB the release editor uploads: a larger declared length is gathered in chunks.
    if (Number.isSafeInteger(declared) && declared > 0 && declared <= 2 ** 28) this.whole = Buffer.allocUnsafe(declared);
  }

  push(chunk: Buffer) {
    if (this.whole && this.length + chunk.length > this.whole.length) {
      // More than the request declared: keep what came and join the rest at the end.
      this.chunks = [this.whole.subarray(0, this.length)];
      this.whole = undefined;
    }
    if (this.whole) chunk.copy(this.whole, this.length);
    else this.chunks.push(chunk);
    this.length += chunk.length;
  }

  /** Everything received so far. */
  bytes(): Buffer {
    if (this.whole) return this.whole.subarray(0, this.length);
    if (this.chunks.length !== 1) this.chunks = [Buffer.concat(this.chunks, this.length)];
    return this.chunks[0];
  }

  /** Lets go of what was received (a refused upload's bytes are read and dropped). */
  drop() {
    this.whole = undefined;
    this.chunks = [];
    this.length = 0;
  }
}

/** Stores a large PutObject's body once it has all arrived, as fauxqs stores a small one. */
function receiveLargePut(request: IncomingMessage, response: ServerResponse, target: { bucket: string; key: string }, store: S3StoreLike) {
  const body = new IncomingBody(request);
  request.on('data', (chunk: Buffer) => body.push(chunk));
  request.on('error', () => response.destroy());
  request.on('end', () => {
    if (!store.buckets.has(target.bucket)) {
      response.writeHead(404, { 'content-type': 'application/xml' });
      return response.end(failureXml({ status: 404, code: 'NoSuchBucket', message: 'The specified bucket does not exist' }));
    }
    const metadata = Object.fromEntries(
      Object.entries(request.headers)
        .filter(([name]) => name.startsWith('x-amz-meta-'))
        .map(([name, value]) => [name.slice(11), String(value)]),
    );
    const contentType = request.headers['content-type'] ?? 'binary/octet-stream';
    const stored = store.putObject(target.bucket, target.key, body.bytes(), contentType, metadata);
    response.writeHead(200, { etag: stored.etag });
    response.end();
  });
}

/**
 * The bucket's CORS rule for uploads, as the CDK gives the media bucket: the app's origin may POST. Only the app's
 * own origin (APP_ORIGIN, set before any request) is answered, so another site's form cannot read the result.
 */
function corsHeaders(request: IncomingMessage): Record<string, string> {
  const origin = request.headers.origin;
  if (!origin || origin !== process.env.APP_ORIGIN) return {};
  return {
    'access-control-allow-origin': origin,
    'access-control-allow-methods': 'POST',
    'access-control-allow-headers': request.headers['access-control-request-headers'] ?? '',
    'access-control-expose-headers': 'ETag, Location',
    'access-control-max-age': '3000',
    vary: 'Origin',
  };
}

/**
 * Receives one POST Object form: the fields before the file are checked against the policy as soon as they have
 * arrived; the file is counted as it streams in and refused once it passes the policy's size limit (the rest of
 * the body is read and dropped, so the browser gets the answer instead of a reset connection).
 */
function receivePostObject(request: IncomingMessage, response: ServerResponse, bucket: string, store: S3StoreLike) {
  const answer = (status: number, body?: string, headers: Record<string, string> = {}) => {
    response.writeHead(status, { ...corsHeaders(request), ...(body ? { 'content-type': 'application/xml' } : {}), ...headers });
    response.end(body);
  };
  if (request.method === 'OPTIONS') {
    request.resume();
    return answer(request.headers.origin === process.env.APP_ORIGIN ? 200 : 403);
  }
  const boundary = boundaryOf(request.headers['content-type'])!;
  const body = new IncomingBody(request);
  let head: FormHead | undefined;
  let accepted: AcceptedPost | undefined;
  let failure: S3Failure | undefined;
  // The closing delimiter after the file (S3 ignores any field after it).
  const trailerAllowance = boundary.length + 8;
  request.on('data', (chunk: Buffer) => {
    if (failure) return;
    body.push(chunk);
    const received = body.length;
    if (!head) {
      const read = readFormHead(body.bytes(), boundary);
      if (read === null) return;
      if (isFailure(read)) failure = read;
      else {
        head = read;
        const checked = checkPostPolicy(bucket, read.fields, read.fileName, localSecret, new Date());
        if (isFailure(checked)) failure = checked;
        else accepted = checked;
      }
    }
    if (accepted && head && received - head.fileStart > accepted.maxBytes + trailerAllowance)
      failure = sizeRefusal(accepted.maxBytes + 1, accepted)!;
    if (failure) body.drop();
  });
  request.on('error', () => response.destroy());
  request.on('end', () => {
    if (failure) return answer(failure.status, failureXml(failure));
    if (!head || !accepted)
      return answer(
        400,
        failureXml({
          status: 400,
          code: 'MalformedPOSTRequest',
          message: 'The body of your POST request is not well-formed multipart/form-data.',
        }),
      );
    const received = body.bytes();
    const fileEnd = received.indexOf(`\r\n--${boundary}`, head.fileStart);
    if (fileEnd === -1)
      return answer(400, failureXml({ status: 400, code: 'IncompleteBody', message: 'The request body terminated unexpectedly' }));
    const file = received.subarray(head.fileStart, fileEnd);
    const tooBigOrSmall = sizeRefusal(file.length, accepted);
    if (tooBigOrSmall) return answer(tooBigOrSmall.status, failureXml(tooBigOrSmall));
    if (!store.buckets.has(bucket))
      return answer(404, failureXml({ status: 404, code: 'NoSuchBucket', message: 'The specified bucket does not exist' }));
    const stored = store.putObject(bucket, accepted.key, file, accepted.contentType, accepted.metadata);
    const location = `http://${request.headers.host}/${bucket}/${encodeURIComponent(accepted.key)}`;
    const xml =
      accepted.successStatus === 201
        ? `<?xml version="1.0" encoding="UTF-8"?>\n<PostResponse><Location>${location}</Location><Bucket>${bucket}</Bucket><Key>${accepted.key}</Key><ETag>${stored.etag}</ETag></PostResponse>`
        : undefined;
    answer(accepted.successStatus, xml, { etag: stored.etag, location });
  });
}

export interface QueueSetup {
  name: string;
  dlqName: string;
  maxReceiveCount: number;
  visibilityTimeoutSeconds: number;
}

export interface CreatedQueue {
  name: string;
  visibilityTimeoutSeconds: number;
  url: string;
  arn: string;
  dlqUrl: string;
  dlqArn: string;
}

/** FIFO queue + FIFO DLQ with a RedrivePolicy, per consumer. Deduplication ids come from the sender (the relay). */
export async function ensureQueues(config: AwsClientConfig, queues: QueueSetup[]): Promise<CreatedQueue[]> {
  const sqs = new SQSClient(config);
  try {
    return await Promise.all(
      queues.map(async (q) => {
        const dlq = await sqs.send(
          new CreateQueueCommand({
            QueueName: q.dlqName,
            Attributes: { FifoQueue: 'true', ContentBasedDeduplication: 'false', MessageRetentionPeriod: '1209600' },
          }),
        );
        const dlqArn = queueArn(config.region, q.dlqName);
        const main = await sqs.send(
          new CreateQueueCommand({
            QueueName: q.name,
            Attributes: {
              FifoQueue: 'true',
              ContentBasedDeduplication: 'false',
              VisibilityTimeout: String(q.visibilityTimeoutSeconds),
              RedrivePolicy: JSON.stringify({ deadLetterTargetArn: dlqArn, maxReceiveCount: q.maxReceiveCount }),
            },
          }),
        );
        return {
          name: q.name,
          visibilityTimeoutSeconds: q.visibilityTimeoutSeconds,
          url: main.QueueUrl!,
          arn: queueArn(config.region, q.name),
          dlqUrl: dlq.QueueUrl!,
          dlqArn,
        };
      }),
    );
  } finally {
    sqs.destroy();
  }
}

export const queueArn = (region: string, name: string) => `arn:aws:sqs:${region}:000000000000:${name}`;

export async function ensureBucket(config: AwsClientConfig, bucket: string) {
  const s3 = new S3Client({ ...config, forcePathStyle: true });
  try {
    try {
      await s3.send(new HeadBucketCommand({ Bucket: bucket }));
    } catch {
      await s3.send(new CreateBucketCommand({ Bucket: bucket }));
    }
  } finally {
    s3.destroy();
  }
}
