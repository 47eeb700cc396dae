/**
 * The local gateway's answers carry the one set of security headers (infra/security-headers.ts) built from the
 * cloud's settings, on every kind of answer: the app's page and assets, the API, media and the error pages.
 */
import { createHash } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import { artworkKey } from '../../infra/seed/catalogue.js';
import { securityHeaders, securityHeaderSourcesFromEnv } from '../../infra/security-headers.js';

const expected = () => securityHeaders(securityHeaderSourcesFromEnv(inject('cloudEnv')));
const at = (path: string, init?: RequestInit) => fetch(new URL(path, inject('baseUrl')), init);

function expectSecurityHeaders(res: Response) {
  for (const [name, value] of Object.entries(expected())) expect(res.headers.get(name), `${name} on ${res.url}`).toBe(value);
}

describe('security headers from the local gateway', () => {
  it('are the definition built from the cloud settings: the media bucket and the Stripe sandbox are its origins', () => {
    const env = inject('cloudEnv');
    const policy = expected()['content-security-policy'];
    expect(policy).toContain(`media-src 'self' ${new URL(env.AWS_ENDPOINT_URL_S3).origin}`);
    expect(policy).toMatch(new RegExp(`frame-src [^;]* ${new URL(inject('stripeSandboxUrl')).origin}(;|$)`));
  });

  it('come with the page, whose every inline script the policy allows by its hash', async () => {
    // A client-side route the SPA's index.html serves (home, artist and album pages are pre-rendered without the script).
    const res = await at('/library', { headers: { accept: 'text/html' } });
    expect(res.status).toBe(200);
    expectSecurityHeaders(res);
    const html = await res.text();
    const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>([\s\S]*?)<\/script>/g)].filter(
      ([, attributes]) => !/type="application\/(ld\+)?json"/.test(attributes),
    );
    expect(inline.length).toBeGreaterThan(0);
    const scriptSources = /script-src ([^;]*)/.exec(expected()['content-security-policy'])?.[1].split(' ') ?? [];
    for (const [, , script] of inline) {
      expect(scriptSources).toContain(`'sha256-${createHash('sha256').update(script).digest('base64')}'`);
    }
    const asset = /<script type="module"[^>]*src="([^"]+)"/.exec(html)?.[1];
    expect(asset).toBeDefined();
    expectSecurityHeaders(await at(asset!));
  });

  it('come with API answers, media and the error pages', async () => {
    const answers = await Promise.all([
      at('/api/albums'),
      at('/api/no-such-route'),
      at('/api/albums', { method: 'PATCH' }),
      at(`/media/${artworkKey('album-first-light')}`),
      at('/media/no-such-object.jpg'),
      at('/assets/no-such-chunk.js'),
      at('/', { method: 'POST' }),
    ]);
    expect(answers.map((res) => res.status)).toEqual([200, 404, 405, 200, 404, 404, 405]);
    for (const res of answers) expectSecurityHeaders(res);
  });

  it("let other sites frame the album's embeddable player, and no other page", async () => {
    const player = await at('/embed/album/album-first-light', { headers: { accept: 'text/html' } });
    expect(player.status).toBe(200);
    const framable = securityHeaders(securityHeaderSourcesFromEnv(inject('cloudEnv')), { framable: true });
    for (const [name, value] of Object.entries(framable)) expect(player.headers.get(name), name).toBe(value);
    expect(player.headers.get('x-frame-options')).toBeNull();
    expect(player.headers.get('content-security-policy')).toContain('frame-ancestors *');
    const album = await at('/album/album-first-light', { headers: { accept: 'text/html' } });
    expect(album.headers.get('x-frame-options')).toBe('DENY');
    expect(album.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
  });
});
