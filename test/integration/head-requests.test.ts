/** HEAD is answered wherever GET is: the API (each GET route's HEAD, as the deployed API's HEAD routes), media and the app. */
import { describe, expect, inject, it } from 'vitest';
import { artworkKey } from '../../infra/seed/catalogue.js';

const at = (path: string, init?: RequestInit) => fetch(new URL(path, inject('baseUrl')), init);

/** A GET and a HEAD of the same path, with the HEAD's body as bytes (a HEAD must have none). */
async function getAndHead(path: string, headers: Record<string, string> = {}) {
  const [get, head] = await Promise.all([at(path, { headers }), at(path, { method: 'HEAD', headers })]);
  const getBody = Buffer.from(await get.arrayBuffer());
  const headBody = Buffer.from(await head.arrayBuffer());
  return { get, head, getBody, headBody };
}

describe('HEAD', () => {
  it('is answered by every GET route of the API, as the GET without its body', async () => {
    for (const path of ['/api/albums', '/api/albums/album-first-light', '/api/session/validate']) {
      const { get, head, getBody, headBody } = await getAndHead(path, { 'accept-encoding': 'identity' });
      expect(head.status, path).toBe(get.status);
      expect(head.headers.get('content-type'), path).toBe(get.headers.get('content-type'));
      expect(Number(head.headers.get('content-length')), path).toBe(getBody.length);
      expect(headBody.length, path).toBe(0);
    }
    const missing = await at('/api/albums/no-such-album', { method: 'HEAD' });
    expect(missing.status).toBe(404);
  });

  it('is allowed with GET, and only where GET is', async () => {
    const wrong = await at('/api/albums', { method: 'DELETE' });
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get('allow')).toBe('GET, HEAD');
    // A path with no GET route has no HEAD either.
    const postOnly = await at('/api/track-play', { method: 'HEAD' });
    expect(postOnly.status).toBe(405);
    expect(postOnly.headers.get('allow')).toBe('POST');
  });

  it('is answered for media, whole or a range, and for the app', async () => {
    const whole = await getAndHead(`/media/${artworkKey('album-first-light')}`);
    expect(whole.head.status).toBe(200);
    expect(Number(whole.head.headers.get('content-length'))).toBe(whole.getBody.length);
    expect(whole.head.headers.get('accept-ranges')).toBe('bytes');
    expect(whole.headBody.length).toBe(0);

    const range = await at(`/media/${artworkKey('album-first-light')}`, { method: 'HEAD', headers: { range: 'bytes=0-99' } });
    expect(range.status).toBe(206);
    expect(range.headers.get('content-length')).toBe('100');

    const page = await getAndHead('/album/album-first-light', { accept: 'text/html', 'accept-encoding': 'identity' });
    expect(page.head.status).toBe(200);
    expect(page.head.headers.get('content-type')).toMatch(/text\/html/);
    expect(page.headBody.length).toBe(0);
  });
});
