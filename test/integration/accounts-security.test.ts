/**
 * The accounts security suite, through HTTP on the local cloud: code brute force, issuance limits,
 * expired and reused codes, other people's data, forged and stale sessions, and malformed input.
 */
import { randomUUID } from 'node:crypto';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import fc from 'fast-check';
import jpeg from 'jpeg-js';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import * as accounts from '../../functions/accounts/contract/accounts.js';
import { handler as accountsHandler } from '../../functions/accounts/http/accounts.js';
import { dynamoClient } from '../../functions/platform/aws.js';
import { ORIGIN_HEADER, VIEWER_ADDRESS_HEADER } from '../../functions/platform/edge-headers.js';
import { env, resetEnvCache } from '../../functions/platform/env.js';
import { issueSessionToken } from '../../functions/platform/session.js';
import { lambdaContext } from '../../infra/local/handlers.js';
import { api, baseUrl, eventually, useCloudEnv } from '../support/cloud.js';
import { pngOf } from '../support/images.js';
import { asBrowser, freshEmail, sessionCookieOf, signedInUser, signInMail } from './accounts-helpers.js';

beforeAll(useCloudEnv);

const post = (path: string, json: unknown, headers: Record<string, string> = {}) => api(path, { method: 'POST', json, headers });
const errorShape = { error: expect.any(String), message: expect.any(String) };
/** A refused body's answer: `{ error, message }`, plus the message per field when the refusal names fields. */
const refusalShape = (body: { fields?: unknown }) => ({ ...errorShape, ...(body.fields ? { fields: expect.any(Object) } : {}) });

describe('sign-in codes', () => {
  it('a brute force stops at 5 tries: the fifth wrong code kills the challenge, even for the right code', async () => {
    const email = freshEmail('brute');
    await post('/api/auth/smart-signin', { email });
    const { code } = await signInMail(email);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await post('/api/auth/verify-code', { email, code: wrong })).status);
    expect(statuses).toEqual([400, 400, 400, 400, 429]);
    expect(await post('/api/auth/verify-code', { email, code })).toMatchObject({ status: 429, body: { error: 'too_many_attempts' } });
  });

  it('a used code is refused the second time', async () => {
    const email = freshEmail('reuse');
    await post('/api/auth/smart-signin', { email });
    const { code } = await signInMail(email);
    expect((await post('/api/auth/verify-code', { email, code })).status).toBe(200);
    expect(await post('/api/auth/verify-code', { email, code })).toMatchObject({ status: 400, body: errorShape });
  });

  it('an expired code is refused, and so is its link', async () => {
    const email = freshEmail('expired');
    await post('/api/auth/smart-signin', { email });
    const { code, linkToken } = await signInMail(email);
    // 15 minutes later, as far as the challenge can tell.
    await dynamoClient().send(
      new UpdateCommand({
        TableName: env().TABLE_EPHEMERAL,
        Key: { pk: `sign-in#${email}`, sk: 'challenge' },
        UpdateExpression: 'SET expiresAt = :past',
        ExpressionAttributeValues: { ':past': Math.floor(Date.now() / 1000) - 1 },
      }),
    );
    expect(await post('/api/auth/verify-code', { email, code })).toMatchObject({ status: 400, body: { error: 'code_expired' } });
    expect((await post('/api/auth/verify-magic-link', { token: linkToken })).status).toBe(400);
  });

  it('a newer message replaces the older one: only the newest code works', async () => {
    const email = freshEmail('newer');
    await post('/api/auth/smart-signin', { email });
    const first = await signInMail(email, 1);
    await post('/api/auth/smart-signin', { email });
    const second = await signInMail(email, 2);
    if (first.code !== second.code) expect((await post('/api/auth/verify-code', { email, code: first.code })).status).toBe(400);
    expect((await post('/api/auth/verify-code', { email, code: second.code })).status).toBe(200);
  });
});

