/**
 * For unit tests of what the local cloud's S3 stand-in checks: an SDK client aimed at its address (it only presigns, so
 * nothing needs to listen there), the local credentials' secret, and the moment the tests sign at.
 */
import { S3Client } from '@aws-sdk/client-s3';
import { afterAll } from 'vitest';

export const LOCAL_S3_HOST = '127.0.0.1:4599';

/** A client that presigns as the app's would for the local cloud; destroyed after the file's tests. */
export function presigningS3(): S3Client {
  const s3 = new S3Client({
    endpoint: `http://${LOCAL_S3_HOST}`,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  afterAll(() => s3.destroy());
  return s3;
}

/** The secret of an access key, as the stand-in looks it up: only the local one is known. */
export const secretFor = (id: string) => (id === 'local' ? 'local' : undefined);

export const signedAt = new Date('2026-01-15T09:30:00Z');
export const minutesLater = (minutes: number) => new Date(signedAt.getTime() + minutes * 60_000);
