/**
 * The HTTP gateway: what CloudFront + API Gateway do in AWS, in one node:http server.
 *   /api/*      → routes.ts → the context's Lambda handler, with an API Gateway HTTP API v2 event
 *   /media/<k>  → object <k> of the media bucket (Range → 206, 416, ETag/304); never a private key
 *                 (downloads, masters, gated audio: those only a signed URL from the API reaches)
 *   /uploads/*  → object uploads/* of the media bucket, likewise
 *   otherwise   → the built SPA (frontend/dist), index.html for client-side routes
 */
import { VIEWER_ADDRESS_HEADER } from '../../functions/platform/edge-headers.js';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { GetObjectCommand, HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { isPrivateMediaKey } from '../../functions/platform/media-keys.js';
import type { RouteSpec } from '../../functions/routes.js';
import { objectKeyOf, prerenderedPageOf } from '../../frontend/src/prerender/pages.js';
import { compileRoutes, matchRoute } from './api-routes.js';
import type { AwsClientConfig } from './dynamodb-local.js';
import { lambdaContext, type HttpHandler } from './handlers.js';
import { errorMessage, type Log } from './util.js';

export interface GatewayOptions {
  routes: RouteSpec[];
  loadHttpHandler: (context: string) => () => Promise<HttpHandler>;
  s3Config: AwsClientConfig;
  bucket: string;
  /** The site bucket, whose pages/ hold the pre-rendered home, artist and album pages (functions/catalogue/consumers/prerender.ts). */
  siteBucket?: string;
  staticDir: string;
  region: string;
  log: Log;
  quiet: boolean;
  /** False while the cloud is still starting (env, tables, seed): requests get a 503 meanwhile. */
  isReady?: () => boolean;
  /** The security headers every answer carries (infra/security-headers.ts), read per request: they follow the cloud's settings. */
  /** The security headers of an answer at this path (the embeddable players may be framed, nothing else). */
  securityHeaders: (pathname: string) => Readonly<Record<string, string>>;
  /** The headers CloudFront adds to each request it sends the API (the origin secret), read per request. */
  originHeaders: () => Readonly<Record<string, string>>;
  /** Called once an API handler has answered a request that may change something (not a GET, HEAD or OPTIONS). */
  handled?: () => void;
}

export interface Gateway {
  server: http.Server;
  handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void>;
  /** Pre-compresses the SPA's text assets (background work after start). */
  warm(): Promise<void>;
  close(): Promise<void>;
}

const MAX_BODY = 10 * 1024 * 1024; // API Gateway's payload limit
/** Methods whose handlers only read (so append no event). */
const READS = new Set(['GET', 'HEAD', 'OPTIONS']);
const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

const TEXT_TYPES = /^(text\/|application\/(json|javascript|xml|manifest\+json|ld\+json|x-www-form-urlencoded|graphql)|image\/svg\+xml)/i;

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.mp3': 'audio/mpeg',
  '.wasm': 'application/wasm',
};

