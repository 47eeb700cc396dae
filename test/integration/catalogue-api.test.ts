import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { api, eventually } from '../support/cloud.js';
import { guest, qualifyingMs, reportPlay, sleep, startPlay } from '../support/plays.js';

interface Album {
  id: string;
  requiredTier: string;
  isDummyAlbum: boolean;
  releaseDate: string;
  playCount: number;
  artistId: string;
  trackCount: number;
}

const albums = async () => (await api('/api/albums')).body as Album[];

describe('catalogue API on the seeded label', () => {
  it('lists the seeded albums, newest first, free, Toko+, for sale and physical only among them', async () => {
    const list = await albums();
    expect(list.length).toBeGreaterThanOrEqual(7);
    expect(list.map((a) => a.releaseDate)).toEqual([...list.map((a) => a.releaseDate)].sort().reverse());
    for (const tier of ['free', 'toko_plus', 'purchase_required']) expect(list.some((a) => a.requiredTier === tier)).toBe(true);
    expect(list.some((a) => a.isDummyAlbum)).toBe(true);
    expect(list[0].requiredTier).toBe('free');
  });

  it('answers an album, its tracks with access, its artist and their albums', async () => {
    const [featured] = await albums();
    const album = await api(`/api/albums/${featured.id}`);
    expect(album.status).toBe(200);
    const tracks = await api(`/api/albums/${featured.id}/tracks`);
    expect(tracks.body.hasAccess).toBe(true);
    expect(tracks.body.tracks).toHaveLength(featured.trackCount);
    expect(tracks.body.tracks[0].audioUrl).toMatch(/^\/media\/audio\/.+\.mp3$/);
    const artist = await api(`/api/artists/${featured.artistId}`);
    expect(artist.status).toBe(200);
    expect((await api('/api/artists')).body.map((a: { id: string }) => a.id)).toContain(featured.artistId);
    const byArtist = await api(`/api/albums/by-artist/${featured.artistId}`);
    expect(byArtist.body.map((a: Album) => a.id)).toContain(featured.id);
  });

  it('keeps gated audio away from a guest', async () => {
    const gated = (await albums()).find((a) => a.requiredTier === 'toko_plus')!;
    const tracks = await api(`/api/albums/${gated.id}/tracks`);
    expect(tracks.body.hasAccess).toBe(false);
    for (const t of tracks.body.tracks) expect(t.audioUrl).toBeNull();
  });

  it('counts the media bucket: the seed’s 19 images and 41 audio files, plus what admins uploaded since', async () => {
    // Other tests share this cloud and upload artwork and tracks, so the seed's counts are the floor.
    const status = await api('/api/deployment-status');
    expect(status.body.hasUploads).toBe(true);
    expect(status.body.imagesCount).toBeGreaterThanOrEqual(19);
    expect(status.body.audioCount).toBeGreaterThanOrEqual(41);
  });

  it('never serves album downloads or masters as public media', async () => {
    expect((await api('/media/downloads/album-first-light/First%20Light.zip')).status).toBe(404);
    expect((await api('/media/%64ownloads/anything.zip')).status).toBe(404);
    expect((await api('/media/masters/album-first-light/track.wav')).status).toBe(404);
  });

  it('says "Album not found" with 404 for an unknown album, and 404 for an unknown artist', async () => {
    expect(await api('/api/albums/nope')).toMatchObject({ status: 404, body: { error: 'not_found', message: 'Album not found' } });
    expect((await api('/api/artists/nope')).status).toBe(404);
    expect((await api('/api/tracks/nope/lyrics')).status).toBe(404);
  });

  it('counts a qualifying play and ignores one reported before its time', async () => {
    const [featured] = await albums();
    const { body } = await api(`/api/albums/${featured.id}/tracks`);
    const track = body.tracks[0];
    const before = (await api(`/api/albums/${featured.id}`)).body.playCount as number;
    const played = { trackId: track.id as string, albumId: featured.id };
    const listener = guest();
    const token = await startPlay(listener, played);
    expect(await reportPlay(listener, played, token)).toMatchObject({ status: 200, body: { recorded: false } });
    await sleep(qualifyingMs(track.duration as number));
    expect(await reportPlay(listener, played, token)).toMatchObject({ status: 202, body: { recorded: true } });
    // A seeded album: other files running meanwhile may play it too, so its count is compared as "at least".
    const after = await eventually(async () => {
      const n = (await api(`/api/albums/${featured.id}`)).body.playCount as number;
      return n > before && n;
    });
    expect(after).toBeGreaterThanOrEqual(before + 1);
    const stats = await api(`/api/albums/${featured.id}/update-stats`, { method: 'POST' });
    expect(stats.body).toEqual({ albumId: featured.id, playCount: expect.any(Number) });
    expect(stats.body.playCount).toBeGreaterThanOrEqual(after);
  });

  it('refuses a play of a track that does not exist, or of another album', async () => {
    const [a, b] = await albums();
    const { body } = await api(`/api/albums/${a.id}/tracks`);
    expect((await api('/api/track-play', { method: 'POST', json: { trackId: 'nope', albumId: a.id, playToken: 'x.y' } })).status).toBe(404);
    expect((await api('/api/track-play', { method: 'POST', json: { trackId: body.tracks[0].id, albumId: b.id } })).status).toBe(404);
    expect((await api('/api/track-play/start', { method: 'POST', json: { trackId: 'nope', albumId: a.id } })).status).toBe(404);
    expect((await api('/api/track-play/start', { method: 'POST', json: { trackId: body.tracks[0].id, albumId: b.id } })).status).toBe(404);
  });

  it('answers 400 with { error, message } (and a message per field) to any malformed play, never a 500', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.anything(),
          fc.record(
            { trackId: fc.anything(), albumId: fc.anything(), playToken: fc.anything(), ended: fc.anything() },
            { requiredKeys: [] },
          ),
        ),
        async (payload) => {
          const res = await api('/api/track-play', { method: 'POST', json: payload });
          expect(res.status).not.toBeGreaterThanOrEqual(500);
          if (res.status === 400)
            expect(res.body).toEqual({
              error: expect.any(String),
              message: expect.any(String),
              ...(res.body.fields && { fields: expect.any(Object) }),
            });
        },
      ),
      { numRuns: 60 },
    );
    const broken = await api('/api/track-play', { method: 'POST', body: '{not json', headers: { 'content-type': 'application/json' } });
    expect(broken).toMatchObject({ status: 400, body: { error: 'invalid_json' } });
  });

  it('refuses an unsafe request from another origin', async () => {
    const res = await api('/api/track-play', { method: 'POST', json: {}, headers: { origin: 'https://evil.example' } });
    expect(res).toMatchObject({ status: 403, body: { error: 'forbidden_origin' } });
  });
});
