import { randomUUID } from 'node:crypto';
import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { useAliveAdminSessions } from '../../test/support/fake-ephemeral-table.js';
import { adminOpsRoutes, platformRoutes, type Route } from '../routes.js';
import type { Caller } from './authorizer.js';
import { conflict, forbidden, invalid, notFound, rateLimited, unauthorized, unavailable, upstreamFailed } from './errors.js';
import * as z from 'zod/mini';
import { contextHandler, errorResponse, fieldMessages } from './http.js';
import { listenerCaller as listener, memoryAuthorizer } from './memory-authorizer.js';
import { issueSessionToken } from './session.js';

const NOW = Date.parse('2026-11-28T12:00:00Z');
useAliveAdminSessions(NOW);

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
  const event = (timeEpoch = NOW) =>
    ({
      routeKey: 'GET /api/deployment-status',
      rawPath: '/api/deployment-status',
      headers: {},
      requestContext: { http: { method: 'GET', sourceIp: '203.0.113.7' }, requestId: 'r1', timeEpoch },
    }) as unknown as APIGatewayProxyEventV2;
  const serving = (answer: unknown) =>
    contextHandler(platformRoutes, memoryAuthorizer(), { 'GET /api/deployment-status': () => Promise.resolve(answer as typeof status) });

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

describe('a context’s handler', () => {
  const answer = () => Promise.resolve({} as never);
  const start = (lines: readonly Route[], handlers: Record<string, () => Promise<never>>) => () =>
    contextHandler(lines, memoryAuthorizer(), handlers as never);

  it('refuses to start unless it has one handler for each line of its slice, and no other', () => {
    expect(start(platformRoutes, { 'GET /api/deployment-status': answer })).not.toThrow();
    expect(start(platformRoutes, {})).toThrow('platform: no handler for GET /api/deployment-status');
    expect(start(platformRoutes, { 'GET /api/deployment-status': answer, 'GET /api/albums': answer })).toThrow(
      'platform: GET /api/albums is not in routes.ts',
    );
  });

  it('refuses to start on lines of several contexts, or none', () => {
    expect(start([...platformRoutes, ...adminOpsRoutes], {})).toThrow('one context’s manifest lines, not platform, admin-ops');
    expect(start([], {})).toThrow('one context’s manifest lines, not none');
  });
});

describe('who may call a route', () => {
  const operator: Caller = { ...listener, userId: 'operator', role: 'admin', permissions: ['operations'] };
  const curator: Caller = { ...listener, userId: 'curator', role: 'admin', permissions: ['catalogue'] };
  const blocked: Caller = { ...operator, userId: 'blocked', blocked: true };
  const authorizer = memoryAuthorizer([listener, operator, curator, blocked]);
  const reached: string[] = [];
  // Every admin-ops route answers 404 once the edge let the request through, and notes that it was reached.
  const handlers = Object.fromEntries(
    adminOpsRoutes.map((r) => [r.key, () => (reached.push(r.key), Promise.reject(notFound('reached', 'The handler was reached')))]),
  ) as unknown as Parameters<typeof contextHandler<(typeof adminOpsRoutes)[number]>>[2];
  const handler = contextHandler(adminOpsRoutes, authorizer, handlers);

  const call = async (routeKey: string, caller?: string, sessionId = randomUUID()) => {
    const [method, rawPath] = routeKey.split(' ');
    const token = caller && (await issueSessionToken({ userId: caller, sessionId }, new Date(NOW - 60_000)));
    const event = {
      routeKey,
      rawPath,
      headers: token ? { authorization: `Bearer ${token}` } : {},
      pathParameters: { projection: 'catalogue' },
      requestContext: { http: { method, sourceIp: '203.0.113.7' }, requestId: randomUUID(), timeEpoch: NOW },
    } as unknown as APIGatewayProxyEventV2;
    const response = await handler(event, {} as Context);
    return { status: response.statusCode, error: (JSON.parse(response.body || '{}') as { error?: string }).error };
  };
  const consumers = 'GET /api/admin/ops/consumers';
  const switchRebuild = 'POST /api/admin/ops/rebuilds/{projection}/switch';

  it('refuses a guest, a listener, a caller the authorizer does not know and a blocked one', async () => {
    expect(await call(consumers)).toEqual({ status: 401, error: 'unauthorized' });
    expect(await call(consumers, 'listener')).toEqual({ status: 403, error: 'forbidden' });
    expect(await call(consumers, 'nobody')).toEqual({ status: 401, error: 'unauthorized' });
    expect(await call(consumers, 'blocked')).toEqual({ status: 401, error: 'unauthorized' });
    expect(reached).toEqual([]);
  });

  it('lets an admin through only at a level the authorizer says their permissions allow', async () => {
    expect(await call(consumers, 'curator')).toEqual({ status: 403, error: 'permission_required' });
    expect(reached).toEqual([]);
    expect(await call(consumers, 'operator')).toEqual({ status: 404, error: 'reached' });
    expect(reached).toEqual([consumers]);
  });

  it('asks for a step-up on a sensitive act until the authorizer says the session gave one', async () => {
    reached.length = 0;
    const sessionId = randomUUID();
    expect(await call(switchRebuild, 'operator', sessionId)).toEqual({ status: 403, error: 'step_up_required' });
    expect(reached).toEqual([]);
    authorizer.stepUp(sessionId);
    expect(await call(switchRebuild, 'operator', sessionId)).toEqual({ status: 404, error: 'reached' });
    expect(reached).toEqual([switchRebuild]);
  });
});
