/**
 * What S3 checks on a read that fauxqs does not: a presigned URL (SigV4 in the query) must carry a
 * valid signature and must not have expired, and an anonymous request (no signature at all) may not
 * read a private prefix. The local cloud runs this before fauxqs answers, so a signed audio or download
 * URL behaves locally as it does on AWS: it plays until it expires, then S3 says 403.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { isPrivateMediaKey } from '../../functions/platform/media-keys.js';

export type ReadCheck = 'signed' | 'authorized' | 'anonymous' | 'expired' | 'invalid';

export interface ReadRequest {
  method: string;
  /** Path and query as sent (still percent-encoded). */
  url: string;
  headers: Record<string, string | string[] | undefined>;
}

/** The secret of an access key, or undefined for a key this S3 does not know. */
export type SecretLookup = (accessKeyId: string) => string | undefined;

const ALGORITHM = 'AWS4-HMAC-SHA256';
/** The longest a SigV4 presigned URL may live (7 days). */
const MAX_EXPIRES_SECONDS = 604_800;

/** RFC 3986 encoding, as SigV4 canonical requests use it. */
const encodeRfc3986 = (text: string) =>
  encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

function decodeOrNull(text: string): string | null {
  try {
    return decodeURIComponent(text);
  } catch {
    return null;
  }
}

const sha256Hex = (text: string) => createHash('sha256').update(text).digest('hex');
const hmac = (key: Buffer | string, text: string) => createHmac('sha256', key).update(text).digest();

/** `20260115T093000Z` → ms, or NaN. */
function amzDateMs(amzDate: string): number {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(amzDate);
  return m ? Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]), Number(m[6])) : Number.NaN;
}

function headerValue(headers: ReadRequest['headers'], name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value.join(',') : value;
}

/**
 * How S3 would treat this read: `signed` (a valid presigned URL), `authorized` (an SDK request with an
 * Authorization header, which the emulator trusts), `anonymous`, `expired` or `invalid`.
 */
export function checkRead(request: ReadRequest, secretFor: SecretLookup, now: Date): ReadCheck {
  if (headerValue(request.headers, 'authorization')) return 'authorized';
  const queryStart = request.url.indexOf('?');
  const rawPath = queryStart === -1 ? request.url : request.url.slice(0, queryStart);
  const rawQuery = queryStart === -1 ? '' : request.url.slice(queryStart + 1);
  const params: [string, string][] = [];
  for (const part of rawQuery.split('&')) {
    if (!part) continue;
    const eq = part.indexOf('=');
    const name = decodeOrNull(eq === -1 ? part : part.slice(0, eq));
    const value = decodeOrNull(eq === -1 ? '' : part.slice(eq + 1));
    if (name === null || value === null) return 'invalid';
    params.push([name, value]);
  }
  const param = (name: string) => params.find(([n]) => n === name)?.[1];
  const signature = param('X-Amz-Signature');
  if (signature === undefined) return 'anonymous';

  const credential = param('X-Amz-Credential')?.split('/') ?? [];
  const amzDate = param('X-Amz-Date') ?? '';
  const expires = Number(param('X-Amz-Expires'));
  const signedHeaders = param('X-Amz-SignedHeaders') ?? '';
  const signedAt = amzDateMs(amzDate);
  if (param('X-Amz-Algorithm') !== ALGORITHM || credential.length !== 5 || credential[4] !== 'aws4_request') return 'invalid';
  if (!Number.isInteger(expires) || expires < 1 || expires > MAX_EXPIRES_SECONDS || Number.isNaN(signedAt)) return 'invalid';
  const [accessKeyId, day, region, service] = credential;
  const secret = secretFor(accessKeyId);
  if (!secret || day !== amzDate.slice(0, 8) || !signedHeaders.split(';').includes('host')) return 'invalid';

  const path = rawPath.split('/').map((segment) => {
    const decoded = decodeOrNull(segment);
    return decoded === null ? segment : encodeRfc3986(decoded);
  });
  const query = params
    .filter(([name]) => name !== 'X-Amz-Signature')
    .map(([name, value]) => [encodeRfc3986(name), encodeRfc3986(value)])
    .sort(([a, av], [b, bv]) => (a < b ? -1 : a > b ? 1 : av < bv ? -1 : av > bv ? 1 : 0))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
  const headers = signedHeaders
    .split(';')
    .map((name) => `${name}:${(headerValue(request.headers, name) ?? '').trim().replace(/\s+/g, ' ')}\n`)
    .join('');
  const canonicalRequest = [request.method.toUpperCase(), path.join('/'), query, headers, signedHeaders, 'UNSIGNED-PAYLOAD'].join('\n');
  const scope = `${day}/${region}/${service}/aws4_request`;
  const stringToSign = [ALGORITHM, amzDate, scope, sha256Hex(canonicalRequest)].join('\n');
  const signingKey = hmac(hmac(hmac(hmac(`AWS4${secret}`, day), region), service), 'aws4_request');
  const expected = Buffer.from(hmac(signingKey, stringToSign).toString('hex'));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return 'invalid';
  return now.getTime() > signedAt + expires * 1000 ? 'expired' : 'signed';
}

/** `/<bucket>/<key>` → key (still encoded), or null for a path that names no object. */
function objectKeyOf(url: string): string | null {
  const path = url.split('?')[0];
  const m = /^\/[^/]+\/(.+)$/.exec(path);
  return m ? m[1] : null;
}

export interface S3Refusal {
  status: 403;
  code: 'AccessDenied' | 'SignatureDoesNotMatch';
  message: string;
}

/** The refusal S3 would answer a GET/HEAD of an object with, or null when it may be read. */
export function refusalFor(request: ReadRequest, secretFor: SecretLookup, now: Date): S3Refusal | null {
  if (request.method !== 'GET' && request.method !== 'HEAD') return null;
  const key = objectKeyOf(request.url);
  if (key === null) return null;
  switch (checkRead(request, secretFor, now)) {
    case 'signed':
    case 'authorized':
      return null;
    case 'anonymous':
      return isPrivateMediaKey(key) ? { status: 403, code: 'AccessDenied', message: 'Access Denied' } : null;
    case 'expired':
      return { status: 403, code: 'AccessDenied', message: 'Request has expired' };
    case 'invalid':
      return {
        status: 403,
        code: 'SignatureDoesNotMatch',
        message: 'The request signature we calculated does not match the signature you provided.',
      };
  }
}

export const refusalXml = (refusal: S3Refusal) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${refusal.code}</Code><Message>${refusal.message}</Message></Error>`;