export function createGateway(opts: GatewayOptions): Gateway {
  const routes = compileRoutes(opts.routes);
  const handlers = new Map<string, () => Promise<HttpHandler>>();
  const handlerFor = (context: string) => {
    let load = handlers.get(context);
    if (!load) {
      load = opts.loadHttpHandler(context);
      handlers.set(context, load);
    }
    return load;
  };
  const s3 = new S3Client({ ...opts.s3Config, forcePathStyle: true });
  const staticFiles = new StaticFiles(opts.staticDir);

  async function handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const started = performance.now();
    if (!opts.quiet)
      res.once('close', () => opts.log.info(`${req.method} ${req.url} ${res.statusCode} ${(performance.now() - started).toFixed(1)}ms`));
    const url = new URL(req.url ?? '/', 'http://local');
    const pathname = url.pathname;
    setSecurityHeaders(res, opts.securityHeaders(pathname));
    if (opts.isReady && !opts.isReady()) {
      await drain(req);
      return send(
        res,
        503,
        { 'content-type': 'text/plain; charset=utf-8', 'retry-after': '2', 'cache-control': 'no-store' },
        'Toko is starting, try again in a moment.',
      );
    }
    try {
      if (pathname === '/api' || pathname.startsWith('/api/')) await api(req, res, url);
      else if (pathname.startsWith('/media/') && isPrivateMediaKey(pathname.slice('/media/'.length))) {
        send(res, 404, { 'content-type': 'application/json; charset=utf-8' }, JSON.stringify({ error: 'not_found', message: 'Not found' }));
      } else if (pathname.startsWith('/media/')) await media(req, res, pathname.slice('/media/'.length));
      else if (pathname.startsWith('/uploads/'))
        await media(req, res, `uploads/${pathname.slice('/uploads/'.length)}`, 'public, max-age=3600');
      else if (!(await prerenderedPage(req, res, pathname))) await staticFiles.serve(req, res, pathname);
    } catch (err) {
      opts.log.error(`gateway: ${req.method} ${req.url} failed`, err);
      if (!res.headersSent) send(res, 500, { 'content-type': 'application/json' }, JSON.stringify({ message: 'Internal Server Error' }));
      else res.destroy();
    }
  }

  async function api(req: http.IncomingMessage, res: http.ServerResponse, url: URL) {
    const method = (req.method ?? 'GET').toUpperCase();
    const rawPath = url.pathname;
    const match = matchRoute(routes, method, rawPath);
    if (match.kind === 'not_found') {
      await drain(req);
      return sendJson(req, res, 404, { error: 'not_found', message: `No route for ${method} ${rawPath}` });
    }
    if (match.kind === 'method_not_allowed') {
      await drain(req);
      return sendJson(
        req,
        res,
        405,
        { error: 'method_not_allowed', message: `Method ${method} is not allowed on ${rawPath} (allowed: ${match.allowed.join(', ')})` },
        { allow: match.allowed.join(', ') },
      );
    }
    let body: Buffer;
    try {
      body = await readBody(req);
    } catch {
      return sendJson(req, res, 413, { error: 'payload_too_large', message: 'Request body exceeds 10 MB' });
    }
    const requestId = randomUUID();
    const event = toApiEvent(req, url, body, match.route.routeKey, match.pathParameters, requestId, opts.originHeaders());
    let handler: HttpHandler;
    try {
      handler = await handlerFor(match.route.spec.context)();
    } catch (err) {
      opts.log.error(`gateway: cannot load the ${match.route.spec.context} handler`, err);
      return sendJson(req, res, 502, {
        error: 'handler_unavailable',
        message: `The ${match.route.spec.context} function could not be loaded: ${errorMessage(err)}`,
      });
    }
    let result: Awaited<ReturnType<HttpHandler>>;
    try {
      result = await handler(event, lambdaContext(`toko-${match.route.spec.context}`, requestId, opts.region));
      if (!READS.has(method)) opts.handled?.();
    } catch (err) {
      // What API Gateway answers when the Lambda fails.
      opts.log.error(`gateway: the ${match.route.spec.context} handler threw on ${event.routeKey}`, err);
      return sendJson(req, res, 500, { message: 'Internal Server Error' }, { 'apigw-requestid': requestId });
    }
    await writeApiResult(req, res, result, requestId);
  }

  /**
   * The pre-rendered HTML of a home, artist or album page, as CloudFront serves it (infra/aws/web-stack.ts): the same
   * path-to-key mapping, the object's own caching. False when there is none (the SPA's index.html then serves the page).
   */
  async function prerenderedPage(req: http.IncomingMessage, res: http.ServerResponse, pathname: string): Promise<boolean> {
    const page = prerenderedPageOf(pathname);
    if (!opts.siteBucket || !page || (req.method !== 'GET' && req.method !== 'HEAD')) return false;
    let object;
    try {
      object = await s3.send(new GetObjectCommand({ Bucket: opts.siteBucket, Key: objectKeyOf(page) }));
    } catch (err) {
      const status = (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
      if (status === 404 || status === 403) return false;
      throw err;
    }
    const body = Buffer.from(await object.Body!.transformToByteArray());
    const etag = object.ETag ?? `"${body.length.toString(16)}"`;
    const headers: http.OutgoingHttpHeaders = {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': object.CacheControl ?? 'no-cache',
      etag,
      vary: 'Accept-Encoding',
    };
    if (etagMatches(req.headers['if-none-match'], etag)) send(res, 304, headers);
    else await sendMaybeCompressed(req, res, 200, headers, body, 5);
    return true;
  }

  async function media(req: http.IncomingMessage, res: http.ServerResponse, rawKey: string, cacheControl = 'public, max-age=604800') {
    const method = req.method ?? 'GET';
    if (method !== 'GET' && method !== 'HEAD') {
      return send(res, 405, { allow: 'GET, HEAD', 'content-type': 'text/plain; charset=utf-8' }, 'Method Not Allowed');
    }
    let key: string;
    try {
      key = decodeURIComponent(rawKey);
    } catch {
      return send(res, 400, { 'content-type': 'text/plain; charset=utf-8' }, 'Bad key');
    }
    if (!key || key.endsWith('/')) return send(res, 404, { 'content-type': 'text/plain; charset=utf-8' }, 'Not Found');
    let head;
    try {
      head = await s3.send(new HeadObjectCommand({ Bucket: opts.bucket, Key: key }));
    } catch (err) {
      const status = (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
      if (status === 404 || status === 403) return send(res, 404, { 'content-type': 'text/plain; charset=utf-8' }, 'Not Found');
      throw err;
    }
    const size = head.ContentLength ?? 0;
    const etag = head.ETag ?? '';
    const headers: http.OutgoingHttpHeaders = {
      'content-type': head.ContentType ?? MIME[path.extname(key).toLowerCase()] ?? 'application/octet-stream',
      'accept-ranges': 'bytes',
      'cache-control': cacheControl,
      etag,
    };
    if (head.LastModified) headers['last-modified'] = head.LastModified.toUTCString();
    if (etag && etagMatches(req.headers['if-none-match'], etag)) return send(res, 304, headers);

    let range: { start: number; end: number } | 'unsatisfiable' | undefined;
    const ifRange = req.headers['if-range'];
    if (req.headers.range && (!ifRange || ifRange === etag)) range = parseRange(req.headers.range, size);
    if (range === 'unsatisfiable') {
      return send(
        res,
        416,
        { ...headers, 'content-range': `bytes */${size}`, 'content-type': 'text/plain; charset=utf-8' },
        'Range Not Satisfiable',
      );
    }
    if (range) {
      headers['content-range'] = `bytes ${range.start}-${range.end}/${size}`;
      headers['content-length'] = range.end - range.start + 1;
    } else {
      headers['content-length'] = size;
    }
    const status = range ? 206 : 200;
    if (method === 'HEAD' || size === 0) return send(res, status, headers);
    const object = await s3.send(
      new GetObjectCommand({ Bucket: opts.bucket, Key: key, Range: range ? `bytes=${range.start}-${range.end}` : undefined }),
    );
    res.writeHead(status, headers);
    const stream = object.Body as NodeJS.ReadableStream;
    await new Promise<void>((resolve) => {
      stream.on('error', () => {
        res.destroy();
        resolve();
      });
      res.on('close', resolve);
      stream.pipe(res);
    });
  }

  const server = http.createServer((req, res) => {
    void handle(req, res);
  });
  server.keepAliveTimeout = 65_000;

  return {
    server,
    handle,
    warm: () => staticFiles.warm(),
    async close() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      s3.destroy();
    },
  };
}

