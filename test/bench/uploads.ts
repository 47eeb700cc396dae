/**
 * Presigned upload of a 100 MB file ≥ 80 % of a raw S3 PUT of the same file to the same bucket. The browser's way (the
 * release editor's: a presigned POST form, multipart/form-data, made by presignUpload) against a PutObject of the same
 * bytes through a presigned PUT URL, in turns (one unmeasured warm-up each, then three rounds), on the local cloud.
 * fauxqs takes no body over 11 MiB (fixed in its buildApp), so both a POST form and a large PutObject are received by
 * the local cloud's own code before fauxqs (infra/local/fauxqs-local.ts) and stored in fauxqs' store.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { DeleteObjectsCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { s3Client } from '../../functions/platform/aws.js';
import { env } from '../../functions/platform/env.js';
import { presignUpload } from '../../functions/catalogue/media-intake/index.js';
import { percentile, type Row } from './rows.js';

const FILE_BYTES = 100 * 1024 * 1024;
const ROUNDS = 3;

export async function presignedUploadRow(): Promise<Row> {
  const file = randomBytes(FILE_BYTES);
  // The browser's file input hands the page a File (a Blob) it already holds: made once, outside the timed turns.
  const picked = new Blob([file], { type: 'audio/wav' });
  const Bucket = env().MEDIA_BUCKET;
  const keys: string[] = [];
  const key = () => {
    const next = `masters/bench-${randomUUID()}/track.wav`;
    keys.push(next);
    return next;
  };
  const timed = async (send: () => Promise<Response>) => {
    const started = performance.now();
    const response = await send();
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`upload answered ${response.status}`);
    return FILE_BYTES / 1024 / 1024 / ((performance.now() - started) / 1000);
  };
  const post = async () => {
    const form = await presignUpload({ key: key(), contentType: 'audio/wav' });
    return timed(() => {
      const body = new FormData();
      for (const [name, value] of Object.entries(form.fields)) body.append(name, value);
      body.append('file', picked, 'track.wav');
      return fetch(form.url, { method: 'POST', body });
    });
  };
  const put = async () => {
    const url = await getSignedUrl(s3Client(), new PutObjectCommand({ Bucket, Key: key(), ContentType: 'audio/wav' }), { expiresIn: 600 });
    return timed(() => fetch(url, { method: 'PUT', body: file, headers: { 'content-type': 'audio/wav' } }));
  };

  const rates = { post: [] as number[], put: [] as number[] };
  for (let round = 0; round <= ROUNDS; round++) {
    const [posted, putted] = [await post(), await put()];
    if (round === 0) continue;
    rates.post.push(posted);
    rates.put.push(putted);
  }
  for (let at = 0; at < keys.length; at += 1000) {
    await s3Client().send(new DeleteObjectsCommand({ Bucket, Delete: { Objects: keys.slice(at, at + 1000).map((Key) => ({ Key })) } }));
  }
  // Each round's two turns ran back to back: their ratio cancels a machine that speeds up or slows down between rounds.
  const ratios = rates.post.map((p, i) => p / rates.put[i]);
  const ratio = percentile(ratios, 50);
  const perRound = ratios.map((r) => `${(r * 100).toFixed(0)} %`).join(', ');
  const [postRate, putRate] = [percentile(rates.post, 50), percentile(rates.put, 50)];
  return {
    what: `presigned POST upload of a 100 MB file ÷ raw S3 PUT of it to the same bucket, median of ${ROUNDS} rounds (${perRound}; POST ${postRate.toFixed(0)} MB/s, PUT ${putRate.toFixed(0)} MB/s)`,
    measured: `${(ratio * 100).toFixed(0)} %`,
    budget: '≥ 80 %',
    ratio: ratio / 0.8,
  };
}
