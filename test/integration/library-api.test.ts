import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { issueSessionToken } from '../../functions/platform/session.js';
import { albums as seededAlbums } from '../../infra/seed/catalogue.js';
import { api, eventually, useCloudEnv } from '../support/cloud.js';
import { sandbox } from '../support/commerce.js';
import { listenTo } from '../support/plays.js';
import { signedInListener } from '../support/signed-in.js';

beforeAll(useCloudEnv);

const freeAlbum = seededAlbums.find((a) => a.requiredTier === 'free' && !a.isDummyAlbum)!;
const otherFreeAlbum = seededAlbums.filter((a) => a.requiredTier === 'free' && !a.isDummyAlbum)[1];
const plusAlbum = seededAlbums.find((a) => a.requiredTier === 'toko_plus')!;
const paidAlbum = seededAlbums.find((a) => a.requiredTier === 'purchase_required')!;
const dummyAlbum = seededAlbums.find((a) => a.isDummyAlbum)!;

const listener = signedInListener;

const ids = (list: { id: string }[]) => list.map((item) => item.id);

describe('library API', () => {
  it('refuses guests on every library route with 401', async () => {
    for (const [method, path] of [
      ['GET', '/api/library/albums'],
      ['GET', '/api/library/tracks'],
      ['POST', '/api/library/add-album'],
      ['DELETE', '/api/library/remove-album'],
      ['GET', '/api/favorites'],
      ['POST', '/api/favorites'],
      ['DELETE', '/api/favorites'],
      ['POST', '/api/listening-history'],
      ['GET', '/api/recently-played'],
    ] as const) {
      const res = await api(path, { method, json: method === 'GET' ? undefined : { albumId: freeAlbum.albumId } });
      expect(res, `${method} ${path}`).toMatchObject({ status: 401, body: { error: 'unauthorized', message: 'Not authenticated' } });
    }
  });

  it('adds a free album and answers the new library at once; reads show it at once too', async () => {
    const { call } = await listener();
    const added = await call('/api/library/add-album', { method: 'POST', json: { albumId: freeAlbum.albumId } });
    expect(added.status).toBe(200);
    expect(added.body).toMatchObject({ albumId: freeAlbum.albumId, inLibrary: true });
    expect(added.body.albums).toEqual([
      {
        id: freeAlbum.albumId,
        title: freeAlbum.title,
        artwork: freeAlbum.artwork,
        artistName: expect.any(String),
        artistId: freeAlbum.artistId,
        requiredTier: 'free',
        trackCount: freeAlbum.tracks.length,
        addedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      },
    ]);
    expect(added.body.tracks).toHaveLength(freeAlbum.tracks.length);
    const first = freeAlbum.tracks[0];
    expect(added.body.tracks[0]).toEqual({
      id: first.trackId,
      title: first.title,
      artistName: expect.any(String),
      artistId: freeAlbum.artistId,
      albumTitle: freeAlbum.title,
      albumId: freeAlbum.albumId,
      albumArtwork: freeAlbum.artwork,
      duration: first.duration,
      trackNumber: 1,
      audioUrl: `/media/${first.audioKey}`,
      lyrics: first.lyrics,
    });

    // A read right after the change already shows it (from the stream if the projector is behind).
    expect((await call('/api/library/albums')).body).toEqual(added.body.albums);
    expect((await call('/api/library/tracks')).body).toEqual(added.body.tracks);
    // And the projected view agrees once it has caught up.
    const albums = await eventually(async () => {
      const res = await call('/api/library/albums');
      return res.body.length === 1 && res.body;
    });
    expect(albums).toEqual(added.body.albums);

    // Adding again changes nothing.
    const again = await call('/api/library/add-album', { method: 'POST', json: { albumId: freeAlbum.albumId } });
    expect(again.body.albums).toEqual(added.body.albums);
  });

  it('removes an album, idempotently, and the views follow', async () => {
    const { call } = await listener();
    await call('/api/library/add-album', { method: 'POST', json: { albumId: freeAlbum.albumId } });
    await call('/api/library/add-album', { method: 'POST', json: { albumId: otherFreeAlbum.albumId } });
    const removed = await call('/api/library/remove-album', { method: 'DELETE', json: { albumId: freeAlbum.albumId } });
    expect(removed.status).toBe(200);
    expect(removed.body).toMatchObject({ albumId: freeAlbum.albumId, inLibrary: false });
    expect(ids(removed.body.albums)).toEqual([otherFreeAlbum.albumId]);
    expect(removed.body.tracks.every((t: { albumId: string }) => t.albumId === otherFreeAlbum.albumId)).toBe(true);
    const twice = await call('/api/library/remove-album', { method: 'DELETE', json: { albumId: freeAlbum.albumId } });
    expect(twice.status).toBe(200);
    await eventually(async () => {
      const res = await call('/api/library/albums');
      return JSON.stringify(ids(res.body)) === JSON.stringify([otherFreeAlbum.albumId]);
    });
  });

  it('refuses a dummy album with 400 "Physical Album Only", even to a subscriber', async () => {
    for (const tier of ['free', 'toko_plus'] as const) {
      const { call } = await listener(tier);
      const res = await call('/api/library/add-album', { method: 'POST', json: { albumId: dummyAlbum.albumId } });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: 'physical_album_only', message: expect.stringContaining('Physical Album Only') });
    }
  });

  it('applies the access rules: Toko+ albums need a subscription, albums for sale a purchase or a subscription', async () => {
    const free = await listener('free');
    const gated = await free.call('/api/library/add-album', { method: 'POST', json: { albumId: plusAlbum.albumId } });
    expect(gated.status).toBe(403);
    expect(gated.body).toEqual({ error: 'subscription_required', message: expect.stringContaining('Subscription Required') });
    const paid = await free.call('/api/library/add-album', { method: 'POST', json: { albumId: paidAlbum.albumId } });
    expect(paid.status).toBe(403);
    expect(paid.body).toEqual({ error: 'purchase_required', message: expect.stringContaining('Purchase Required') });
    expect((await free.call('/api/library/albums')).body).toEqual([]);

    // Once the listener has bought the album (checkout paid in the Stripe sandbox, its webhook projected), they may keep it.
    const checkout = await free.call('/api/cart/checkout', {
      method: 'POST',
      json: { cartItems: [{ albumId: paidAlbum.albumId }], includeSubscription: false },
    });
    expect(checkout.status).toBe(200);
    await sandbox(`/sandbox/checkout/sessions/${checkout.body.sessionId}/pay`, { email: free.email });
    await eventually(async () => (await free.call('/api/purchases')).body.purchases.length === 1);
    const owned = await free.call('/api/library/add-album', { method: 'POST', json: { albumId: paidAlbum.albumId } });
    expect(owned.status).toBe(200);
    // Gated audio: a short-lived signed URL, never the public /media/ path (see audio-access.test.ts).
    expect(owned.body.tracks[0].audioUrl).toMatch(/\/audio\/private\/.+X-Amz-Signature=/);

    const plus = await listener('toko_plus');
    const allowed = await plus.call('/api/library/add-album', { method: 'POST', json: { albumId: plusAlbum.albumId } });
    expect(allowed.status).toBe(200);
    expect(allowed.body.albums[0]).toMatchObject({ id: plusAlbum.albumId, requiredTier: 'toko_plus' });
    expect(allowed.body.tracks[0].audioUrl).toMatch(/\/audio\/private\/.+X-Amz-Signature=/);
    expect((await plus.call('/api/library/add-album', { method: 'POST', json: { albumId: paidAlbum.albumId } })).status).toBe(200);
  });

  it('answers 404 for an album or a track that does not exist', async () => {
    const { call } = await listener();
    expect(await call('/api/library/add-album', { method: 'POST', json: { albumId: 'album-nope' } })).toMatchObject({
      status: 404,
      body: { message: 'Album not found' },
    });
    expect((await call('/api/favorites', { method: 'POST', json: { trackId: 'track-nope' } })).status).toBe(404);
    expect((await call('/api/favorites', { method: 'POST', json: { albumId: 'album-nope' } })).status).toBe(404);
    expect((await call('/api/listening-history', { method: 'POST', json: { trackId: 'track-nope' } })).status).toBe(404);
  });

  it("keeps each library to its owner: B neither sees nor changes A's library, whatever B sends", async () => {
    const a = await listener();
    const b = await listener();
    await a.call('/api/library/add-album', { method: 'POST', json: { albumId: freeAlbum.albumId } });
    await a.call('/api/favorites', { method: 'POST', json: { trackId: freeAlbum.tracks[0].trackId } });
    await eventually(async () => (await a.call('/api/favorites')).body.length === 1);
    await eventually(async () => (await a.call('/api/library/albums')).body.length === 1);

    expect((await b.call('/api/library/albums')).body).toEqual([]);
    expect((await b.call('/api/library/tracks')).body).toEqual([]);
    expect((await b.call('/api/favorites')).body).toEqual([]);
    // A user id in the body or the query is never read: the session says who is asking.
    expect((await b.call(`/api/library/albums?userId=${a.userId}`)).body).toEqual([]);
    const removal = await b.call('/api/library/remove-album', { method: 'DELETE', json: { albumId: freeAlbum.albumId, userId: a.userId } });
    expect(removal.body.albums).toEqual([]);
    const unfavorite = await b.call('/api/favorites', {
      method: 'DELETE',
      json: { trackId: freeAlbum.tracks[0].trackId, userId: a.userId },
    });
    expect(unfavorite.body.favorites).toEqual([]);

    await new Promise((r) => setTimeout(r, 500));
    expect(ids((await a.call('/api/library/albums')).body)).toEqual([freeAlbum.albumId]);
    expect((await a.call('/api/favorites')).body.map((f: { trackId: string }) => f.trackId)).toEqual([freeAlbum.tracks[0].trackId]);
  });

  it('refuses a forged or expired session with 401', async () => {
    const { token } = await listener();
    const forged = `${token.slice(0, -4)}AAAA`;
    expect((await api('/api/library/albums', { headers: { authorization: `Bearer ${forged}` } })).status).toBe(401);
    const { userId } = await listener();
    const expired = await issueSessionToken({ userId }, new Date(Date.now() - 7200_000), 60);
    expect((await api('/api/favorites', { headers: { authorization: `Bearer ${await issueSessionToken({ userId })}` } })).status).toBe(200);
    expect((await api('/api/favorites', { headers: { authorization: `Bearer ${expired}` } })).status).toBe(401);
  });

  it('answers 400 with { error, message } to malformed bodies and queries, never a 500, and writes nothing', async () => {
    const { call } = await listener();
    const routes = [
      ['POST', '/api/library/add-album'],
      ['DELETE', '/api/library/remove-album'],
      ['POST', '/api/favorites'],
      ['DELETE', '/api/favorites'],
      ['POST', '/api/listening-history'],
    ] as const;
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...routes),
        fc.oneof(
          fc.anything(),
          fc.record({ albumId: fc.anything(), trackId: fc.anything() }, { requiredKeys: [] }),
          fc.constant({ albumId: '' }),
          fc.constant({ albumId: 'x'.repeat(101) }),
        ),
        async ([method, path], payload) => {
          const res = await call(path, { method, json: payload });
          expect(res.status).toBeLessThan(500);
          if (res.status === 400)
            expect(res.body).toEqual({
              error: expect.any(String),
              message: expect.any(String),
              ...(res.body.fields && { fields: expect.any(Object) }),
            });
        },
      ),
      { numRuns: 50 },
    );
    for (const [method, path] of routes) {
      const broken = await call(path, { method, body: '{not json', headers: { 'content-type': 'application/json' } });
      expect(broken).toMatchObject({ status: 400, body: { error: 'invalid_json' } });
      expect((await call(path, { method, json: {} })).status).toBe(400);
    }
    expect(
      (await call('/api/favorites', { method: 'POST', json: { albumId: freeAlbum.albumId, trackId: freeAlbum.tracks[0].trackId } })).status,
    ).toBe(400);
    for (const limit of ['abc', '0', '51', '-1', '2.5']) expect((await call(`/api/recently-played?limit=${limit}`)).status).toBe(400);
    // Nothing a malformed request carried was written.
    expect((await call('/api/library/albums')).body).toEqual([]);
  });
});