/** Set before any answer is written: the static files, the API, media and the error pages all carry them, as behind CloudFront. */
function setSecurityHeaders(res: http.ServerResponse, headers: Readonly<Record<string, string>>) {
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
}

function toApiEvent(
  req: http.IncomingMessage,
  url: URL,
  body: Buffer,
  routeKey: string,
  pathParameters: Record<string, string>,
  requestId: string,
  originHeaders: Readonly<Record<string, string>>,
): APIGatewayProxyEventV2 {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined || name === 'cookie') continue;
    headers[name] = Array.isArray(value) ? value.join(',') : value;
  }
  const sourceIp = (req.socket.remoteAddress ?? '127.0.0.1').replace(/^::ffff:/, '');
  // As CloudFront: the origin's own headers and the viewer's address replace whatever the caller sent under their names.
  Object.assign(headers, originHeaders, { [VIEWER_ADDRESS_HEADER]: `${sourceIp}:${req.socket.remotePort ?? 0}` });
  headers['x-forwarded-for'] = headers['x-forwarded-for'] ? `${headers['x-forwarded-for']}, ${sourceIp}` : sourceIp;
  headers['x-forwarded-proto'] ??= 'http';
  headers['x-forwarded-port'] ??= String(req.socket.localPort ?? '');

  const cookieHeader = req.headers.cookie;
  const cookies = cookieHeader
    ? cookieHeader
        .split(';')
        .map((c) => c.trim())
        .filter(Boolean)
    : undefined;

  const rawQueryString = url.search.startsWith('?') ? url.search.slice(1) : '';
  let queryStringParameters: Record<string, string> | undefined;
  if (rawQueryString) {
    const grouped = new Map<string, string[]>();
    for (const [k, v] of url.searchParams) grouped.set(k, [...(grouped.get(k) ?? []), v]);
    queryStringParameters = Object.fromEntries([...grouped].map(([k, v]) => [k, v.join(',')]));
  }

  const contentType = String(req.headers['content-type'] ?? '');
  const isText = body.length === 0 || contentType === '' || TEXT_TYPES.test(contentType);
  const now = new Date();
  const method = (req.method ?? 'GET').toUpperCase();
  const event: APIGatewayProxyEventV2 = {
    version: '2.0',
    routeKey,
    rawPath: url.pathname,
    rawQueryString,
    cookies,
    headers,
    queryStringParameters,
    pathParameters: Object.keys(pathParameters).length ? pathParameters : undefined,
    requestContext: {
      accountId: '000000000000',
      apiId: 'local',
      domainName: headers.host ?? 'localhost',
      domainPrefix: (headers.host ?? 'localhost').split('.')[0],
      http: {
        method,
        path: url.pathname,
        protocol: `HTTP/${req.httpVersion}`,
        sourceIp,
        userAgent: headers['user-agent'] ?? '',
      },
      requestId,
      routeKey,
      stage: '$default',
      time: apiGatewayTime(now),
      timeEpoch: now.getTime(),
    },
    body: body.length ? (isText ? body.toString('utf8') : body.toString('base64')) : undefined,
    isBase64Encoded: body.length > 0 && !isText,
  };
  return event;
}

