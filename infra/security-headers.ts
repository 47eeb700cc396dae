/**
 * The app's security headers, one definition: the local gateway sends them on every answer and CloudFront's response
 * headers policy is built from them (infra/aws/web-stack.ts), so what a browser is allowed is the same in both.
 */
import { createHash } from 'node:crypto';
import { earlyAnswersScript } from '../frontend/build/early-answers.js';
import { pageStarterScript } from '../frontend/src/prerender/page-starter.js';

/** What differs between deployments: origins that come from configuration, never from where the code runs. */
export interface SecurityHeaderSources {
  /**
   * The media bucket's own origin, besides the app's `/media/`: gated audio plays from S3 presigned URLs and admin
   * uploads post straight to the bucket.
   */
  mediaOrigins: readonly string[];
  /**
   * Checkout pages the app shows in a frame besides Stripe's own: the pages of a Stripe-compatible API the functions are
   * pointed at (the local cloud's sandbox), named by the same settings (STRIPE_API_*).
   */
  checkoutOrigins: readonly string[];
}

/**
 * Stripe's origins for Stripe.js and its embedded Checkout, as Stripe's CSP guide lists them
 * (docs.stripe.com/security/guide#content-security-policy): Stripe.js itself, the frames it mounts (the embedded form,
 * 3-D Secure through hooks), and the APIs it calls. Stripe.js loads only when checkout opens with real keys.
 * The Address Element's Google Maps origins are left out: embedded Checkout collects addresses inside its own frame.
 */
const STRIPE_ORIGINS = {
  script: ['https://js.stripe.com'],
  frame: ['https://js.stripe.com', 'https://hooks.stripe.com', 'https://checkout.stripe.com'],
  connect: ['https://api.stripe.com', 'https://checkout.stripe.com'],
} as const;

/** The exclusive videos' player (the no-cookie domain, so watching sets no tracking cookie before play). */
const VIDEO_FRAME_ORIGIN = 'https://www.youtube-nocookie.com';
/** The exclusive videos' thumbnails, which the video lists show from YouTube's image host. */
const VIDEO_THUMBNAIL_ORIGIN = 'https://i.ytimg.com';

/** `'sha256-…'`: a CSP source that allows one inline script by its exact text. */
const scriptHash = (script: string) => `'sha256-${createHash('sha256').update(script, 'utf8').digest('base64')}'`;

/**
 * The inline scripts: index.html's early-answers script (frontend/build/early-answers.ts) and the pre-rendered pages'
 * starter (frontend/src/prerender/page-starter.ts).
 */
const INLINE_SCRIPT_HASHES = [scriptHash(earlyAnswersScript), scriptHash(pageStarterScript)];

/**
 * Whether the answer is a page any site may frame (functions/platform/edge-headers.ts: the embeddable players only): it says
 * so with frame-ancestors * and no X-Frame-Options; everything else is framed by no one.
 */
export interface Framing {
  framable?: boolean;
}

/** Directive → sources, in the order the header lists them. */
export function contentSecurityPolicyDirectives(
  { mediaOrigins, checkoutOrigins }: SecurityHeaderSources,
  { framable = false }: Framing = {},
): Array<[string, string[]]> {
  return [
    ['default-src', ["'self'"]],
    ['script-src', ["'self'", ...INLINE_SCRIPT_HASHES, ...STRIPE_ORIGINS.script]],
    // Radix and the pre-rendered pages set style attributes; styles cannot run code.
    ['style-src', ["'self'", "'unsafe-inline'"]],
    // data: the brand's icon in the page; blob: the preview of an image chosen for upload (admin artwork, avatar crop).
    ['img-src', ["'self'", 'data:', 'blob:', ...mediaOrigins, VIDEO_THUMBNAIL_ORIGIN]],
    ['media-src', ["'self'", ...mediaOrigins]],
    ['connect-src', ["'self'", ...mediaOrigins, ...STRIPE_ORIGINS.connect]],
    // 'self' and the media origin: an album's ZIP downloads in a hidden frame (features/purchases/album-download.ts)
    // from /api/downloads/…, which redirects to the bucket's signed URL.
    ['frame-src', ["'self'", ...mediaOrigins, ...STRIPE_ORIGINS.frame, VIDEO_FRAME_ORIGIN, ...checkoutOrigins]],
    ['font-src', ["'self'"]],
    ['worker-src', ["'self'"]],
    ['manifest-src', ["'self'"]],
    ['object-src', ["'none'"]],
    ['base-uri', ["'self'"]],
    ['form-action', ["'self'"]],
    ['frame-ancestors', [framable ? '*' : "'none'"]],
  ];
}

