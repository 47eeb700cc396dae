/**
 * The HTTP client: a call names a route of the manifest and passes its contract's input; the client builds the URL,
 * sends the body, parses the answer with the route's answer schema and turns a refusal into an HttpError.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { album, albumTracks } from '#contract/catalogue.js';
import { uploadAvatarAnswer } from '#contract/accounts.js';
import { libraryChange } from '#contract/library.js';
import { startTrackPlayAnswer } from '#contract/plays.js';
import { searchResults } from '#contract/search.js';
import { api, HttpError, isNotFound, pathOf } from './http';
import { albumAnswer } from '../../../test/support/album-answer';

const emptyLibrary = { albumId: 'al-1', inLibrary: true, albums: [], tracks: [] };

/** Answers every fetch with a fresh copy of `response` and records what was asked. */
function replyWith(response: () => Response) {
  const fetch = vi.fn((_url: string, _init?: RequestInit) => Promise.resolve(response()));
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

afterEach(() => vi.unstubAllGlobals());

describe('the URL of a call', () => {
  it("fills the path's {params}, encoded, and adds the query's defined values", () => {
    expect(pathOf('GET /api/albums/{id}/tracks', { id: 'a/b c' })).toBe('/api/albums/a%2Fb%20c/tracks');
    expect(pathOf('GET /api/admin/history/{kind}/{id}', { kind: 'album', id: 'al-1' }, { cursor: undefined, limit: 20 })).toBe(
      '/api/admin/history/album/al-1?limit=20',
    );
    // A space is %20: the gateway reads the query as a URL, not as a form.
    expect(pathOf('GET /api/search', undefined, { q: 'night drive & co' })).toBe('/api/search?q=night%20drive%20%26%20co');
    expect(pathOf('GET /api/search', undefined, { q: '' })).toBe('/api/search?q=');
    expect(pathOf('GET /api/albums', undefined, {})).toBe('/api/albums');
  });

  it('refuses a path whose param is missing rather than asking for a wrong one', () => {
    expect(() => pathOf('GET /api/albums/{id}', {})).toThrow('GET /api/albums/{id}: no id');
    expect(() => pathOf('GET /api/albums/{id}', { id: '' })).toThrow(': no id');
  });
});

describe('a call', () => {
  it("asks with the route's method, credentials and the abort signal, and answers the parsed answer", async () => {
    const fetch = replyWith(() => Response.json(albumAnswer));
    const signal = new AbortController().signal;
    expect(await api('GET /api/albums/{id}', album, { params: { id: 'al 1' }, signal })).toEqual(albumAnswer);
    expect(fetch).toHaveBeenCalledWith(
      '/api/albums/al%201',
      expect.objectContaining({ method: 'GET', credentials: 'include', signal, body: undefined }),
    );
    expect(fetch.mock.calls[0][1]?.headers).toEqual({ Accept: 'application/json' });
  });

  it('sends a body as JSON, and a form as the browser encodes it', async () => {
    const fetch = replyWith(() => Response.json(emptyLibrary));
    await api('POST /api/library/add-album', libraryChange, { body: { albumId: 'al-1' } });
    expect(fetch).toHaveBeenLastCalledWith(
      '/api/library/add-album',
      expect.objectContaining({
        method: 'POST',
        body: '{"albumId":"al-1"}',
        headers: expect.objectContaining({ 'Content-Type': 'application/json' }),
      }),
    );

    const form = new FormData();
    form.append('avatar', new Blob(['jpeg']), 'avatar.jpg');
    const upload = replyWith(() => Response.json({ success: true, avatarUrl: '/media/a.jpg' }));
    await api('POST /api/avatar-upload', uploadAvatarAnswer, { body: form }).catch(() => undefined);
    const [, init] = upload.mock.calls[0];
    expect(init?.body).toBe(form);
    expect(init?.headers).not.toHaveProperty('Content-Type');
  });

  it("turns a refusal into an HttpError with its status and the server's { error, message }", async () => {
    replyWith(() => new Response('{"error":"not_found","message":"Album not found"}', { status: 404, statusText: 'Not Found' }));
    const failure = await api('GET /api/albums/{id}', album, { params: { id: 'x' } }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(HttpError);
    expect(failure).toMatchObject({ status: 404, code: 'not_found', serverMessage: 'Album not found' });
    expect((failure as HttpError).message).toBe('404: {"error":"not_found","message":"Album not found"}');
    expect(isNotFound(failure)).toBe(true);

    replyWith(() => new Response(null, { status: 503, statusText: 'Service Unavailable' }));
    await expect(api('GET /api/albums/{id}', album, { params: { id: 'x' } })).rejects.toThrow('503: Service Unavailable');
  });

  it('rejects an answer that is not what the contract says', async () => {
    replyWith(() => Response.json({ playToken: 42 }));
    await expect(api('POST /api/track-play/start', startTrackPlayAnswer, { body: { albumId: 'al-1', trackId: 't-1' } })).rejects.toThrow(
      'Unexpected answer from POST /api/track-play/start',
    );
  });

  it("takes the first page's early answer for its path once, then asks the server", async () => {
    const fetch = replyWith(() => Response.json({ hasAccess: false, tracks: [] }));
    vi.stubGlobal('window', {
      earlyAnswers: { '/api/albums/al-1/tracks': Promise.resolve(Response.json({ hasAccess: true, tracks: [] })) },
    });
    const tracks = () => api('GET /api/albums/{id}/tracks', albumTracks, { params: { id: 'al-1' } });
    expect(await tracks()).toEqual({ hasAccess: true, tracks: [] });
    expect(fetch).not.toHaveBeenCalled();
    expect(await tracks()).toEqual({ hasAccess: false, tracks: [] });
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});

describe('the compiler checks a call against the manifest and the contract', () => {
  // Each line below fails the typecheck (`npx tsc -p .`) without its @ts-expect-error; run, the client sends what
  // it is given: the compiler, not the client, is the guard.
  it("refuses an unknown route, a wrong method, a wrong body, a missing param and another route's answer", async () => {
    const fetch = replyWith(() => Response.json(emptyLibrary));
    // @ts-expect-error -- no such route in the manifest
    await api('POST /api/library/add-albums', libraryChange, { body: { albumId: 'al-1' } });
    // @ts-expect-error -- the route is a POST
    await api('PUT /api/library/add-album', libraryChange, { body: { albumId: 'al-1' } });
    // @ts-expect-error -- the contract's body is { albumId }
    await api('POST /api/library/add-album', libraryChange, { body: { album: 'al-1' } });
    // @ts-expect-error -- the route takes a body
    await api('POST /api/library/add-album', libraryChange);
    // @ts-expect-error -- the answer schema is another route's (search's), not add-album's
    await api('POST /api/library/add-album', searchResults, { body: { albumId: 'al-1' } }).catch(() => undefined);
    expect(fetch.mock.calls.map(([url, init]) => `${init?.method} ${url}`)).toEqual([
      'POST /api/library/add-albums',
      'PUT /api/library/add-album',
      'POST /api/library/add-album',
      'POST /api/library/add-album',
      'POST /api/library/add-album',
    ]);

    replyWith(() => Response.json(albumAnswer));
    // @ts-expect-error -- the path's {id} is not given
    await expect(api('GET /api/albums/{id}', album, {})).rejects.toThrow(': no id');
    // @ts-expect-error -- a query the route does not read
    await api('GET /api/albums/{id}', album, { params: { id: 'al-1' }, query: { page: 2 } });
  });
});