/** "12/Mar/2020:19:03:58 +0000", the format of requestContext.time. */
function apiGatewayTime(d: Date): string {
  const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
  const p = (n: number) => String(n).padStart(2, '0');
  return `${p(d.getUTCDate())}/${months[d.getUTCMonth()]}/${d.getUTCFullYear()}:${p(d.getUTCHours())}:${p(d.getUTCMinutes())}:${p(d.getUTCSeconds())} +0000`;
}

async function writeApiResult(req: http.IncomingMessage, res: http.ServerResponse, result: unknown, requestId: string) {
  // Payload v2: a result without statusCode is a 200 JSON body (API Gateway's inference).
  let structured: APIGatewayProxyStructuredResultV2;
  if (result && typeof result === 'object' && 'statusCode' in result) structured = result as APIGatewayProxyStructuredResultV2;
  else
    structured = {
      statusCode: 200,
      headers: { 'content-type': 'application/json' },
      body: typeof result === 'string' ? result : JSON.stringify(result ?? null),
    };

  const headers: http.OutgoingHttpHeaders = { 'apigw-requestid': requestId };
  for (const [name, value] of Object.entries(structured.headers ?? {})) headers[name.toLowerCase()] = String(value);
  const setCookies = [...(structured.cookies ?? [])];
  if (typeof headers['set-cookie'] === 'string') setCookies.unshift(headers['set-cookie']);
  if (setCookies.length) headers['set-cookie'] = setCookies;
  const raw =
    structured.body === undefined
      ? Buffer.alloc(0)
      : structured.isBase64Encoded
        ? Buffer.from(structured.body, 'base64')
        : Buffer.from(structured.body, 'utf8');
  if (raw.length && !headers['content-type']) headers['content-type'] = 'application/json';
  await sendMaybeCompressed(req, res, structured.statusCode ?? 200, headers, raw, 4);
}

async function sendJson(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  status: number,
  body: unknown,
  extra: http.OutgoingHttpHeaders = {},
) {
  await sendMaybeCompressed(req, res, status, { 'content-type': 'application/json', ...extra }, Buffer.from(JSON.stringify(body)), 4);
}

