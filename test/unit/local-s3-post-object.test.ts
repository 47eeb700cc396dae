/** The local cloud's S3 browser upload (POST Object) checks, against forms the real AWS SDK presigns. */
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import { describe, expect, it, vi } from 'vitest';
import { boundaryOf, checkPostPolicy, isFailure, readFormHead, sizeRefusal, type PostFields } from '../../infra/local/s3-post-object.js';
import { minutesLater, presigningS3, secretFor, signedAt } from '../support/local-s3.js';

const s3 = presigningS3();

async function presignedForm(key = 'uploads/track.wav', extraFields: Record<string, string> = {}): Promise<PostFields> {
  vi.useFakeTimers({ now: signedAt, toFake: ['Date'] });
  try {
    const { fields } = await createPresignedPost(s3, {
      Bucket: 'toko-media',
      Key: key,
      Conditions: [['content-length-range', 1, 1000], { 'Content-Type': 'audio/wav' }],
      Fields: { 'Content-Type': 'audio/wav' },
      Expires: 900,
    });
    return new Map(Object.entries({ ...fields, ...extraFields }));
  } finally {
    vi.useRealTimers();
  }
}

describe('POST Object policy of the local S3', () => {
  it('accepts the form the SDK signed until it expires, with the key, content type and size range of its policy', async () => {
    const form = await presignedForm();
    expect(checkPostPolicy('toko-media', form, 'a.wav', secretFor, minutesLater(14))).toEqual({
      key: 'uploads/track.wav',
      contentType: 'audio/wav',
      metadata: {},
      minBytes: 1,
      maxBytes: 1000,
      successStatus: 204,
    });
    expect(checkPostPolicy('toko-media', form, 'a.wav', secretFor, minutesLater(16))).toMatchObject({
      status: 403,
      code: 'AccessDenied',
      message: 'Invalid according to Policy: Policy expired.',
    });
  });

  it('refuses a form whose fields were changed after signing', async () => {
    const form = await presignedForm();
    const check = (changes: Record<string, string>, bucket = 'toko-media') =>
      checkPostPolicy(bucket, new Map([...form, ...Object.entries(changes)]), 'a.wav', secretFor, minutesLater(1));
    expect(check({ 'Content-Type': 'text/plain' })).toMatchObject({
      status: 403,
      message: 'Invalid according to Policy: Policy Condition failed: ["eq","$Content-Type","audio/wav"]',
    });
    expect(check({ key: 'images/artwork/other.jpg' })).toMatchObject({ status: 403, code: 'AccessDenied' });
    expect(check({}, 'another-bucket')).toMatchObject({ status: 403, code: 'AccessDenied' });
    expect(check({ acl: 'public-read' })).toMatchObject({ status: 403, message: 'Invalid according to Policy: Extra input fields: acl' });
    expect(check({ 'x-ignore-note': 'fine' })).toMatchObject({ key: 'uploads/track.wav' });
    const policy = JSON.parse(Buffer.from(form.get('Policy')!, 'base64').toString()) as { conditions: unknown[] };
    const widened = Buffer.from(JSON.stringify({ ...policy, conditions: [['content-length-range', 1, 10 ** 9]] })).toString('base64');
    expect(check({ Policy: widened })).toMatchObject({ status: 403, code: 'SignatureDoesNotMatch' });
    expect(checkPostPolicy('toko-media', form, 'a.wav', () => undefined, minutesLater(1))).toMatchObject({ code: 'InvalidAccessKeyId' });
  });

  it('refuses a file outside the content-length range, as S3 does', () => {
    const range = { minBytes: 1, maxBytes: 1000 };
    expect(sizeRefusal(1000, range)).toBeNull();
    expect(sizeRefusal(1001, range)).toMatchObject({ status: 400, code: 'EntityTooLarge' });
    expect(sizeRefusal(0, range)).toMatchObject({ status: 400, code: 'EntityTooSmall' });
  });
});

describe('the form before the file', () => {
  const boundary = 'XyZ';
  const part = (name: string, value: string) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  const fileHeader = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.wav"\r\nContent-Type: audio/wav\r\n\r\n`;

  it('reads the fields and where the file starts, once the file part has begun', () => {
    const start = part('key', 'uploads/a.wav') + part('Content-Type', 'audio/wav');
    expect(readFormHead(Buffer.from(start), boundary)).toBeNull();
    const body = Buffer.from(start + fileHeader + 'RIFF....');
    const head = readFormHead(body, boundary);
    expect(head).toEqual({
      fields: new Map([
        ['key', 'uploads/a.wav'],
        ['Content-Type', 'audio/wav'],
      ]),
      fileName: 'a.wav',
      fileStart: body.indexOf('RIFF'),
    });
  });

  it('refuses a form without a file, and fields before the file over 20 KB', () => {
    const noFile = readFormHead(Buffer.from(part('key', 'a') + `--${boundary}--\r\n`), boundary);
    expect(noFile !== null && isFailure(noFile) && noFile.code).toBe('InvalidArgument');
    const huge = readFormHead(Buffer.from(part('x-ignore-pad', 'x'.repeat(30_000)) + fileHeader), boundary);
    expect(huge !== null && isFailure(huge) && huge.code).toBe('MaxPostPreDataLengthExceeded');
  });

  it('finds the boundary of a multipart/form-data body only', () => {
    expect(boundaryOf('multipart/form-data; boundary=----abc')).toBe('----abc');
    expect(boundaryOf('multipart/form-data; boundary="q r"')).toBe('q r');
    expect(boundaryOf('application/xml')).toBeNull();
    expect(boundaryOf(undefined)).toBeNull();
  });
});
