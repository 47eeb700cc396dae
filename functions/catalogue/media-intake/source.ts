/** The bytes of one upload, read by range or streamed: an object in the media bucket, or bytes in memory. */
import { GetObjectCommand, HeadObjectCommand } from '@aws-sdk/client-s3';
import { s3Client } from '../../platform/aws.js';
import { env } from '../../platform/env.js';

export interface ByteSource {
  /** Total bytes. */
  readonly size: number;
  /** Bytes `start` up to (not including) `end`, clamped to the size. */
  read(start: number, end: number): Promise<Uint8Array>;
  /** Bytes `start` (default 0) up to `end` (default the size), in chunks as they arrive (for await takes either kind). */
  stream(start?: number, end?: number): AsyncIterable<Uint8Array> | Iterable<Uint8Array>;
}

/** Bytes already in memory. */
export function bytesSource(bytes: Uint8Array): ByteSource {
  return {
    size: bytes.length,
    read: (start, end) => Promise.resolve(bytes.subarray(start, Math.min(end, bytes.length))),
    *stream(start = 0, end = bytes.length) {
      // Chunks of the size a network stream would give, so callers meet chunk edges in tests too.
      for (let at = start; at < end; at += 64 * 1024) yield bytes.subarray(at, Math.min(at + 64 * 1024, end));
    },
  };
}

/** An object in the media bucket, or undefined when there is none under `key`. */
export async function objectSource(key: string): Promise<ByteSource | undefined> {
  const Bucket = env().MEDIA_BUCKET;
  const s3 = s3Client();
  let size: number;
  try {
    size = (await s3.send(new HeadObjectCommand({ Bucket, Key: key }))).ContentLength ?? 0;
  } catch (error) {
    if ((error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404) return undefined;
    throw error;
  }
  const get = async (start: number, end: number) => {
    const out = await s3.send(new GetObjectCommand({ Bucket, Key: key, Range: `bytes=${start}-${end - 1}` }));
    return out.Body as AsyncIterable<Uint8Array>;
  };
  return {
    size,
    async read(start, end) {
      const last = Math.min(end, size);
      if (last <= start) return new Uint8Array(0);
      const chunks: Uint8Array[] = [];
      for await (const chunk of await get(start, last)) chunks.push(chunk);
      return Buffer.concat(chunks);
    },
    async *stream(start = 0, end = size) {
      const last = Math.min(end, size);
      if (last <= start) return;
      // Leaving the loop early (a reader that has seen enough) ends the HTTP response, so the rest is never downloaded.
      yield* await get(start, last);
    },
  };
}
