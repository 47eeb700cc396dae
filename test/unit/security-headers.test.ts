/** The one definition of the security headers: the policy's sources, the inline script's hash, the origins from settings. */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { earlyAnswersScript, withEarlyAnswers } from '../../frontend/build/early-answers.js';
import { pageStarterScript } from '../../frontend/src/prerender/page-starter.js';
import {
  contentSecurityPolicyDirectives,
  securityHeaders,
  securityHeaderSourcesFromEnv,
  type SecurityHeaderSources,
} from '../../infra/security-headers.js';
import { isFramablePath } from '../../functions/platform/edge-headers.js';

const sources: SecurityHeaderSources = { mediaOrigins: ['https://media.example'], checkoutOrigins: ['http://127.0.0.1:4242'] };
const directives = (s: SecurityHeaderSources = sources) => new Map(contentSecurityPolicyDirectives(s));

describe('security headers', () => {
  it('allow scripts from the app, the early-answers and page starter scripts by their hashes, and Stripe.js; never another inline script or eval', () => {
    const script = directives().get('script-src') ?? [];
    const hash = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
    expect(script).toEqual(["'self'", hash(earlyAnswersScript), hash(pageStarterScript), 'https://js.stripe.com']);
    const policy = securityHeaders(sources)['content-security-policy'];
    expect(policy).toContain("default-src 'self'");
    expect(policy).toContain("object-src 'none'");
    expect(policy).toContain("frame-ancestors 'none'");
  });

  it('frame the app and media (album downloads), Stripe, the no-cookie video player and the configured checkout origin, and nothing else', () => {
    expect(directives().get('frame-src')).toEqual([
      "'self'",
      'https://media.example',
      'https://js.stripe.com',
      'https://hooks.stripe.com',
      'https://checkout.stripe.com',
      'https://www.youtube-nocookie.com',
      'http://127.0.0.1:4242',
    ]);
  });

  it('read and upload media from the app and the media origin, and connect to Stripe', () => {
    const policy = directives();
    expect(policy.get('img-src')).toEqual(["'self'", 'data:', 'blob:', 'https://media.example', 'https://i.ytimg.com']);
    expect(policy.get('media-src')).toEqual(["'self'", 'https://media.example']);
    expect(policy.get('connect-src')).toEqual(["'self'", 'https://media.example', 'https://api.stripe.com', 'https://checkout.stripe.com']);
  });

  it('let any site frame the embeddable players under /embed/ only: the rest is framed by no one', () => {
    const page = securityHeaders(sources);
    const player = securityHeaders(sources, { framable: true });
    expect(page['x-frame-options']).toBe('DENY');
    expect(page['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(player['x-frame-options']).toBeUndefined();
    expect(player['content-security-policy']).toContain('frame-ancestors *');
    expect(player['content-security-policy'].replace('frame-ancestors *', "frame-ancestors 'none'")).toBe(page['content-security-policy']);
    expect(isFramablePath('/embed/album/album-first-light')).toBe(true);
    for (const path of ['/album/album-first-light', '/', '/embedded', '/api/embed/album/x']) expect(isFramablePath(path)).toBe(false);
  });

  it('send HSTS, nosniff, the referrer policy and a permissions policy that keeps payment for checkout', () => {
    const headers = securityHeaders(sources);
    expect(headers['strict-transport-security']).toBe('max-age=63072000; includeSubDomains');
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(headers['permissions-policy']).toContain('camera=()');
    expect(headers['permissions-policy']).toContain('microphone=()');
    expect(headers['permissions-policy']).toContain('geolocation=()');
    expect(headers['permissions-policy']).toContain('payment=(self "https://js.stripe.com"');
    expect(headers['permissions-policy']).toContain('"http://127.0.0.1:4242")');
    expect(headers['permissions-policy']).not.toMatch(/autoplay|fullscreen/);
  });

  it('take the media and checkout origins from the settings the functions read', () => {
    expect(
      securityHeaderSourcesFromEnv({
        AWS_ENDPOINT_URL_S3: 'http://127.0.0.1:4566',
        S3_FORCE_PATH_STYLE: 'true',
        MEDIA_BUCKET: 'toko-media',
        STRIPE_API_HOST: '127.0.0.1',
        STRIPE_API_PORT: '4242',
        STRIPE_API_PROTOCOL: 'http',
      }),
    ).toEqual({ mediaOrigins: ['http://127.0.0.1:4566'], checkoutOrigins: ['http://127.0.0.1:4242'] });
    expect(securityHeaderSourcesFromEnv({ AWS_ENDPOINT_URL_S3: 'https://s3.example', MEDIA_BUCKET: 'toko-media' }).mediaOrigins).toEqual([
      'https://toko-media.s3.example',
    ]);
    // Stripe itself: its origins are always in the policy, nothing is added.
    expect(securityHeaderSourcesFromEnv({})).toEqual({ mediaOrigins: [], checkoutOrigins: [] });
  });

  it('write the early-answers script into the page exactly as the hash was computed from it', () => {
    const page = withEarlyAnswers('<head><!-- early-answers --></head>');
    expect(page).toBe(`<head><script>${earlyAnswersScript}</script></head>`);
    expect(() => withEarlyAnswers('<head></head>')).toThrow(/early-answers/);
  });
});
