/**
 * The secrets manifest: which secrets each function is given, read at run time (functions/platform/secrets.ts). The CDK
 * grants each function read on these secrets alone and tells it only where they are; a function asking for one it was
 * not given fails with the secret's name (secret() in functions/platform/env.ts). One entry per function: an HTTP context,
 * a consumer, a scheduled job.
 */
import type { SecretName } from './platform/secrets.js';
import type { Context } from './routes.js';

/**
 * Every HTTP function: the session key (a request's session, sign-in codes and play tokens are derived from it), the
 * personal data key (its events' personal fields), and the origin secret (a request from around CloudFront is refused).
 */
const http: readonly SecretName[] = ['SESSION_SECRET', 'PERSONAL_DATA_SECRET', 'ORIGIN_SECRET'];
/** The admin contexts ask for a fresh authenticator code (step-up), which the second factor's key checks. */
const admin: readonly SecretName[] = [...http, 'SECOND_FACTOR_SECRET'];
const stripe: readonly SecretName[] = ['STRIPE_SECRET_KEY'];

export const httpSecrets: Record<Context, readonly SecretName[]> = {
  catalogue: http,
  plays: http,
  platform: http,
  band: http,
  library: http,
  search: http,
  // The admins sign in here: their TOTP secrets are sealed, and their recovery codes keyed, by the second factor's key.
  accounts: [...http, 'SECOND_FACTOR_SECRET'],
  notifications: http,
  // Checkout at Stripe, and the album download links it signs and checks.
  commerce: [...http, ...stripe, 'DOWNLOAD_LINK_SECRET'],
  membership: [...http, ...stripe],
  merch: [...http, 'SHOPIFY_STORE_DOMAIN', 'SHOPIFY_STOREFRONT_TOKEN', 'SHOPIFY_WEBHOOK_SECRET'],
  'stripe-webhook': [...http, ...stripe, 'STRIPE_WEBHOOK_SECRET'],
  'user-data': http,
  'admin-catalogue': admin,
  'admin-people': admin,
  'admin-history': admin,
  // Refunds go through Stripe.
  'admin-sales': [...admin, ...stripe],
  'admin-dashboard': admin,
  'admin-statements': admin,
  'admin-ops': admin,
};

/** A consumer reads events, whose personal fields need the personal data key; nothing else unless named below. */
const consumerDefault: readonly SecretName[] = ['PERSONAL_DATA_SECRET'];
const consumerOverrides: Record<string, readonly SecretName[]> = {
  // Ends a deleted account's Toko+ subscription at Stripe.
  'account-erasure': [...consumerDefault, ...stripe],
  // Reads the catalogue through its own HTTP handler, as a guest's request through CloudFront: with the origin secret.
  prerender: [...consumerDefault, 'ORIGIN_SECRET'],
};
export const consumerSecrets = (name: string): readonly SecretName[] => consumerOverrides[name] ?? consumerDefault;

/** The stream relay forwards stored items to queues without opening them. */
export const relaySecrets: readonly SecretName[] = [];

const scheduledOverrides: Record<string, readonly SecretName[]> = {
  // Reads the dashboard's rollups only, which hold no personal field.
  'close-rollup-days': [],
};
export const scheduledSecrets = (name: string): readonly SecretName[] => scheduledOverrides[name] ?? ['PERSONAL_DATA_SECRET'];
