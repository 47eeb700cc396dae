/** Configuration, read once at start through a schema that names every missing or bad variable. */
import * as z from 'zod/mini';
import './zod-english.js';
import { loadedSecrets, resetSecrets, secretsGeneration, type SecretName } from './secrets.js';

const text = z.string().check(z.minLength(1));
/** A secret: 32 characters at least, and given only to the functions that use it. */
const secretValue = z.optional(z.string().check(z.minLength(32)));
/** A count given as a string, as environment variables are. */
const count = z.coerce.number().check(z.int(), z.positive());

const envSchema = z.object({
  TABLE_EVENTS: text,
  TABLE_VIEWS: text,
  /** The view items written on nearly every event: checkpoints and counters (functions/platform/views.ts). */
  TABLE_COUNTERS: text,
  TABLE_EPHEMERAL: text,
  /** The data key of each person (functions/platform/personal-data.ts). */
  TABLE_KEYS: text,
  MEDIA_BUCKET: text,
  /** Queue names are `<QUEUE_PREFIX><consumer>.fifo`. */
  QUEUE_PREFIX: z._default(z.string(), 'toko-'),
  /*
   * The secrets (functions/platform/secrets.ts): each function has only its own, so each is optional here; code that needs
   * one reads it with secret(), which names a missing one.
   */
  /** HMAC key for session tokens (HS256), at least 32 characters. */
  SESSION_SECRET: secretValue,
  /** The key-encryption key of the personal data keys, at least 32 characters; from the secret store like SESSION_SECRET. */
  PERSONAL_DATA_SECRET: secretValue,
  /** The second factor's own secret: it seals the admins' TOTP secrets and keys their recovery codes (functions/accounts/totp.ts). */
  SECOND_FACTOR_SECRET: secretValue,
  /** The download links' own secret: it signs the short-lived album download links (functions/commerce/commerce.ts). */
  DOWNLOAD_LINK_SECRET: secretValue,
  /**
   * The secret CloudFront adds to every request it sends the API (header `x-toko-origin`, functions/platform/http.ts): set,
   * a request without it (one sent to the API's own endpoint, around CloudFront) is refused. The local gateway adds it too.
   */
  ORIGIN_SECRET: secretValue,
  /** Public origin of the app, for the Origin check and links in mail. */
  APP_ORIGIN: z.url(),
  BUILD_TIME: z.optional(z.string()),
  /** Stripe: the SDK talks to Stripe itself unless STRIPE_API_HOST points it elsewhere (the local cloud's sandbox). */
  STRIPE_SECRET_KEY: z.optional(text),
  STRIPE_WEBHOOK_SECRET: z.optional(text),
  STRIPE_API_HOST: z.optional(text),
  STRIPE_API_PORT: z.optional(count),
  STRIPE_API_PROTOCOL: z.optional(z.enum(['http', 'https'])),
  /**
   * Stripe's publishable key: set (real Stripe), the SPA mounts Stripe's embedded form with Stripe.js; unset (a
   * Stripe-compatible sandbox, which has its own page for embedded sessions), it shows that page or the hosted one.
   */
  STRIPE_PUBLISHABLE_KEY: z.optional(text),
  /**
   * The merch shop: the Shopify store whose Storefront API serves it (a shop's domain, or an origin such as the local
   * cloud's Shopify sandbox), its Storefront access token, and the secret its webhooks are signed with. Unset, the shop is unavailable.
   */
  SHOPIFY_STORE_DOMAIN: z.optional(text),
  SHOPIFY_STOREFRONT_TOKEN: z.optional(text),
  SHOPIFY_WEBHOOK_SECRET: z.optional(text),
  /**
   * The shop's discount code for Toko+ members (set up in Shopify's admin to give brand.memberMerchDiscountPercent off
   * the items). The server puts it on a signed-in member's cart and on no one else's; unset, members get no merch discount
   * and the bag promises none.
   */
  SHOPIFY_MEMBER_DISCOUNT_CODE: z.optional(text),
  APP_VERSION: z._default(z.string(), 'dev'),
  /** The first admin account, made (or its password reset) by ensureFirstAdmin() on start. */
  ADMIN_EMAIL: z.optional(z.email()),
  ADMIN_PASSWORD: z.optional(z.string().check(z.minLength(8))),
  /** Sign-in messages one IP may ask for per 15 minutes (each e-mail address gets 5). */
  SIGNIN_LIMIT_PER_IP: z._default(count, 100),
  /** The site bucket: the SPA's build, and the pre-rendered pages under pages/ (functions/catalogue/consumers/prerender.ts). */
  SITE_BUCKET: z.optional(text),
  /** Where the pre-rendered pages' renderer is loaded from: its layer's module, or a file URL (the local cloud's build). */
  PAGE_RENDERER: z._default(text, 'toko-page-renderer'),
  /** The CloudFront KeyValueStore (ARN) listing the pre-rendered pages for the edge (functions/catalogue/page-list.ts); none locally. */
  PAGE_LIST_STORE: z.optional(text),
  /** The most plays one listener's day counts (functions/listening/domain/plays.ts); unset, DAILY_PLAY_CEILING, a day of listening. */
  PLAYS_PER_LISTENER_DAY: z.optional(count),
  /** Events of the log a blue/green rebuild reads per second at most (functions/operations/rebuild.ts): it runs beside live traffic. */
  REBUILD_EVENTS_PER_SECOND: z._default(count, 4000),
});
type Env = z.infer<typeof envSchema>;

let cached: { env: Env; generation: number } | undefined;

/** The settings, with the secrets read at run time (loadSecrets) over the plain ones. */
export function env(): Env {
  if (cached && cached.generation === secretsGeneration()) return cached.env;
  const parsed = envSchema.safeParse({ ...process.env, ...loadedSecrets() });
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Bad configuration: ${problems}`);
  }
  cached = { env: parsed.data, generation: secretsGeneration() };
  return cached.env;
}

/** A secret this code cannot do without; throws, naming it, when the function was not given it. */
export function secret(
  name: Extract<SecretName, 'SESSION_SECRET' | 'PERSONAL_DATA_SECRET' | 'SECOND_FACTOR_SECRET' | 'DOWNLOAD_LINK_SECRET'>,
): string {
  const value = env()[name];
  if (!value) throw new Error(`Bad configuration: ${name} is not one of this function's secrets (functions/secrets.ts names them)`);
  return value;
}

/** For the local cloud and tests, which set the environment after modules load. */
export function resetEnvCache() {
  cached = undefined;
  resetSecrets();
}