function send(res: http.ServerResponse, status: number, headers: http.OutgoingHttpHeaders, body?: string | Buffer) {
  const buf = body === undefined ? undefined : Buffer.isBuffer(body) ? body : Buffer.from(body);
  if (buf && status !== 304) headers['content-length'] = buf.length;
  res.writeHead(status, headers);
  res.end(status === 304 || res.req?.method === 'HEAD' ? undefined : buf);
}

/** br or gzip for text bodies over 1 KB, as CloudFront's automatic compression does. */
async function sendMaybeCompressed(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  status: number,
  headers: http.OutgoingHttpHeaders,
  body: Buffer,
  brotliQuality: number,
) {
  const type = String(headers['content-type'] ?? '');
  const encoding =
    body.length >= 1024 && !headers['content-encoding'] && TEXT_TYPES.test(type) ? pickEncoding(req.headers['accept-encoding']) : undefined;
  if (encoding) {
    body =
      encoding === 'br'
        ? await brotli(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: brotliQuality } })
        : await gzip(body, { level: 6 });
    headers['content-encoding'] = encoding;
    headers.vary = 'Accept-Encoding';
  }
  send(res, status, headers, body);
}

export function pickEncoding(accept: string | string[] | undefined): 'br' | 'gzip' | undefined {
  if (!accept) return undefined;
  const q = new Map<string, number>();
  for (const part of String(accept).split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const qp = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    q.set(name, qp ? Number(qp.slice(2)) : 1);
  }
  const ok = (name: string) => (q.get(name) ?? q.get('*') ?? 0) > 0;
  if (ok('br')) return 'br';
  if (ok('gzip')) return 'gzip';
  return undefined;
}

function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const strip = (t: string) => t.trim().replace(/^W\//, '');
  return header.split(',').some((t) => strip(t) === strip(etag));
}

