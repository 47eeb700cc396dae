import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { stubAppEnv, unstubAppEnv } from '../../test/support/unit-env.js';
import { env, resetEnvCache, secret } from './env.js';
import { loadSecrets, SecretRefusedError, SECRETS_TTL_MS, withSecrets } from './secrets.js';
import { jwtVerify } from 'jose';
import { issueSessionToken } from './session.js';

const TOKEN = 'the-function-session-token';
const SESSION_ARN = 'arn:aws:secretsmanager:eu-west-1:123456789012:secret:toko-session-secret-AbCdEf';
const STRIPE_ARN = 'arn:aws:secretsmanager:eu-west-1:123456789012:secret:toko-stripe-AbCdEf';

/** Stands in for the Parameters and Secrets extension: answers GetSecretValue's shape for the secrets it holds. */
const stored = new Map<string, string>();
const reads: string[] = [];
let server: Server;

beforeAll(async () => {
  server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const id = url.searchParams.get('secretId') ?? '';
    if (url.pathname !== '/secretsmanager/get' || request.headers['x-aws-parameters-secrets-token'] !== TOKEN) {
      response.writeHead(401).end('unauthorized');
      return;
    }
    reads.push(id);
    const value = stored.get(id);
    if (value === undefined) response.writeHead(400).end('ResourceNotFoundException');
    else response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ ARN: id, SecretString: value }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** A deployed function's settings: where its secrets are, and none of their values. */
function deployed(sources: Record<string, { id: string; field?: string }>) {
  stubAppEnv({
    SECRETS: JSON.stringify(sources),
    PARAMETERS_SECRETS_EXTENSION_HTTP_PORT: String((server.address() as AddressInfo).port),
    AWS_SESSION_TOKEN: TOKEN,
  });
  for (const name of ['SESSION_SECRET', 'PERSONAL_DATA_SECRET', 'SECOND_FACTOR_SECRET', 'DOWNLOAD_LINK_SECRET'])
    vi.stubEnv(name, undefined);
  resetEnvCache();
}

afterEach(() => {
  stored.clear();
  reads.length = 0;
  unstubAppEnv();
});

describe('a deployed function’s secrets', () => {
  it('are read from Secrets Manager at run time, a JSON secret by its field, and are all the function has', async () => {
    stored.set(SESSION_ARN, 's'.repeat(48));
    stored.set(STRIPE_ARN, JSON.stringify({ secretKey: 'sk_live_abc', webhookSecret: 'whsec_abc' }));
    deployed({ SESSION_SECRET: { id: SESSION_ARN }, STRIPE_SECRET_KEY: { id: STRIPE_ARN, field: 'secretKey' } });

    await loadSecrets();

    expect(env().SESSION_SECRET).toBe('s'.repeat(48));
    expect(env().STRIPE_SECRET_KEY).toBe('sk_live_abc');
    expect(env().STRIPE_WEBHOOK_SECRET).toBeUndefined();
    expect(() => secret('SECOND_FACTOR_SECRET')).toThrow(/SECOND_FACTOR_SECRET is not one of this function's secrets/);
    const token = await issueSessionToken({ userId: 'listener-1', sessionId: 'session-1' });
    const { payload } = await jwtVerify(token, new TextEncoder().encode('s'.repeat(48)));
    expect(payload.sub).toBe('listener-1');
  });

  it('are read once per container until they are older than the TTL, and then a rotated value takes over', async () => {
    stored.set(SESSION_ARN, 'a'.repeat(40));
    deployed({ SESSION_SECRET: { id: SESSION_ARN } });
    const start = Date.now();
    await loadSecrets(start);
    await loadSecrets(start + 1000);
    expect(reads).toEqual([SESSION_ARN]);

    stored.set(SESSION_ARN, 'b'.repeat(40));
    await loadSecrets(start + SECRETS_TTL_MS - 1);
    expect(env().SESSION_SECRET).toBe('a'.repeat(40));
    await loadSecrets(start + SECRETS_TTL_MS);
    expect(env().SESSION_SECRET).toBe('b'.repeat(40));
    expect(reads).toEqual([SESSION_ARN, SESSION_ARN]);
  });

  it('refuse to start the handler when one is a placeholder, too short for a key, or missing from the store', async () => {
    const handler = vi.fn(() => Promise.resolve('ran'));
    const wrapped = withSecrets(handler);

    stored.set(STRIPE_ARN, JSON.stringify({ secretKey: 'sk_test_replace_me', webhookSecret: 'whsec_replace_me' }));
    deployed({ STRIPE_SECRET_KEY: { id: STRIPE_ARN, field: 'secretKey' } });
    await expect(wrapped()).rejects.toThrow(/STRIPE_SECRET_KEY is still the placeholder/);

    stored.set(SESSION_ARN, 'short');
    deployed({ SESSION_SECRET: { id: SESSION_ARN } });
    await expect(wrapped()).rejects.toThrow(SecretRefusedError);
    await expect(wrapped()).rejects.toThrow(/shorter than 32 characters/);

    deployed({ DOWNLOAD_LINK_SECRET: { id: 'arn:aws:secretsmanager:eu-west-1:123456789012:secret:gone' } });
    await expect(wrapped()).rejects.toThrow(/Secrets Manager answered 400/);

    expect(handler).not.toHaveBeenCalled();
  });
});

describe('a function without SECRETS (the local cloud, unit tests)', () => {
  it('uses its plain settings, and refuses a placeholder among them too', async () => {
    stubAppEnv({ STRIPE_SECRET_KEY: 'sk_test_sandbox' });
    const wrapped = withSecrets(() => Promise.resolve(env().STRIPE_SECRET_KEY));
    expect(await wrapped()).toBe('sk_test_sandbox');

    stubAppEnv({ SHOPIFY_WEBHOOK_SECRET: 'replace_me' });
    await expect(withSecrets(() => Promise.resolve('ran'))()).rejects.toThrow(/SHOPIFY_WEBHOOK_SECRET is still the placeholder/);
  });
});
