/** The AWS clients give up on a service that does not answer, and the edge answers that 503. */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { HeadObjectCommand } from '@aws-sdk/client-s3';
import { HTTP_FUNCTION_TIMEOUT_SECONDS } from '../routes.js';
import { AWS_CLIENT_TIMEOUTS, resetAwsClients, s3Client } from './aws.js';
import { errorResponse } from './http.js';
import { silentServer, type SilentServer } from './silent-server.fixtures.js';

const stubEnv = (vars: Record<string, string>) => Object.entries(vars).forEach(([k, v]) => vi.stubEnv(k, v));

/** A service that takes connections and never answers. */
let silent: SilentServer;
beforeAll(async () => {
  silent = await silentServer();
  const endpoint = `http://127.0.0.1:${silent.port}`;
  stubEnv({
    AWS_ENDPOINT_URL_S3: endpoint,
    AWS_REGION: 'us-east-1',
    AWS_ACCESS_KEY_ID: 'local',
    AWS_SECRET_ACCESS_KEY: 'local',
    S3_FORCE_PATH_STYLE: 'true',
  });
  // Unit files share their modules (the unit project does not isolate them): a client an earlier file made would still
  // call that file's endpoint, not the silent one.
  resetAwsClients();
});
afterAll(async () => {
  vi.unstubAllEnvs();
  resetAwsClients();
  await silent.close();
});

describe('the AWS clients', () => {
  it('give up on a call before an HTTP function times out', () => {
    expect(AWS_CLIENT_TIMEOUTS.requestTimeout).toBeLessThan(HTTP_FUNCTION_TIMEOUT_SECONDS * 1000);
  });

  it('end an S3 call that gets no answer as a timeout, which the edge answers 503 with Retry-After', async () => {
    const before = silent.requests();
    // A shorter wait than the client's own, for the test's sake; without throwOnRequestTimeout it would wait forever.
    const error = await s3Client()
      .send(new HeadObjectCommand({ Bucket: 'media', Key: 'x' }), { requestTimeout: 200 })
      .catch((e: unknown) => e);
    expect((error as Error).name).toBe('TimeoutError');
    expect(silent.requests() - before).toBe(3);
    const response = errorResponse(error);
    expect(response.statusCode).toBe(503);
    expect(response.headers?.['retry-after']).toBeDefined();
  });
});
