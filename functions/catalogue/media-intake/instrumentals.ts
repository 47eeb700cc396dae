/**
 * A track's instrumental in the media bucket: an uploaded WAV checked by its header and copied to where the album's
 * download ZIP reads it (`instrumentalKey`), or removed from there. Only S3 calls: the HTTP bundle carries no decoder.
 */
import { CopyObjectCommand, DeleteObjectCommand, GetObjectCommand } from '@aws-sdk/client-s3';
import { s3Client } from '../../platform/aws.js';
import { env } from '../../platform/env.js';
import { instrumentalKey } from '../../platform/media-keys.js';

/** The 12 bytes that open a WAV file: `RIFF`, the chunk size, `WAVE`. */
const WAV_HEADER_BYTES = 12;
/** Below this a WAV holds no audio: the RIFF header, a `fmt ` chunk and a `data` chunk header take 44 bytes. */
const MIN_WAV_BYTES = 45;

/** Whether these opening bytes of a file of `size` bytes are a WAV's (a renamed text or an empty file is not). */
export function looksLikeWav(head: Uint8Array, size: number): boolean {
  if (size < MIN_WAV_BYTES || head.length < WAV_HEADER_BYTES) return false;
  const text = (from: number) => String.fromCharCode(...head.subarray(from, from + 4));
  return text(0) === 'RIFF' && text(8) === 'WAVE';
}

/** Reads the object's opening bytes and its size. */
async function headOf(key: string): Promise<{ head: Uint8Array; size: number }> {
  const out = await s3Client().send(
    new GetObjectCommand({ Bucket: env().MEDIA_BUCKET, Key: key, Range: `bytes=0-${WAV_HEADER_BYTES - 1}` }),
  );
  const head = out.Body ? await out.Body.transformToByteArray() : new Uint8Array();
  // A ranged answer names the whole size after the slash of Content-Range; a short object answers whole.
  const total = /\/(\d+)$/.exec(out.ContentRange ?? '')?.[1];
  return { head, size: total ? Number(total) : head.length };
}

/**
 * Copies the uploaded WAV at `uploadKey` to the track's instrumental key and answers that key; answers false, copying
 * nothing, when the upload is not a WAV.
 */
export async function fileInstrumental(uploadKey: string, albumId: string, trackId: string): Promise<string | false> {
  const { head, size } = await headOf(uploadKey);
  if (!looksLikeWav(head, size)) return false;
  const Bucket = env().MEDIA_BUCKET;
  const key = instrumentalKey(albumId, trackId);
  await s3Client().send(
    new CopyObjectCommand({
      Bucket,
      Key: key,
      CopySource: `${Bucket}/${uploadKey}`,
      ContentType: 'audio/wav',
      MetadataDirective: 'REPLACE',
    }),
  );
  // The copy is what the ZIP reads; the upload under incoming/ would expire anyway.
  await s3Client().send(new DeleteObjectCommand({ Bucket, Key: uploadKey }));
  return key;
}

/** Removes the track's instrumental file (nothing when there is none). */
export async function removeInstrumental(albumId: string, trackId: string): Promise<void> {
  await s3Client().send(new DeleteObjectCommand({ Bucket: env().MEDIA_BUCKET, Key: instrumentalKey(albumId, trackId) }));
}
