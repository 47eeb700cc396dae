/**
 * A release's uploads between the presigned form and the command that files them: each is recorded in `ephemeral`
 * for a day under its id, with its release, kind and key, so a later command can only file an upload made for its
 * own release, and only where the form put it. Keys are under private prefixes: nothing uploaded is public until
 * the media intake has made what the app serves of it.
 */
import { randomUUID } from 'node:crypto';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { UploadKind } from '../contract/admin-catalogue.js';
import { notFound } from '../../platform/errors.js';
import { dynamoClient } from '../../platform/aws.js';
import { env } from '../../platform/env.js';
import { INCOMING_PREFIX } from '../../platform/media-keys.js';
import { objectExists } from '../../platform/s3-stream.js';
import { presignUpload } from './presign.js';

const UPLOAD_RECORD_SECONDS = 24 * 3600;

interface ReleaseUpload {
  uploadId: string;
  albumId: string;
  kind: UploadKind;
  key: string;
  fileName: string;
  contentType: string;
}

const EXTENSIONS: Record<string, string> = {
  'audio/mpeg': 'mp3',
  'audio/wav': 'wav',
  'audio/x-wav': 'wav',
  'audio/wave': 'wav',
  'audio/flac': 'flac',
  'audio/x-flac': 'flac',
  'image/jpeg': 'jpg',
  'image/png': 'png',
};

/**
 * Where an upload goes: under incoming/ (private, functions/platform/media-keys.ts) until it is filed and taken in: a track's
 * streaming MP3 and lossless master are made from it by the track intake, an image is resized, an instrumental copied to
 * its track. What is left there, an upload never filed or one refused, expires after a day (infra/aws/data-stack.ts).
 */
function releaseUploadKey(kind: UploadKind, albumId: string, uploadId: string, contentType: string): string {
  return `${INCOMING_PREFIX}${kind}/${albumId}/${uploadId}.${EXTENSIONS[contentType] ?? 'bin'}`;
}

const recordKey = (uploadId: string) => ({ pk: `release-upload#${uploadId}`, sk: 'upload' });

interface StartUploadInput {
  albumId: string;
  kind: UploadKind;
  fileName: string;
  /** Checked against the kind's content types by the contract. */
  contentType: string;
  /** The file's size as the browser tells it: the form accepts no larger file. */
  size: number;
  now: Date;
}

/** A presigned form for one file of a release, recorded under a new upload id. */
export async function startReleaseUpload({ albumId, kind, fileName, contentType, size, now }: StartUploadInput) {
  const uploadId = randomUUID();
  const key = releaseUploadKey(kind, albumId, uploadId, contentType);
  const form = await presignUpload({ key, contentType, maxBytes: size });
  const upload: ReleaseUpload = { uploadId, albumId, kind, key, fileName, contentType };
  await dynamoClient().send(
    new PutCommand({
      TableName: env().TABLE_EPHEMERAL,
      Item: { ...recordKey(uploadId), ...upload, expiresAt: Math.floor(now.getTime() / 1000) + UPLOAD_RECORD_SECONDS },
    }),
  );
  return { id: uploadId, url: form.url, fields: form.fields, maxBytes: form.maxBytes };
}

/**
 * The upload of this release and kind whose file has arrived in the bucket. An unknown id, one of another release or
 * kind, or an expired one is not found; so is a file that never arrived (the form was not sent, or S3 refused it).
 */
export async function arrivedUpload(uploadId: string, albumId: string, kind: UploadKind, now: Date): Promise<ReleaseUpload> {
  const { Item: item } = await dynamoClient().send(
    new GetCommand({ TableName: env().TABLE_EPHEMERAL, Key: recordKey(uploadId), ConsistentRead: true }),
  );
  if (!item || item.albumId !== albumId || item.kind !== kind || (item.expiresAt as number) <= Math.floor(now.getTime() / 1000)) {
    throw notFound('upload_not_found', 'No such upload for this release: upload the file again');
  }
  const upload = item as ReleaseUpload & { expiresAt: number };
  if (!(await objectExists(upload.key))) throw notFound('upload_missing', 'The file has not arrived: upload it again');
  return {
    uploadId: upload.uploadId,
    albumId: upload.albumId,
    kind: upload.kind,
    key: upload.key,
    fileName: upload.fileName,
    contentType: upload.contentType,
  };
}

/** A track's title from its file name: the name without its extension, underscores as spaces. */
export function titleFromFileName(fileName: string): string {
  const base = fileName
    .replace(/^.*[/\\]/, '')
    .replace(/\.[^.]*$/, '')
    .replace(/[_]+/g, ' ')
    .trim();
  return base.slice(0, 200) || 'Untitled';
}