/**
 * The limits count in fixed windows of 15 minutes: calls meant to meet in one window start with half a minute of it
 * left at least, or else in the next one.
 */
async function inOneLimitWindow() {
  const windowMs = 15 * 60_000;
  const left = windowMs - (Date.now() % windowMs);
  if (left < 30_000) await new Promise((resolve) => setTimeout(resolve, left + 1_000));
}

describe('issuance limits', () => {
  it('an address gets 5 messages per 15 minutes, then a clear 429', async () => {
    const email = freshEmail('limit');
    await inOneLimitWindow();
    for (let i = 0; i < 5; i++) expect((await post('/api/auth/smart-signin', { email })).status).toBe(200);
    const refused = await post('/api/auth/smart-signin', { email });
    expect(refused).toMatchObject({
      status: 429,
      body: { error: 'rate_limited', message: expect.stringMatching(/Too many sign-in codes .* Please wait \d+ minutes?/) },
    });
    expect((await post('/api/auth/send-magic-link', { email })).status).toBe(429);
    await signInMail(email, 5);
  });

  describe('per IP (the accounts handler itself, called as API Gateway would from another address)', () => {
    const saved = process.env.SIGNIN_LIMIT_PER_IP;
    beforeAll(() => {
      process.env.SIGNIN_LIMIT_PER_IP = '3';
      resetEnvCache();
    });
    afterAll(() => {
      if (saved === undefined) delete process.env.SIGNIN_LIMIT_PER_IP;
      else process.env.SIGNIN_LIMIT_PER_IP = saved;
      resetEnvCache();
    });

    // As CloudFront sends it: the origin secret, the viewer's address, and CloudFront's own as the connection's. `now`
    // is when the request arrived: the limits count in fixed windows, so calls meant to meet in one window share a moment.
    const fromIp = (viewerIp: string, email: string, now = Date.now()): APIGatewayProxyEventV2 => {
      const sourceIp = '130.176.0.1';
      return {
        version: '2.0',
        routeKey: 'POST /api/auth/smart-signin',
        rawPath: '/api/auth/smart-signin',
        rawQueryString: '',
        headers: {
          'content-type': 'application/json',
          origin: baseUrl(),
          host: new URL(baseUrl()).host,
          [ORIGIN_HEADER]: env().ORIGIN_SECRET!,
          [VIEWER_ADDRESS_HEADER]: `${viewerIp.includes(':') ? `[${viewerIp}]` : viewerIp}:51234`,
        },
        body: JSON.stringify({ email }),
        isBase64Encoded: false,
        requestContext: {
          accountId: '000000000000',
          apiId: 'test',
          domainName: 'localhost',
          domainPrefix: 'localhost',
          http: { method: 'POST', path: '/api/auth/smart-signin', protocol: 'HTTP/1.1', sourceIp, userAgent: 'test' },
          requestId: randomUUID(),
          routeKey: 'POST /api/auth/smart-signin',
          stage: '$default',
          time: new Date(now).toISOString(),
          timeEpoch: now,
        },
      };
    };
    const call = async (ip: string, at?: number) => {
      const out = (await accountsHandler(fromIp(ip, freshEmail('ip'), at), lambdaContext('toko-accounts', randomUUID(), 'us-east-1'))) as {
        statusCode: number;
        body: string;
      };
      return { status: out.statusCode, body: JSON.parse(out.body) };
    };

    it('one network gets SIGNIN_LIMIT_PER_IP messages per 15 minutes, whatever the addresses; another network is not held back', async () => {
      const ip = `198.51.100.${1 + Math.floor(Math.random() * 250)}`;
      const at = Date.now();
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) statuses.push((await call(ip, at)).status);
      expect(statuses).toEqual([200, 200, 200, 429]);
      expect((await call(ip, at)).body).toMatchObject({ error: 'rate_limited', message: expect.stringContaining('from your network') });
      expect((await call(`203.0.113.${1 + Math.floor(Math.random() * 250)}`, at)).status).toBe(200);
    });

    it("keys on the viewer's address CloudFront saw, not CloudFront's, and refuses a request that went around CloudFront", async () => {
      // Every call above came from the same CloudFront address; only the viewer's address told them apart.
      const around = (headers: Record<string, string | undefined>) => {
        const event = fromIp('192.0.2.10', freshEmail('around'));
        return accountsHandler(
          { ...event, headers: { ...event.headers, ...headers } },
          lambdaContext('toko-accounts', randomUUID(), 'us-east-1'),
        );
      };
      for (const headers of [{ [ORIGIN_HEADER]: undefined }, { [ORIGIN_HEADER]: 'x'.repeat(64) }]) {
        const out = (await around(headers)) as { statusCode: number; body: string };
        expect(out.statusCode).toBe(403);
        expect(JSON.parse(out.body)).toMatchObject({ error: 'forbidden_origin' });
      }
    });

    it('counts IPv6 addresses of one /64 together', async () => {
      const prefix = `2001:db8:${randomUUID().slice(0, 4)}:1`;
      const at = Date.now();
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) statuses.push((await call(`${prefix}::${i + 1}`, at)).status);
      expect(statuses).toEqual([200, 200, 200, 429]);
    });
  });
});