/** One range of `bytes=a-b`, `a-` or `-n`; several ranges or bad syntax are ignored (full 200), as RFC 9110 allows. */
export function parseRange(header: string, size: number): { start: number; end: number } | 'unsatisfiable' | undefined {
  const m = /^bytes=\s*(\d*)\s*-\s*(\d*)\s*$/.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return undefined;
  if (m[1] === '') {
    const suffix = Number(m[2]);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(m[1]);
  const end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  if (m[2] !== '' && Number(m[2]) < start) return undefined;
  if (start >= size) return 'unsatisfiable';
  return { start, end };
}

function readBody(req: http.IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY) {
        reject(new Error('too large'));
        req.resume();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

async function drain(req: http.IncomingMessage) {
  req.resume();
  if (!req.readableEnded) await new Promise((resolve) => req.once('end', resolve).once('error', resolve));
}

/** The built SPA with long-lived caching of hashed assets, compression and the client-side-route fallback. */
class StaticFiles {
  private compressed = new Map<string, Promise<Buffer>>();
  private root: string;
  constructor(root: string) {
    this.root = path.resolve(root);
  }

  async serve(req: http.IncomingMessage, res: http.ServerResponse, pathname: string) {
    const method = req.method ?? 'GET';
    if (!fs.existsSync(path.join(this.root, 'index.html'))) return this.notBuilt(res);
    if (method !== 'GET' && method !== 'HEAD')
      return send(res, 405, { allow: 'GET, HEAD', 'content-type': 'text/plain; charset=utf-8' }, 'Method Not Allowed');
    let decoded: string;
    try {
      decoded = decodeURIComponent(pathname);
    } catch {
      return send(res, 400, { 'content-type': 'text/plain; charset=utf-8' }, 'Bad Request');
    }
    let file = path.join(this.root, path.normalize(decoded));
    if (!file.startsWith(this.root + path.sep) && file !== this.root)
      return send(res, 404, { 'content-type': 'text/plain; charset=utf-8' }, 'Not Found');
    let stat = await fs.promises.stat(file).catch(() => undefined);
    if (stat?.isDirectory()) {
      file = path.join(file, 'index.html');
      stat = await fs.promises.stat(file).catch(() => undefined);
    }
    if (!stat?.isFile()) {
      // Client-side routes (/album/x) get the app; a missing asset (/assets/x.js) stays a 404.
      const wantsHtml = String(req.headers.accept ?? '').includes('text/html');
      if (path.extname(decoded) && !wantsHtml) return send(res, 404, { 'content-type': 'text/plain; charset=utf-8' }, 'Not Found');
      file = path.join(this.root, 'index.html');
      stat = await fs.promises.stat(file);
    }
    const rel = path.relative(this.root, file);
    const type = MIME[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
    const immutable = rel.startsWith(`assets${path.sep}`);
    const etag = `W/"${stat.size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}"`;
    const headers: http.OutgoingHttpHeaders = {
      'content-type': type,
      'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
      etag,
      'last-modified': stat.mtime.toUTCString(),
    };
    if (TEXT_TYPES.test(type)) headers.vary = 'Accept-Encoding';
    if (etagMatches(req.headers['if-none-match'], etag)) return send(res, 304, headers);
    const encoding = TEXT_TYPES.test(type) && stat.size >= 1024 ? pickEncoding(req.headers['accept-encoding']) : undefined;
    if (encoding) {
      headers['content-encoding'] = encoding;
      return send(res, 200, headers, await this.compress(file, stat, encoding));
    }
    return send(res, 200, headers, await fs.promises.readFile(file));
  }

  /** Pre-compressed siblings (x.js.br / x.js.gz) when the build made them, else compressed once and kept. */
  private compress(file: string, stat: fs.Stats, encoding: 'br' | 'gzip'): Promise<Buffer> {
    const cacheKey = `${file}|${stat.mtimeMs}|${stat.size}|${encoding}`;
    let out = this.compressed.get(cacheKey);
    if (!out) {
      out = (async () => {
        const sibling = `${file}.${encoding === 'br' ? 'br' : 'gz'}`;
        const siblingStat = await fs.promises.stat(sibling).catch(() => undefined);
        if (siblingStat && siblingStat.mtimeMs >= stat.mtimeMs) return fs.promises.readFile(sibling);
        const raw = await fs.promises.readFile(file);
        // The build writes the siblings (frontend/build/precompress.ts) but not for source maps: only developer tools
        // ask for those, and their megabytes would take brotli's best quality seconds.
        const best = !file.endsWith('.map');
        return encoding === 'br'
          ? brotli(raw, {
              params: { [zlib.constants.BROTLI_PARAM_QUALITY]: best ? 11 : 5, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length },
            })
          : gzip(raw, { level: best ? 9 : 6 });
      })();
      out.catch(() => this.compressed.delete(cacheKey));
      this.compressed.set(cacheKey, out);
    }
    return out;
  }

  /**
   * Compresses every text asset in the background so the first visitor does not wait for brotli (reads the build's
   * siblings when it wrote them). Source maps wait until asked for.
   */
  async warm() {
    const walk = async (dir: string): Promise<string[]> => {
      const entries = await fs.promises.readdir(dir, { withFileTypes: true }).catch(() => []);
      const nested = await Promise.all(
        entries.map((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : Promise.resolve([path.join(dir, e.name)]))),
      );
      return nested.flat();
    };
    for (const file of await walk(this.root)) {
      const type = MIME[path.extname(file).toLowerCase()] ?? '';
      if (!TEXT_TYPES.test(type) || file.endsWith('.map')) continue;
      const stat = await fs.promises.stat(file).catch(() => undefined);
      if (stat && stat.size >= 1024)
        await Promise.all([this.compress(file, stat, 'br'), this.compress(file, stat, 'gzip')]).catch(() => undefined);
    }
  }

  private notBuilt(res: http.ServerResponse) {
    const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Toko: web app not built</title>
<style>body{font:16px/1.5 system-ui,sans-serif;background:#111;color:#eee;max-width:40rem;margin:4rem auto;padding:0 1rem}code{background:#222;padding:.1rem .3rem;border-radius:4px}</style></head>
<body><h1>The web app is not built yet</h1><p>The local cloud is running (the API answers under <code>/api/</code>), but <code>frontend/dist</code> is missing.</p>
<p>Run <code>npm run build:web</code>, then reload this page. (<code>npm start</code> builds it for you.)</p></body></html>`;
    send(res, 503, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', 'retry-after': '5' }, html);
  }
}