describe('favourites API', () => {
  it('favourites a track with every field of a Favorite, optimistic answer first', async () => {
    const { call, userId } = await listener();
    const track = freeAlbum.tracks[1];
    const res = await call('/api/favorites', { method: 'POST', json: { trackId: track.trackId } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ trackId: track.trackId, favorited: true });
    expect(res.body.favorites).toEqual([
      {
        id: `track:${track.trackId}`,
        kind: 'track',
        trackId: track.trackId,
        userId,
        trackTitle: track.title,
        trackAlbumId: freeAlbum.albumId,
        albumId: freeAlbum.albumId,
        trackDuration: track.duration,
        trackNumber: track.trackNumber,
        artistName: expect.any(String),
        artistId: freeAlbum.artistId,
        albumTitle: freeAlbum.title,
        albumArtwork: freeAlbum.artwork,
        audioUrl: `/media/${track.audioKey}`,
        addedAt: expect.any(String),
      },
    ]);
    const listed = await eventually(async () => {
      const list = (await call('/api/favorites')).body;
      return list.length === 1 && list;
    });
    expect(listed).toEqual(res.body.favorites);

    const removed = await call('/api/favorites', { method: 'DELETE', json: { trackId: track.trackId } });
    expect(removed.body).toMatchObject({ trackId: track.trackId, favorited: false, favorites: [] });
    await eventually(async () => (await call('/api/favorites')).body.length === 0);
  });

  it('favouriting an album answers a count and loves its songs; unfavouriting takes them away again', async () => {
    const { call } = await listener();
    await call('/api/favorites', { method: 'POST', json: { trackId: otherFreeAlbum.tracks[0].trackId } });
    const res = await call('/api/favorites', { method: 'POST', json: { albumId: freeAlbum.albumId } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ albumId: freeAlbum.albumId, favorited: true, count: freeAlbum.tracks.length });
    const kinds = res.body.favorites.map((f: { kind: string; trackId?: string; albumId: string }) =>
      f.kind === 'album' ? `album:${f.albumId}` : f.trackId,
    );
    expect(kinds).toHaveLength(freeAlbum.tracks.length + 2);
    expect(kinds).toContain(`album:${freeAlbum.albumId}`);
    // The album's songs, newest first, in track order.
    const albumSongs = res.body.favorites.filter(
      (f: { kind: string; trackAlbumId?: string }) => f.kind === 'track' && f.trackAlbumId === freeAlbum.albumId,
    );
    expect(albumSongs.map((f: { trackNumber: number }) => f.trackNumber)).toEqual(freeAlbum.tracks.map((t) => t.trackNumber));
    expect((await call('/api/favorites', { method: 'POST', json: { albumId: freeAlbum.albumId } })).body.count).toBe(
      freeAlbum.tracks.length,
    );

    const removed = await call('/api/favorites', { method: 'DELETE', json: { albumId: freeAlbum.albumId } });
    expect(removed.body.favorites.map((f: { trackId?: string }) => f.trackId)).toEqual([otherFreeAlbum.tracks[0].trackId]);
    await eventually(async () => (await call('/api/favorites')).body.length === 1);
  });

  it('lists a gated favourite without its audio for a listener who may not play it', async () => {
    const { call } = await listener('free');
    const res = await call('/api/favorites', { method: 'POST', json: { trackId: plusAlbum.tracks[0].trackId } });
    expect(res.body.favorites[0]).toMatchObject({ trackId: plusAlbum.tracks[0].trackId, audioUrl: null });
  });
});

