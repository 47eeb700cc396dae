/**
 * Presigned POSTs that let a browser upload a track or an artwork straight to the media bucket: S3 itself
 * refuses a file of another content type, an empty one, or one over the size limit, and the form expires.
 */
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import { uploadRules } from '../contract/admin-catalogue.js';
import { s3Client } from '../../platform/aws.js';
import { env } from '../../platform/env.js';

type UploadKind = 'audio' | 'artwork';

/** The content types a browser may name for each kind of upload (browsers name WAV and FLAC several ways): the contract's. */
const UPLOAD_CONTENT_TYPES = {
  audio: uploadRules.track.contentTypes,
  artwork: uploadRules.artwork.contentTypes,
} as const satisfies Record<UploadKind, readonly string[]>;

/** The largest file of each kind: a long lossless master, and a print-quality cover. */
const UPLOAD_MAX_BYTES: Record<UploadKind, number> = {
  audio: uploadRules.track.maxBytes,
  artwork: uploadRules.artwork.maxBytes,
};

/** How long the form works: long enough to start a 200 MB upload on a slow line, short enough that a leaked form dies soon. */
const UPLOAD_FORM_SECONDS = 15 * 60;

/** The kind of upload a content type is for, or undefined when no upload may have it. */
function uploadKindOf(contentType: string): UploadKind | undefined {
  const type = contentType.toLowerCase();
  return (Object.keys(UPLOAD_CONTENT_TYPES) as UploadKind[]).find((kind) =>
    (UPLOAD_CONTENT_TYPES[kind] as readonly string[]).includes(type),
  );
}

interface PresignUploadInput {
  /** The object key the file is stored under; the form is good for this key only. */
  key: string;
  /** One of UPLOAD_CONTENT_TYPES; the browser must send the file with exactly this type. */
  contentType: string;
  /** The largest file accepted (default and ceiling: the kind's UPLOAD_MAX_BYTES). */
  maxBytes?: number;
}

interface PresignedUpload {
  /** Where the browser POSTs the multipart/form-data form. */
  url: string;
  /** The form fields to send, in this order, before the `file` field (S3 reads the file last). */
  fields: Record<string, string>;
  /** The limit S3 enforces, for the form to check before it starts. */
  maxBytes: number;
  expiresInSeconds: number;
}

/**
 * A form that uploads one file to `key`. Throws on a content type no upload may have or a limit above the
 * kind's ceiling: the caller checks the user's input (and answers 400) before it asks for a form.
 */
export async function presignUpload({ key, contentType, maxBytes }: PresignUploadInput): Promise<PresignedUpload> {
  const kind = uploadKindOf(contentType);
  if (!kind) throw new Error(`No upload may have content type ${contentType}`);
  const ceiling = UPLOAD_MAX_BYTES[kind];
  const limit = maxBytes ?? ceiling;
  if (!Number.isInteger(limit) || limit < 1 || limit > ceiling)
    throw new Error(`An ${kind} upload is limited to 1…${ceiling} bytes, not ${limit}`);
  const type = contentType.toLowerCase();
  const { url, fields } = await createPresignedPost(s3Client(), {
    Bucket: env().MEDIA_BUCKET,
    Key: key,
    // Bucket and key conditions are added by createPresignedPost; a zero-byte file is refused here already.
    Conditions: [['content-length-range', 1, limit], { 'Content-Type': type }],
    Fields: { 'Content-Type': type },
    Expires: UPLOAD_FORM_SECONDS,
  });
  return { url, fields, maxBytes: limit, expiresInSeconds: UPLOAD_FORM_SECONDS };
}
