/** Streams into and out of the media bucket: a multipart upload fed part by part, and an object read as a stream. */
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  GetObjectCommand,
  HeadObjectCommand,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { s3Client } from './aws.js';
import { env } from './env.js';

/** S3's smallest part but the last. */
const PART_BYTES = 8 * 1024 * 1024;

/** Uploads a stream of chunks; only one part is held in memory at a time. Returns the bytes written. */
export async function uploadStream(key: string, chunks: AsyncIterable<Uint8Array>, contentType: string): Promise<number> {
  const Bucket = env().MEDIA_BUCKET;
  const s3 = s3Client();
  const { UploadId } = await s3.send(new CreateMultipartUploadCommand({ Bucket, Key: key, ContentType: contentType }));
  const parts: { ETag: string; PartNumber: number }[] = [];
  let buffered: Uint8Array[] = [];
  let bufferedBytes = 0;
  let total = 0;
  const flush = async () => {
    const PartNumber = parts.length + 1;
    const out = await s3.send(
      new UploadPartCommand({ Bucket, Key: key, UploadId, PartNumber, Body: Buffer.concat(buffered, bufferedBytes) }),
    );
    parts.push({ ETag: out.ETag!, PartNumber });
    buffered = [];
    bufferedBytes = 0;
  };
  try {
    for await (const chunk of chunks) {
      buffered.push(chunk);
      bufferedBytes += chunk.length;
      total += chunk.length;
      if (bufferedBytes >= PART_BYTES) await flush();
    }
    if (bufferedBytes > 0 || parts.length === 0) await flush();
    await s3.send(new CompleteMultipartUploadCommand({ Bucket, Key: key, UploadId, MultipartUpload: { Parts: parts } }));
    return total;
  } catch (error) {
    await s3.send(new AbortMultipartUploadCommand({ Bucket, Key: key, UploadId })).catch(() => undefined);
    throw error;
  }
}

export async function objectExists(key: string): Promise<boolean> {
  try {
    await s3Client().send(new HeadObjectCommand({ Bucket: env().MEDIA_BUCKET, Key: key }));
    return true;
  } catch (error) {
    const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
    if (status === 404 || status === 403) return false;
    throw error;
  }
}

export async function* readObject(key: string): AsyncGenerator<Uint8Array> {
  const out = await s3Client().send(new GetObjectCommand({ Bucket: env().MEDIA_BUCKET, Key: key }));
  for await (const chunk of out.Body as AsyncIterable<Uint8Array>) yield chunk;
}