describe('listening history', () => {
  it('answers the last distinct tracks played, newest first, from history and counted plays', async () => {
    const { call } = await listener();
    const [t1, t2, t3] = freeAlbum.tracks;
    for (const track of [t1, t2, t1]) {
      const res = await call('/api/listening-history', { method: 'POST', json: { trackId: track.trackId } });
      expect(res).toMatchObject({ status: 202, body: { recorded: true } });
      await new Promise((r) => setTimeout(r, 15));
    }
    const played = await listenTo(call, { trackId: t3.trackId, albumId: freeAlbum.albumId, duration: t3.duration });
    expect(played.status).toBe(202);

    const recent = await eventually(async () => {
      const list = (await call('/api/recently-played?limit=20')).body;
      return list.length === 3 && list;
    });
    expect(ids(recent)).toEqual([t3.trackId, t1.trackId, t2.trackId]);
    expect(recent[0]).toEqual({
      id: t3.trackId,
      trackId: t3.trackId,
      title: t3.title,
      artistName: expect.any(String),
      artistId: freeAlbum.artistId,
      albumId: freeAlbum.albumId,
      albumTitle: freeAlbum.title,
      albumArtwork: freeAlbum.artwork,
      duration: t3.duration,
      audioUrl: `/media/${t3.audioKey}`,
      playedAt: expect.any(String),
    });
    expect(ids((await call('/api/recently-played?limit=2')).body)).toEqual([t3.trackId, t1.trackId]);
    expect(ids((await call('/api/recently-played')).body)).toHaveLength(3);

    // Another listener's history is their own.
    expect((await (await listener()).call('/api/recently-played')).body).toEqual([]);
  });
});
