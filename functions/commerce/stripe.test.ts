/** The Stripe client gives up on a Stripe that does not answer before Lambda ends the function, and the edge answers that 503. */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { HTTP_FUNCTION_TIMEOUT_SECONDS } from '../routes.js';
import { errorResponse } from '../platform/http.js';
import { silentServer, type SilentServer } from '../platform/silent-server.fixtures.js';
import { STRIPE_REQUEST_SETTINGS, stripeClient } from './stripe.js';

const stubEnv = (vars: Record<string, string>) => Object.entries(vars).forEach(([k, v]) => vi.stubEnv(k, v));

/** A Stripe API that takes requests and never answers. */
let silent: SilentServer;
beforeAll(async () => {
  silent = await silentServer();
  stubEnv({
    TABLE_EVENTS: 'events',
    TABLE_VIEWS: 'views',
    TABLE_COUNTERS: 'counters',
    TABLE_EPHEMERAL: 'ephemeral',
    TABLE_KEYS: 'keys',
    MEDIA_BUCKET: 'media',
    SESSION_SECRET: 'x'.repeat(32),
    PERSONAL_DATA_SECRET: 'y'.repeat(32),
    SECOND_FACTOR_SECRET: 'z'.repeat(32),
    DOWNLOAD_LINK_SECRET: 'w'.repeat(32),
    APP_ORIGIN: 'http://localhost:3000',
    STRIPE_SECRET_KEY: 'sk_test_silent',
    STRIPE_API_HOST: '127.0.0.1',
    STRIPE_API_PORT: String(silent.port),
    STRIPE_API_PROTOCOL: 'http',
  });
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await silent.close();
});

describe('the Stripe client', () => {
  it('gives up on a silent Stripe, retries included, before an HTTP function times out, and the edge answers 503', async () => {
    const { timeout, maxNetworkRetries } = STRIPE_REQUEST_SETTINGS;
    // The SDK's backoff before retry n is at most 0.5 s × 2^(n-1).
    const backoff = Array.from({ length: maxNetworkRetries }, (_, n) => 500 * 2 ** n).reduce((a, b) => a + b, 0);
    const worst = (1 + maxNetworkRetries) * timeout + backoff;
    expect(worst).toBeLessThanOrEqual(HTTP_FUNCTION_TIMEOUT_SECONDS * 1000 - 3_000);

    const started = performance.now();
    const error = await (await stripeClient()).checkout.sessions.retrieve('cs_test_silent').catch((e: unknown) => e);
    const took = performance.now() - started;
    expect((error as { type?: string }).type).toBe('StripeConnectionError');
    expect(silent.requests()).toBe(1 + maxNetworkRetries);
    expect(took).toBeLessThan(worst + 1_000);
    const response = errorResponse(error);
    expect(response.statusCode).toBe(503);
    expect(response.headers?.['retry-after']).toBeDefined();
  });
});