describe("other people's data", () => {
  it("a user can neither change another's profile nor read or change their notifications", async () => {
    const alice = await signedInUser('alice');
    const bob = await signedInUser('bob');
    expect(
      await api(`/api/users/${alice.userId}`, { method: 'PUT', json: { displayName: 'Mallory' }, headers: bob.headers }),
    ).toMatchObject({ status: 403, body: errorShape });
    expect((await api('/api/users/me', { headers: alice.headers })).body.displayName).not.toBe('Mallory');
    expect((await api('/api/users/me', { headers: bob.headers })).body.id).toBe(bob.userId);

    const [welcome] = await eventually(async () => {
      const list = (await api('/api/notifications', { headers: alice.headers })).body;
      return list.length > 0 && list;
    });
    expect((await api(`/api/notifications/${welcome.id}/read`, { method: 'PUT', headers: bob.headers })).status).toBe(404);
    expect((await api(`/api/notifications/${welcome.id}`, { method: 'DELETE', headers: bob.headers })).status).toBe(404);
    expect((await api('/api/notifications', { headers: bob.headers })).body.map((n: { id: string }) => n.id)).not.toContain(welcome.id);
    expect((await api('/api/notifications', { headers: alice.headers })).body[0]).toMatchObject({ id: welcome.id, isRead: false });
  });

  it("a user's avatar upload only ever replaces their own avatar", async () => {
    const alice = await signedInUser('alice');
    const bob = await signedInUser('bob');
    const upload = (headers: Record<string, string>, bytes: Buffer) => {
      const form = new FormData();
      form.append('avatar', new Blob([Uint8Array.from(bytes)], { type: 'image/png' }), 'avatar.png');
      return api('/api/avatar-upload', { method: 'POST', body: form, headers });
    };
    const avatarOf = async (userId: string) =>
      jpeg.decode(Buffer.from(await (await fetch(`${baseUrl()}/uploads/avatars/${userId}.jpg`)).arrayBuffer()), { useTArray: true });
    expect((await upload(alice.headers, pngOf(64, 64))).status).toBe(200);
    const alicesBefore = await avatarOf(alice.userId);
    const bobs = await upload(bob.headers, pngOf(128, 96));
    expect(bobs.body).toMatchObject({
      filename: `${bob.userId}.jpg`,
      avatar: expect.stringMatching(new RegExp(`^/uploads/avatars/${bob.userId}\\.jpg\\?v=\\d+$`)),
    });
    expect(Buffer.from((await avatarOf(alice.userId)).data).equals(Buffer.from(alicesBefore.data))).toBe(true);
  });
});

