/**
 * The Stripe SDK, configured from the environment: STRIPE_API_HOST/PORT/PROTOCOL point it at another
 * Stripe-compatible API (the local cloud's sandbox); unset, it talks to Stripe itself.
 *
 * The SDK (≈ 240 KB minified) is loaded on the first payment call, not at import: a Lambda's cold start
 * and every route that takes no payment stay as light as the others. In AWS it comes from a shared
 * layer (infra/aws/lambda.ts), so it is not in the function bundles either.
 */
import type Stripe from 'stripe';
import { invalid, unavailable } from '../platform/errors.js';
import { env } from '../platform/env.js';

let sdk: Promise<typeof Stripe> | undefined;
const loadSdk = () => (sdk ??= import('stripe').then((module) => module.default));

/**
 * A Stripe call must fail (503, retried by the client) before Lambda ends the function that waits for it: at worst
 * it takes (1 + maxNetworkRetries) × timeout plus the SDK's backoff (0.5 s before the one retry), 6.5 s, under an HTTP
 * function's 10 s with room for the DynamoDB work around it. Stripe answers the calls we make in well under a second.
 */
export const STRIPE_REQUEST_SETTINGS = { timeout: 3_000, maxNetworkRetries: 1 } as const;

let client: Stripe | undefined;
let clientKey: string | undefined;

export async function stripeClient(): Promise<Stripe> {
  const config = env();
  if (!config.STRIPE_SECRET_KEY) throw unavailable('payments_unavailable', 'Checkout system not available, refresh');
  const StripeSdk = await loadSdk();
  const key = [config.STRIPE_SECRET_KEY, config.STRIPE_API_HOST, config.STRIPE_API_PORT, config.STRIPE_API_PROTOCOL].join('|');
  if (!client || clientKey !== key) {
    client = new StripeSdk(config.STRIPE_SECRET_KEY, {
      ...STRIPE_REQUEST_SETTINGS,
      ...(config.STRIPE_API_HOST ? { host: config.STRIPE_API_HOST } : {}),
      ...(config.STRIPE_API_PORT ? { port: config.STRIPE_API_PORT } : {}),
      ...(config.STRIPE_API_PROTOCOL ? { protocol: config.STRIPE_API_PROTOCOL } : {}),
    });
    clientKey = key;
  }
  return client;
}

/** The key the SPA mounts Stripe's embedded form with, or null when none is configured (see STRIPE_PUBLISHABLE_KEY). */
export const stripePublishableKey = (): string | null => env().STRIPE_PUBLISHABLE_KEY ?? null;

/** Stripe's own tolerance: a signature older than 5 minutes is refused (a replayed delivery). */
const WEBHOOK_TOLERANCE_SECONDS = 300;

/** Verifies a webhook on its raw body; a missing, tampered or stale signature is refused as invalid. */
export async function verifyWebhook(rawBody: string, signature: string | undefined, receivedAtMs?: number): Promise<Stripe.Event> {
  const secret = env().STRIPE_WEBHOOK_SECRET;
  if (!secret) throw unavailable('payments_unavailable', 'Webhooks are not configured');
  if (!signature) throw invalid('invalid_signature', 'Missing Stripe-Signature header');
  const StripeSdk = await loadSdk();
  try {
    return StripeSdk.webhooks.constructEvent(rawBody, signature, secret, WEBHOOK_TOLERANCE_SECONDS, undefined, receivedAtMs);
  } catch (error) {
    throw invalid('invalid_signature', `Webhook signature verification failed: ${(error as Error).message}`);
  }
}

/** True when Stripe says the object does not exist (a session id from elsewhere). */
export const isMissing = (error: unknown) => {
  const { type, code } = (error ?? {}) as { type?: unknown; code?: unknown };
  return type === 'StripeInvalidRequestError' && code === 'resource_missing';
};