const contentSecurityPolicy = (sources: SecurityHeaderSources, framing: Framing = {}): string =>
  contentSecurityPolicyDirectives(sources, framing)
    .map(([directive, values]) => [directive, ...new Set(values)].join(' '))
    .join('; ');

/** Two years, subdomains included (the app's own host; a deployment's custom domain is HTTPS-only by its certificate). */
export const HSTS = { maxAgeSeconds: 63_072_000, includeSubdomains: true } as const;
const REFERRER_POLICY = 'strict-origin-when-cross-origin';

/**
 * Powerful features the app never uses are off for it and every frame; payment stays with the app and the checkout
 * frames (Stripe's wallets in its embedded form). Autoplay, fullscreen and media keys stay at the browser's defaults:
 * the player and the video frame need them.
 */
function permissionsPolicy({ checkoutOrigins }: Pick<SecurityHeaderSources, 'checkoutOrigins'>): string {
  const payment = ['self', ...[...STRIPE_ORIGINS.frame, ...checkoutOrigins].map((origin) => `"${origin}"`)];
  return [
    'accelerometer=()',
    'browsing-topics=()',
    'camera=()',
    'display-capture=()',
    'geolocation=()',
    'gyroscope=()',
    'magnetometer=()',
    'microphone=()',
    `payment=(${[...new Set(payment)].join(' ')})`,
    'usb=()',
  ].join(', ');
}

/** Every header of the set, by lower-case name, as the local gateway sends them (a framable page has no X-Frame-Options). */
export function securityHeaders(sources: SecurityHeaderSources, framing: Framing = {}): Record<string, string> {
  return {
    'content-security-policy': contentSecurityPolicy(sources, framing),
    'strict-transport-security': `max-age=${HSTS.maxAgeSeconds}${HSTS.includeSubdomains ? '; includeSubDomains' : ''}`,
    'x-content-type-options': 'nosniff',
    ...(framing.framable ? {} : { 'x-frame-options': 'DENY' }),
    'referrer-policy': REFERRER_POLICY,
    'permissions-policy': permissionsPolicy(sources),
  };
}

/**
 * The sources from the settings the functions read (functions/platform/env.ts, the AWS SDK's endpoint variables): the media
 * bucket's S3 origin when an endpoint is set (the local cloud's S3, path-style), and the Stripe-compatible API's origin
 * when STRIPE_API_HOST points the Stripe SDK elsewhere. Unset, Stripe's own origins (always in the policy) are the ones.
 */
export function securityHeaderSourcesFromEnv(env: Readonly<Record<string, string | undefined>>): SecurityHeaderSources {
  const s3 = env.AWS_ENDPOINT_URL_S3 ?? env.AWS_ENDPOINT_URL;
  const mediaOrigins = s3 ? [bucketOrigin(new URL(s3), env.MEDIA_BUCKET, env.S3_FORCE_PATH_STYLE === 'true')] : [];
  const checkoutOrigins = env.STRIPE_API_HOST
    ? [
        new URL(`${env.STRIPE_API_PROTOCOL ?? 'https'}://${env.STRIPE_API_HOST}${env.STRIPE_API_PORT ? `:${env.STRIPE_API_PORT}` : ''}`)
          .origin,
      ]
    : [];
  return { mediaOrigins, checkoutOrigins };
}

/** The origin presigned URLs of the bucket carry: the endpoint's, or the bucket's virtual host under it. */
function bucketOrigin(endpoint: URL, bucket: string | undefined, pathStyle: boolean): string {
  if (pathStyle || !bucket) return endpoint.origin;
  return `${endpoint.protocol}//${bucket}.${endpoint.host}`;
}
