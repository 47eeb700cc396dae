/** The local cloud's S3 read checks, against URLs the real AWS SDK presigns. */
import { GetObjectCommand } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { describe, expect, it } from 'vitest';
import { checkRead, refusalFor, type ReadRequest } from '../../infra/local/s3-presigned.js';
import { LOCAL_S3_HOST, minutesLater, presigningS3, secretFor, signedAt } from '../support/local-s3.js';

const host = LOCAL_S3_HOST;
const s3 = presigningS3();

async function presigned(
  key: string,
  extra: Partial<ConstructorParameters<typeof GetObjectCommand>[0]> = {},
  expiresIn = 900,
): Promise<ReadRequest> {
  const url = new URL(
    await getSignedUrl(s3, new GetObjectCommand({ Bucket: 'toko-media', Key: key, ...extra }), { expiresIn, signingDate: signedAt }),
  );
  return { method: 'GET', url: url.pathname + url.search, headers: { host } };
}

describe('reads of the local S3', () => {
  it('accepts a presigned GET until it expires, then refuses it', async () => {
    const request = await presigned('audio/private/album-night-garden/track-night-garden-01.mp3');
    expect(checkRead(request, secretFor, minutesLater(1))).toBe('signed');
    expect(checkRead({ ...request, headers: { ...request.headers, range: 'bytes=1000-' } }, secretFor, minutesLater(14))).toBe('signed');
    expect(checkRead(request, secretFor, minutesLater(16))).toBe('expired');
    expect(refusalFor(request, secretFor, minutesLater(16))).toMatchObject({ status: 403, message: 'Request has expired' });
  });

  it('checks keys with spaces and response overrides as S3 does', async () => {
    const request = await presigned('downloads/album-after-hours/After Hours (Live) & More.zip', {
      ResponseContentDisposition: 'attachment; filename="After Hours.zip"',
      ResponseCacheControl: 'private, max-age=900',
    });
    expect(checkRead(request, secretFor, minutesLater(1))).toBe('signed');
  });

  it('refuses a tampered key, expiry, host or secret', async () => {
    const request = await presigned('audio/private/album-night-garden/track-night-garden-01.mp3');
    const now = minutesLater(1);
    expect(checkRead({ ...request, url: request.url.replace('track-night-garden-01', 'track-night-garden-02') }, secretFor, now)).toBe(
      'invalid',
    );
    expect(checkRead({ ...request, url: request.url.replace('X-Amz-Expires=900', 'X-Amz-Expires=90000') }, secretFor, now)).toBe('invalid');
    expect(checkRead({ ...request, headers: { host: 'localhost:4599' } }, secretFor, now)).toBe('invalid');
    expect(checkRead(request, () => 'another-secret', now)).toBe('invalid');
    expect(
      refusalFor({ ...request, url: request.url.replace(/X-Amz-Signature=[0-9a-f]+/, 'X-Amz-Signature=00') }, secretFor, now),
    ).toMatchObject({
      status: 403,
      code: 'SignatureDoesNotMatch',
    });
  });

  it('lets anonymous reads of public media through but refuses the private prefixes', () => {
    const anonymous = (url: string): ReadRequest => ({ method: 'GET', url, headers: { host } });
    const now = minutesLater(0);
    expect(refusalFor(anonymous('/toko-media/audio/album-first-light/track-first-light-01.mp3'), secretFor, now)).toBeNull();
    for (const key of [
      'audio/private/album-night-garden/track-night-garden-01.mp3',
      'downloads/album-after-hours/After%20Hours.zip',
      'masters/x/y.wav',
      '%61udio/private/x.mp3',
    ]) {
      expect(refusalFor(anonymous(`/toko-media/${key}`), secretFor, now)).toMatchObject({ status: 403, code: 'AccessDenied' });
    }
  });

  it('trusts the SDK’s own requests and leaves writes and non-object paths alone', () => {
    const now = minutesLater(0);
    const sdk: ReadRequest = {
      method: 'GET',
      url: '/toko-media/audio/private/x.mp3',
      headers: { host, authorization: 'AWS4-HMAC-SHA256 Credential=local/…' },
    };
    expect(refusalFor(sdk, secretFor, now)).toBeNull();
    expect(refusalFor({ method: 'PUT', url: '/toko-media/audio/private/x.mp3', headers: { host } }, secretFor, now)).toBeNull();
    expect(refusalFor({ method: 'GET', url: '/health', headers: { host } }, secretFor, now)).toBeNull();
  });
});
