import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stubAppEnv, unstubAppEnv } from '../../test/support/unit-env.js';
import { conflict, forbidden, invalid, notFound, rateLimited, unauthorized, unavailable, upstreamFailed } from './errors.js';
import * as z from 'zod/mini';
import { contextHandler, errorResponse, fieldMessages } from './http.js';

describe('errorResponse', () => {
  it('maps every kind of typed error to its status once, keeping its code and message', () => {
    const cases = [
      [invalid('invalid_code', 'm'), 400],
      [unauthorized('invalid_credentials', 'm'), 401],
      [forbidden('password_required', 'm'), 403],
      [notFound('not_found', 'm'), 404],
      [conflict('already_owned', 'm'), 409],
      [rateLimited('rate_limited', 'm'), 429],
      [upstreamFailed('storefront_failed', 'm'), 502],
      [unavailable('payments_unavailable', 'm'), 503],
    ] as const;
    for (const [error, status] of cases) {
      const response = errorResponse(error);
      expect(response.statusCode).toBe(status);
      expect(JSON.parse(response.body!)).toEqual({ error: error.code, message: 'm' });
    }
  });

  it('answers 503 with Retry-After when a service stays throttled, failing or silent after the retries', () => {
    const service = (name: string, extra: object = {}) => Object.assign(new Error(name), { name, $metadata: {}, ...extra });
    const transient = [
      service('ThrottlingException', { $metadata: { httpStatusCode: 400 } }),
      service('ProvisionedThroughputExceededException'),
      service('RequestThrottled'),
      service('InternalServerError', { $fault: 'server', $metadata: { httpStatusCode: 500 } }),
      service('ServiceUnavailable', { $metadata: { httpStatusCode: 503 } }),
      service('TransactionCanceledException', { CancellationReasons: [{ Code: 'None' }, { Code: 'ThrottlingError' }] }),
      Object.assign(new Error('timed out'), { name: 'TimeoutError', code: 'ETIMEDOUT' }),
      Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }),
      Object.assign(new Error('Stripe is down'), { type: 'StripeAPIError' }),
      Object.assign(new Error('Stripe is busy'), { type: 'StripeRateLimitError' }),
    ];
    for (const error of transient) {
      const response = errorResponse(error);
      expect(response.statusCode, error.name).toBe(503);
      expect(response.headers).toMatchObject({ 'retry-after': '2' });
      expect(JSON.parse(response.body!)).toMatchObject({ error: 'service_busy' });
    }
    expect(errorResponse(unavailable('payments_unavailable', 'm')).headers).toMatchObject({ 'retry-after': '2' });
    const ours = [
      service('ValidationException', { $metadata: { httpStatusCode: 400 } }),
      service('TransactionCanceledException', { CancellationReasons: [{ Code: 'ConditionalCheckFailed' }] }),
      new TypeError('a bug'),
    ];
    for (const error of ours) expect(errorResponse(error).statusCode).toBe(500);
  });

  it('names the form field of a refusal about one', () => {
    expect(JSON.parse(errorResponse(invalid('no_price', 'A price is needed', 'price')).body!)).toEqual({
      error: 'no_price',
      message: 'A price is needed',
      fields: { price: 'A price is needed' },
    });
  });
});

describe('fieldMessages', () => {
  it('keeps the first message of each field path, and the part itself for an issue about all of it', () => {
    const schema = z.object({ title: z.string().check(z.minLength(1, 'Enter a title')), tracks: z.array(z.object({ n: z.number() })) });
    const result = z.safeParse(schema, { title: '', tracks: [{ n: 'x' }] });
    expect(result.success || fieldMessages(result.error, 'body')).toEqual({ title: 'Enter a title', 'tracks.0.n': expect.any(String) });
    const whole = z.safeParse(schema, 'nope');
    expect(whole.success || Object.keys(fieldMessages(whole.error, 'body'))).toEqual(['body']);
  });
});

describe('an answer leaving the edge', () => {
  const status = { buildTime: 'b', timestamp: 't', version: 'v', hasUploads: false, imagesCount: 0, audioCount: 0 };
  const event = (timeEpoch = Date.parse('2026-11-28T12:00:00Z')) =>
    ({
      routeKey: 'GET /api/deployment-status',
      rawPath: '/api/deployment-status',
      headers: {},
      requestContext: { http: { method: 'GET', sourceIp: '203.0.113.7' }, requestId: 'r1', timeEpoch },
    }) as unknown as APIGatewayProxyEventV2;
  const serving = (answer: unknown) =>
    contextHandler('platform', { 'GET /api/deployment-status': () => Promise.resolve(answer as typeof status) });

  // The 500 is kept for the sync manager's latest errors: here that write finds no database at once.
  beforeAll(() => stubAppEnv({ AWS_ENDPOINT_URL_DYNAMODB: 'http://127.0.0.1:9' }));
  afterAll(unstubAppEnv);

  it('is read by its contract: a field the contract does not name never goes out', async () => {
    const response = await serving({ ...status, passwordHash: 'scrypt$…', internal: { token: 'secret' } })(event(), {} as Context);
    expect(response.statusCode).toBe(200);
    expect(JSON.parse(response.body!)).toEqual(status);
  });

  it('is a 500 when it breaks its contract, and what the handler gave is not sent', async () => {
    const response = await serving({ ...status, imagesCount: 'many' })(event(), {} as Context);
    expect(response.statusCode).toBe(500);
    expect(response.body).not.toContain('many');
  });
});
