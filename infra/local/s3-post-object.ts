/**
 * S3's browser upload (POST Object with a SigV4 POST policy), which fauxqs lacks: it routes `POST /<bucket>` to
 * DeleteObjects, answers 200 and stores nothing, and its 11 MiB body limit would refuse a large file anyway. The
 * local cloud answers these POSTs itself, before fauxqs sees them, checking what S3 checks: the policy's signature
 * and expiry, that every form field is allowed by a condition and meets it, and the file's size against
 * `content-length-range` (early, while the file streams in). Then it stores the object in fauxqs' store.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { SecretLookup } from './s3-presigned.js';

export interface S3Failure {
  status: 400 | 403 | 404;
  code: string;
  message: string;
}

/** The form fields before the file, with names as sent (S3 compares names without case). */
export type PostFields = Map<string, string>;

export interface AcceptedPost {
  key: string;
  contentType: string;
  metadata: Record<string, string>;
  /** The size range the file must fall in. */
  minBytes: number;
  maxBytes: number;
  /** 200, 201 or 204 (S3's default), from `success_action_status`. */
  successStatus: 200 | 201 | 204;
}

/** S3 refuses a form whose fields before the file exceed this ("MaxPostPreDataLengthExceeded"). */
export const MAX_PRE_DATA_BYTES = 20 * 1024;

const ALGORITHM = 'AWS4-HMAC-SHA256';
const hmac = (key: Buffer | string, text: string) => createHmac('sha256', key).update(text).digest();

/** Fields no condition needs to name. */
const exempt = (name: string) => ['x-amz-signature', 'file', 'policy'].includes(name) || name.startsWith('x-ignore-');

const denied = (message: string): S3Failure => ({ status: 403, code: 'AccessDenied', message: `Invalid according to Policy: ${message}` });

type Condition = { kind: 'eq' | 'starts-with'; field: string; value: string; text: string } | { kind: 'range'; min: number; max: number };

function parseConditions(raw: unknown): Condition[] | null {
  if (!Array.isArray(raw)) return null;
  const conditions: Condition[] = [];
  for (const entry of raw as unknown[]) {
    if (Array.isArray(entry)) {
      const [op, a, b] = entry as unknown[];
      const operator = typeof op === 'string' ? op.toLowerCase() : '';
      if (operator === 'content-length-range' && typeof a === 'number' && typeof b === 'number') {
        conditions.push({ kind: 'range', min: a, max: b });
      } else if ((operator === 'eq' || operator === 'starts-with') && typeof a === 'string' && a.startsWith('$') && typeof b === 'string') {
        conditions.push({ kind: operator, field: a.slice(1).toLowerCase(), value: b, text: JSON.stringify(entry) });
      } else return null;
    } else if (entry && typeof entry === 'object') {
      const pairs = Object.entries(entry);
      if (pairs.length !== 1 || typeof pairs[0][1] !== 'string') return null;
      const [field, value] = pairs[0] as [string, string];
      conditions.push({ kind: 'eq', field: field.toLowerCase(), value, text: JSON.stringify(['eq', `$${field}`, value]) });
    } else return null;
  }
  return conditions;
}

/** `20260115T093000Z` → ms, or NaN. */
function amzDateMs(amzDate: string): number {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(amzDate);
  return m ? Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]), Number(m[6])) : Number.NaN;
}

/**
 * Whether the form may upload a file to `bucket`, as S3 decides from the fields before the file; `fileName` is the
 * file part's name, which a `${filename}` in the key stands for.
 */
export function checkPostPolicy(
  bucket: string,
  sent: PostFields,
  fileName: string,
  secretFor: SecretLookup,
  now: Date,
): AcceptedPost | S3Failure {
  const fields = new Map([...sent].map(([name, value]) => [name.toLowerCase(), value]));
  const field = (name: string) => fields.get(name);
  const policy = field('policy');
  const signature = field('x-amz-signature');
  const credential = field('x-amz-credential')?.split('/') ?? [];
  const amzDate = field('x-amz-date') ?? '';
  if (!policy || !signature || field('x-amz-algorithm') !== ALGORITHM || credential.length !== 5 || credential[4] !== 'aws4_request') {
    return {
      status: 400,
      code: 'InvalidArgument',
      message: 'POST requires a SigV4 policy: Policy, X-Amz-Algorithm, X-Amz-Credential, X-Amz-Date and X-Amz-Signature',
    };
  }
  const [accessKeyId, day, region, service] = credential;
  const secret = secretFor(accessKeyId);
  if (!secret)
    return { status: 403, code: 'InvalidAccessKeyId', message: 'The AWS Access Key Id you provided does not exist in our records.' };
  const signingKey = hmac(hmac(hmac(hmac(`AWS4${secret}`, day), region), service), 'aws4_request');
  const expected = Buffer.from(hmac(signingKey, policy).toString('hex'));
  const given = Buffer.from(signature);
  if (
    expected.length !== given.length ||
    !timingSafeEqual(expected, given) ||
    day !== amzDate.slice(0, 8) ||
    Number.isNaN(amzDateMs(amzDate))
  ) {
    return {
      status: 403,
      code: 'SignatureDoesNotMatch',
      message: 'The request signature we calculated does not match the signature you provided.',
    };
  }

  let document: { expiration?: unknown; conditions?: unknown };
  try {
    document = JSON.parse(Buffer.from(policy, 'base64').toString('utf8')) as typeof document;
  } catch {
    return { status: 400, code: 'InvalidPolicyDocument', message: 'Invalid Policy: Invalid JSON.' };
  }
  const expires = typeof document.expiration === 'string' ? Date.parse(document.expiration) : Number.NaN;
  const conditions = parseConditions(document.conditions);
  if (Number.isNaN(expires) || !conditions)
    return { status: 400, code: 'InvalidPolicyDocument', message: 'Invalid Policy: malformed expiration or conditions.' };
  if (now.getTime() > expires) return denied('Policy expired.');

  // The bucket is not a form field: S3 matches its condition against the bucket posted to.
  const values = new Map(fields);
  values.set('bucket', bucket);
  const key = (field('key') ?? '').replaceAll('${filename}', fileName);
  if (!key) return { status: 400, code: 'InvalidArgument', message: "Bucket POST must contain a field named 'key'." };
  values.set('key', key);

  let range: { min: number; max: number } | undefined;
  const named = new Set<string>();
  for (const condition of conditions) {
    if (condition.kind === 'range') {
      range = condition;
      continue;
    }
    named.add(condition.field);
    const value = values.get(condition.field) ?? '';
    const met = condition.kind === 'eq' ? value === condition.value : value.startsWith(condition.value);
    if (!met) return denied(`Policy Condition failed: ${condition.text}`);
  }
  const extra = [...fields.keys()].filter((name) => !exempt(name) && !named.has(name));
  if (extra.length > 0) return denied(`Extra input fields: ${extra.join(', ')}`);

  const status = Number(field('success_action_status') ?? 204);
  const metadata = Object.fromEntries(
    [...fields].filter(([name]) => name.startsWith('x-amz-meta-')).map(([name, value]) => [name.slice(11), value]),
  );
  return {
    key,
    contentType: field('content-type') ?? 'binary/octet-stream',
    metadata,
    minBytes: range?.min ?? 0,
    maxBytes: range?.max ?? Number.MAX_SAFE_INTEGER,
    successStatus: status === 200 || status === 201 ? status : 204,
  };
}

