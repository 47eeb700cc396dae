import { afterEach, describe, expect, it, vi } from 'vitest';
import * as z from 'zod/mini';
import { externalListenLinks, isPlusExclusive, isTrackPlayable } from '../../frontend/src/features/albums/album-access';
import { artistSocialLinks } from '../../frontend/src/features/artists/social-links';
import { HttpError, isNotFound, request } from '../../frontend/src/lib/http';
import { album as albumSchema, albumTracks as albumTracksSchema, type Album } from '../../functions/contract/catalogue';

const albumAnswer = {
  id: 'al-1',
  title: 'Night Drive',
  artwork: '/media/images/night-drive.png',
  description: null,
  artistId: 'ar-1',
  artistName: 'The Band',
  albumType: 'EP',
  releaseDate: '2024-05-01',
  requiredTier: 'free',
  isExclusive: false,
  isAvailableForPurchase: true,
  stripeProductId: 'prod_1',
  stripePriceDefault: 9.99,
  stripePriceSubscriber: 6.99,
  price: 9.99,
  isDummyAlbum: false,
  rightsOwner: null,
  externalListenUrl: null,
  spotifyUrl: 'https://open.spotify.com/album/1',
  appleMusicUrl: null,
  youtubeUrl: null,
  amazonMusicUrl: null,
  deezerUrl: null,
  copyright: '© 2024 Toko Records',
  trackCount: 2,
  totalDuration: 400,
  playCount: 7,
};
const album = (changes: Partial<typeof albumAnswer> = {}): Album => albumSchema.parse({ ...albumAnswer, ...changes });

describe('the catalogue answers', () => {
  it('parse an album as docs/api-catalogue.md describes it', () => {
    expect(album()).toMatchObject({ id: 'al-1', requiredTier: 'free', playCount: 7, totalDuration: 400 });
  });

  it('reject an unknown tier', () => {
    expect(albumSchema.safeParse({ ...albumAnswer, requiredTier: 'gold' }).success).toBe(false);
  });

  it('parse a track list with null audio when the listener has no access', () => {
    const answer = albumTracksSchema.parse({
      hasAccess: false,
      tracks: [{ id: 't1', albumId: 'al-1', title: 'One', trackNumber: 1, duration: 200, hasLyrics: false, audioUrl: null, playCount: 3 }],
    });
    expect(answer.tracks[0]).toMatchObject({ audioUrl: null, playCount: 3 });
  });
});

describe('access', () => {
  const playable = { audioUrl: '/media/audio/one.mp3' };
  it('lets a track play only with access, audio, and rights held here', () => {
    expect(isTrackPlayable(album(), true, playable)).toBe(true);
    expect(isTrackPlayable(album(), false, playable)).toBe(false);
    expect(isTrackPlayable(album(), true, { audioUrl: null })).toBe(false);
    expect(isTrackPlayable(album({ isDummyAlbum: true }), true, playable)).toBe(false);
  });

  it('marks a Toko+ album exclusive only when it says so', () => {
    expect(isPlusExclusive(album({ requiredTier: 'toko_plus', isExclusive: true }), 'toko_plus')).toBe(true);
    expect(isPlusExclusive(album({ requiredTier: 'toko_plus', isExclusive: false }), 'toko_plus')).toBe(false);
    expect(isPlusExclusive(album({ requiredTier: 'free', isExclusive: true }), 'toko_plus')).toBe(false);
  });

  it('lists the external places a physical-only album can be heard', () => {
    expect(externalListenLinks(album())).toEqual([{ platform: 'spotify', name: 'Spotify', url: 'https://open.spotify.com/album/1' }]);
  });

  it('reads an artist’s links from their JSON string, keeping only web addresses that are set', () => {
    expect(artistSocialLinks('{"instagram":"https://instagram.com/band","website":"javascript:alert(1)","tiktok":""}')).toEqual([
      { platform: 'instagram', name: 'Instagram', url: 'https://instagram.com/band' },
    ]);
    expect(artistSocialLinks('not json')).toEqual([]);
    expect(artistSocialLinks('')).toEqual([]);
  });
});

describe('the HTTP client', () => {
  afterEach(() => vi.unstubAllGlobals());

  const replyWith = (response: Response) => {
    const fetch = vi.fn(() => Promise.resolve(response));
    vi.stubGlobal('fetch', fetch);
    return fetch;
  };

  it('turns a non-OK reply into an error reading "<status>: <body>"', async () => {
    replyWith(new Response('{"error":"not_found","message":"Album not found"}', { status: 404, statusText: 'Not Found' }));
    const failure = await request('/api/albums/x', albumSchema).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(HttpError);
    expect((failure as HttpError).message).toBe('404: {"error":"not_found","message":"Album not found"}');
    expect(isNotFound(failure)).toBe(true);
  });

  it('uses the status text when the body is empty', async () => {
    replyWith(new Response(null, { status: 503, statusText: 'Service Unavailable' }));
    await expect(request('/api/albums', z.array(albumSchema))).rejects.toThrow('503: Service Unavailable');
  });

  it('sends JSON with credentials and checks the answer', async () => {
    const fetch = replyWith(Response.json({ recorded: true }));
    const answer = await request('/api/track-play', z.object({ recorded: z.boolean() }), { method: 'POST', body: { trackId: 't1' } });
    expect(answer).toEqual({ recorded: true });
    expect(fetch).toHaveBeenCalledWith(
      '/api/track-play',
      expect.objectContaining({ method: 'POST', credentials: 'include', body: '{"trackId":"t1"}' }),
    );
  });

  it("uses the first page's early answer once, and asks the server again after that or when it failed", async () => {
    const fetch = vi.fn(() => Promise.resolve(Response.json({ recorded: false })));
    vi.stubGlobal('fetch', fetch);
    vi.stubGlobal('window', {
      earlyAnswers: {
        '/api/plays': Promise.resolve(Response.json({ recorded: true })),
        '/api/lost': Promise.reject(new TypeError('offline')),
      },
    });
    const schema = z.object({ recorded: z.boolean() });
    expect(await request('/api/plays', schema)).toEqual({ recorded: true });
    expect(fetch).not.toHaveBeenCalled();
    expect(await request('/api/plays', schema)).toEqual({ recorded: false });
    expect(await request('/api/lost', schema)).toEqual({ recorded: false });
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('rejects an answer of the wrong shape', async () => {
    replyWith(Response.json({ recorded: 'yes' }));
    await expect(request('/api/track-play', z.object({ recorded: z.boolean() }))).rejects.toThrow(
      'Unexpected answer from GET /api/track-play',
    );
  });
});