describe('sessions', () => {
  it('refuses a tampered, an expired, a foreign-key and an unsigned session cookie, says which are corrupted, and clears it', async () => {
    const { token, userId } = await signedInUser('forged');
    expect((await api('/api/users/me', { headers: asBrowser(token) })).status).toBe(200);

    const [header, payload, signature] = token.split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const otherUser = Buffer.from(JSON.stringify({ ...claims, sub: 'someone-else' })).toString('base64url');
    const flipped = signature.slice(0, -2) + (signature.at(-2) === 'A' ? 'B' : 'A') + signature.at(-1);
    const expired = await issueSessionToken({ userId }, new Date(Date.now() - 31 * 24 * 3600 * 1000));
    const foreign = await new SignJWT({ sid: randomUUID() })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(userId)
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('x'.repeat(48)));
    const unsigned = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${payload}.`;

    // An expired session is over; the others are corrupted (unreadable), which the SPA answers with one re-check.
    const corrupted = [`${header}.${otherUser}.${signature}`, `${header}.${payload}.${flipped}`, foreign, unsigned, 'not-a-token'];
    for (const bad of [...corrupted, expired]) {
      const word = corrupted.includes(bad) ? 'session_corrupted' : 'unauthorized';
      const me = await api('/api/users/me', { headers: asBrowser(bad) });
      expect(me).toMatchObject({ status: 401, body: { ...errorShape, error: word } });
      expect(sessionCookieOf(me.headers)).toBe('');
      expect((await api('/api/users/me', { headers: { authorization: `Bearer ${bad}` } })).status).toBe(401);
      const validate = await api('/api/session/validate', { headers: asBrowser(bad) });
      expect(validate.status).toBe(corrupted.includes(bad) ? 401 : 200);
      expect(validate.body).toEqual(corrupted.includes(bad) ? { ...errorShape, error: word } : { user: null, needsAuth: true });
      expect(sessionCookieOf(validate.headers)).toBe('');
    }
  });

  it('renews a cookie past half its life (rolling expiry), for the same session', async () => {
    const { userId } = await signedInUser('rolling');
    const old = await issueSessionToken({ userId }, new Date(Date.now() - 20 * 24 * 3600 * 1000));
    const me = await api('/api/users/me', { headers: asBrowser(old) });
    expect(me.status).toBe(200);
    const renewed = sessionCookieOf(me.headers)!;
    expect(renewed).toMatch(/^ey/);
    expect(renewed).not.toBe(old);
    const sid = (t: string) => JSON.parse(Buffer.from(t.split('.')[1], 'base64url').toString()).sid;
    expect(sid(renewed)).toBe(sid(old));
    const fresh = await api('/api/users/me', { headers: asBrowser(renewed) });
    expect(fresh.status).toBe(200);
    expect(sessionCookieOf(fresh.headers)).toBeUndefined();
  });

  it('refuses a cookie-authenticated write from another origin', async () => {
    const { token, userId } = await signedInUser('origin');
    const res = await api(`/api/users/${userId}`, {
      method: 'PUT',
      json: { displayName: 'x' },
      headers: { ...asBrowser(token), origin: 'https://evil.example' },
    });
    expect(res).toMatchObject({ status: 403, body: { error: 'forbidden_origin' } });
  });
});

describe('malformed input', () => {
  const bodies: [string, z.ZodMiniType][] = [
    ['/api/auth/smart-signin', accounts.smartSignIn.body],
    ['/api/auth/send-magic-auth-link', accounts.sendSignUpLink.body],
    ['/api/auth/send-magic-link', accounts.sendSignUpLink.body],
    ['/api/auth/verify-code', accounts.verifyCode.body],
    ['/api/auth/free-signup', accounts.freeSignup.body],
    ['/api/auth/login', accounts.login.body],
    ['/api/users/beta-signup', accounts.betaSignup.body],
    ['/api/auth/pending-action', accounts.savePendingAction.body],
  ];
  const field = fc.oneof(fc.anything(), fc.string(), fc.emailAddress(), fc.stringMatching(/^\d{6}$/), fc.constant(''), fc.constant(null));
  const payload = fc.oneof(
    fc.anything(),
    fc.record(
      {
        email: field,
        code: field,
        password: field,
        username: field,
        fullName: field,
        intent: field,
        displayName: field,
        action: field,
        includeSubscription: field,
        cartItems: field,
        guestCartItems: field,
      },
      { requiredKeys: [] },
    ),
  );

  it.each(bodies)('%s answers 400 with { error, message } to every body its schema refuses, never a 500', async (path, schema) => {
    await fc.assert(
      fc.asyncProperty(payload, async (body) => {
        fc.pre(!z.safeParse(schema, body).success);
        const res = await post(path, body);
        expect(res.status).toBe(400);
        expect(res.body).toEqual(refusalShape(res.body));
      }),
      { numRuns: 40 },
    );
    const broken = await api(path, { method: 'POST', body: '{"email":', headers: { 'content-type': 'application/json' } });
    expect(broken).toMatchObject({ status: 400, body: { error: 'invalid_json' } });
  });

  it('the link endpoints answer 400, never a 500, to any body', async () => {
    await fc.assert(
      fc.asyncProperty(fc.dictionary(fc.constantFrom('token', 'email', 'x'), fc.string()), async (body) => {
        for (const path of ['/api/auth/verify-magic-link', '/api/auth/verify-email', '/api/band/fan-signup/confirm']) {
          const res = await api(path, { method: 'POST', json: body, headers: { origin: baseUrl() } });
          expect(res.status).toBe(400);
          expect(res.body).toEqual(refusalShape(res.body));
        }
      }),
      { numRuns: 40 },
    );
  });

  it('profile, avatar and notification writes refuse bad input with 400', async () => {
    const user = await signedInUser('malformed');
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.anything(),
          fc.record(
            { displayName: fc.oneof(fc.anything(), fc.string({ minLength: 101 })), email: fc.oneof(fc.anything(), fc.string()) },
            { requiredKeys: [] },
          ),
        ),
        async (body) => {
          const res = await api(`/api/users/${user.userId}`, { method: 'PUT', json: body, headers: user.headers });
          expect(res.status).toBeLessThan(500);
          if (res.status !== 200) expect(res).toMatchObject({ status: 400, body: errorShape });
        },
      ),
      { numRuns: 40 },
    );
    expect(await api(`/api/users/${user.userId}`, { method: 'PUT', json: { email: 'not an email' }, headers: user.headers })).toMatchObject(
      {
        status: 400,
        body: { message: expect.stringContaining('Please enter a valid email address') },
      },
    );

    const upload = (body: BodyInit, headers: Record<string, string> = {}) =>
      api('/api/avatar-upload', { method: 'POST', body, headers: { ...user.headers, ...headers } });
    const text = new FormData();
    text.append('avatar', new Blob(['hello'], { type: 'image/png' }), 'a.png');
    expect(await upload(text)).toMatchObject({ status: 400, body: { error: 'invalid_file_type' } });
    const huge = new FormData();
    huge.append(
      'avatar',
      new Blob([Uint8Array.from([0xff, 0xd8, 0xff]), new Uint8Array(5 * 1024 * 1024)], { type: 'image/jpeg' }),
      'big.jpg',
    );
    expect(await upload(huge)).toMatchObject({ status: 413, body: { error: 'file_too_large' } });
    const wrongField = new FormData();
    wrongField.append('photo', new Blob(['x']), 'a.png');
    expect((await upload(wrongField)).status).toBe(400);
    expect((await upload('not multipart', { 'content-type': 'multipart/form-data; boundary=zzz' })).status).toBe(400);
    expect((await upload(JSON.stringify({ avatar: 'x' }), { 'content-type': 'application/json' })).status).toBe(400);
  });
});