/** The refusal S3 answers a file of `size` bytes with, or null when the policy's range allows it. */
export function sizeRefusal(size: number, accepted: Pick<AcceptedPost, 'minBytes' | 'maxBytes'>): S3Failure | null {
  if (size > accepted.maxBytes)
    return { status: 400, code: 'EntityTooLarge', message: 'Your proposed upload exceeds the maximum allowed size' };
  if (size < accepted.minBytes)
    return { status: 400, code: 'EntityTooSmall', message: 'Your proposed upload is smaller than the minimum allowed size' };
  return null;
}

export const failureXml = (failure: S3Failure) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${failure.code}</Code><Message>${escapeXml(failure.message)}</Message></Error>`;

const escapeXml = (text: string) => text.replace(/[<>&"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;' })[c] ?? c);

/** The multipart boundary of a `multipart/form-data` content type, or null. */
export function boundaryOf(contentType: string | undefined): string | null {
  if (!contentType || !/^multipart\/form-data\s*;/i.test(contentType)) return null;
  const m = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  return m ? (m[1] ?? m[2]) : null;
}

export interface FormHead {
  fields: PostFields;
  fileName: string;
  /** Where the file's bytes start in the body. */
  fileStart: number;
}

/**
 * The fields before the `file` part, read from the start of a multipart body: null while the file part's headers
 * have not all arrived, an S3Failure for a form S3 would refuse.
 */
export function readFormHead(body: Buffer, boundary: string): FormHead | S3Failure | null {
  const delimiter = Buffer.from(`--${boundary}`);
  const fields: PostFields = new Map();
  let at = body.indexOf(delimiter);
  if (at === -1) return body.length > MAX_PRE_DATA_BYTES ? malformed() : null;
  for (;;) {
    at += delimiter.length;
    if (body.length < at + 2) return null;
    if (body.subarray(at, at + 2).toString() === '--')
      return { status: 400, code: 'InvalidArgument', message: 'POST requires exactly one file upload per request.' };
    const headersEnd = body.indexOf('\r\n\r\n', at);
    if (headersEnd === -1) return body.length - at > MAX_PRE_DATA_BYTES ? malformed() : null;
    const headers = body.subarray(at + 2, headersEnd).toString('utf8');
    const disposition = /content-disposition:\s*form-data;([^\r\n]*)/i.exec(headers)?.[1] ?? '';
    const name = /\bname="([^"]*)"/i.exec(disposition)?.[1];
    if (name === undefined) return malformed();
    const valueStart = headersEnd + 4;
    if (name.toLowerCase() === 'file') {
      return { fields, fileName: /\bfilename="([^"]*)"/i.exec(disposition)?.[1] ?? '', fileStart: valueStart };
    }
    const next = body.indexOf(Buffer.from(`\r\n--${boundary}`), valueStart);
    if (next === -1) return body.length > MAX_PRE_DATA_BYTES ? preDataTooLarge() : null;
    fields.set(name, body.subarray(valueStart, next).toString('utf8'));
    if (next > MAX_PRE_DATA_BYTES) return preDataTooLarge();
    at = next + 2;
  }
}

const malformed = (): S3Failure => ({
  status: 400,
  code: 'MalformedPOSTRequest',
  message: 'The body of your POST request is not well-formed multipart/form-data.',
});
const preDataTooLarge = (): S3Failure => ({
  status: 400,
  code: 'MaxPostPreDataLengthExceeded',
  message: 'Your POST request fields preceding the upload file were too large.',
});

export const isFailure = (value: object): value is S3Failure => 'code' in value && 'status' in value;
