import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { albumData, trackData } from '../../functions/catalogue/domain/catalogue.fixtures.js';
import { createArtist, publishAlbum } from '../../functions/catalogue/catalogue-commands.js';
import { createPlaylist } from '../../functions/catalogue/playlist-commands.js';
import { albums, artists, playlists } from '../../infra/seed/catalogue.js';
import { api, eventually, useCloudEnv } from '../support/cloud.js';
import { signedInListener } from '../support/signed-in.js';
import { dynamoEventStore } from '../../functions/platform/event-store.js';

beforeAll(useCloudEnv);

const search = async (q: string) => (await api(`/api/search?q=${encodeURIComponent(q)}`)).body;
const suggest = async (q: string) => (await api(`/api/search/suggestions?q=${encodeURIComponent(q)}`)).body;

const [morningLight, afterDark] = playlists;
const firstLight = albums.find((a) => a.title === 'First Light')!;
const mara = artists.find((a) => a.name === 'Mara Vell')!;

describe('search API on the seeded label', () => {
  it('finds albums, tracks, artists (with bio) and playlists (with description)', async () => {
    const result = await eventually(async () => {
      const body = await search('morning');
      return body.playlists.length > 0 && body;
    });
    expect(result.query).toBe('morning');
    expect(result.playlists[0]).toEqual({
      id: morningLight.playlistId,
      name: morningLight.name,
      description: morningLight.description,
      trackCount: morningLight.tracks.length,
      artwork: expect.stringMatching(/^\/media\/images\/artwork\//),
    });
    expect(result.tracks[0]).toMatchObject({
      title: 'Morning Static',
      albumId: firstLight.albumId,
      albumTitle: 'First Light',
      artistName: 'Mara Vell',
    });

    const byName = await search('mara vell');
    expect(byName.artists[0]).toEqual({ id: mara.artistId, name: 'Mara Vell', bio: mara.bio, avatar: mara.avatar, isMain: true });
    expect(byName.albums.map((a: { artistName: string }) => a.artistName)).toContain('Mara Vell');
    expect(byName.tracks.length).toBeGreaterThan(0);

    const album = await search('first light');
    expect(album.albums[0]).toMatchObject({
      id: firstLight.albumId,
      title: 'First Light',
      artistName: 'Mara Vell',
      requiredTier: 'free',
      isDummyAlbum: false,
    });

    // A bio and a playlist description are searched too.
    expect((await search('boathouse')).artists.map((a: { name: string }) => a.name)).toContain('The Low Tides');
    expect((await search('last train')).playlists.map((p: { id: string }) => p.id)).toContain(afterDark.playlistId);
  });

  it('ignores case, accents and surrounding spaces, and answers nothing to nothing', async () => {
    expect((await search('  FÍRST   líght ')).albums[0]?.id).toBe(firstLight.albumId);
    expect(await search('')).toEqual({ query: '', albums: [], tracks: [], artists: [], playlists: [] });
    expect(await search('zzzz-no-such-thing')).toMatchObject({ albums: [], tracks: [], artists: [], playlists: [] });
  });

  it('suggests albums, tracks and artists from two characters, with id, type, title, subtitle and artwork', async () => {
    expect(await suggest('m')).toEqual([]);
    const list = await suggest('ma');
    expect(list.length).toBeGreaterThan(0);
    expect(list.length).toBeLessThanOrEqual(8);
    for (const entry of list) {
      expect(entry).toMatchObject({
        id: expect.any(String),
        type: expect.stringMatching(/^(album|track|artist)$/),
        title: expect.any(String),
        subtitle: expect.any(String),
      });
      expect(entry).toHaveProperty('artwork');
    }
    expect(list.find((s: { type: string }) => s.type === 'artist')).toMatchObject({
      id: mara.artistId,
      title: 'Mara Vell',
      subtitle: 'Artist',
      artwork: mara.avatar,
    });
    const tracks = await suggest('paper boats');
    expect(tracks[0]).toMatchObject({
      type: 'track',
      title: 'Paper Boats',
      subtitle: 'Mara Vell · First Light',
      albumId: firstLight.albumId,
    });
  });

  it('finds a newly published album, its artist and a new playlist once projected', async () => {
    const tag = randomUUID().slice(0, 8);
    const artistId = `artist-${tag}`;
    const albumId = `album-${tag}`;
    await createArtist(
      { artistId, name: `Quill ${tag}`, bio: 'Harp and tape loops.', avatar: null, headerImage: null, isMain: false, socialLinks: {} },
      { actor: 'test', correlationId: tag, eventStore: dynamoEventStore },
    );
    await publishAlbum(
      albumData({
        albumId,
        artistId,
        title: `Lanternfish ${tag}`,
        albumType: 'EP',
        releaseDate: '2020-01-01',
        tracks: [trackData({ trackId: `track-${tag}`, title: `Deep Water ${tag}`, duration: 30 })],
      }),
      { actor: 'test', correlationId: tag, eventStore: dynamoEventStore },
    );
    await createPlaylist(
      {
        playlistId: `playlist-${tag}`,
        name: `Tidepool ${tag}`,
        description: 'Test playlist.',
        tracks: [{ trackId: `track-${tag}`, albumId }],
        published: true,
      },
      { actor: 'test', correlationId: tag, eventStore: dynamoEventStore },
    );
    const found = await eventually(async () => {
      const body = await search(tag);
      return body.albums.length && body.tracks.length && body.artists.length && body.playlists.length && body;
    }, 20_000);
    expect(found.albums[0].id).toBe(albumId);
    expect(found.tracks[0].id).toBe(`track-${tag}`);
    expect(found.artists[0].id).toBe(artistId);
    expect(found.playlists[0].id).toBe(`playlist-${tag}`);
  });

  it('refuses a playlist of tracks that do not exist', async () => {
    await expect(
      createPlaylist(
        {
          playlistId: `playlist-${randomUUID()}`,
          name: 'Ghosts',
          description: '',
          tracks: [{ trackId: 'track-nope', albumId: firstLight.albumId }],
          published: true,
        },
        { actor: 'test', correlationId: 'x', eventStore: dynamoEventStore },
      ),
    ).rejects.toThrow(/Unknown tracks: track-nope/);
  });

  it('answers 400, never 500, to an over-long or repeated query', async () => {
    expect((await api(`/api/search?q=${'a'.repeat(201)}`)).status).toBe(400);
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 60 }), async (q) => {
        for (const path of ['/api/search', '/api/search/suggestions']) {
          const res = await api(`${path}?q=${encodeURIComponent(q)}`);
          expect(res.status).toBe(200);
        }
      }),
      { numRuns: 40 },
    );
  });
});

describe('playlists API', () => {
  it('lists the two seeded playlists', async () => {
    const list = await eventually(async () => {
      const body = (await api('/api/playlists')).body;
      return body.length >= 2 && body;
    });
    expect(list.map((p: { id: string }) => p.id)).toEqual(expect.arrayContaining([morningLight.playlistId, afterDark.playlistId]));
  });

  it('answers a playlist as a queue; gated tracks carry no audio for a guest and do for a subscriber', async () => {
    const guest = await api(`/api/playlists/${morningLight.playlistId}`);
    expect(guest.status).toBe(200);
    expect(guest.body).toMatchObject({
      id: morningLight.playlistId,
      name: morningLight.name,
      description: morningLight.description,
      trackCount: 6,
    });
    expect(guest.body.tracks.map((t: { id: string }) => t.id)).toEqual(morningLight.tracks.map((t) => t.trackId));
    expect(guest.body.tracks.every((t: { audioUrl: string | null }) => t.audioUrl?.startsWith('/media/'))).toBe(true);
    expect(guest.body.tracks[0]).toMatchObject({
      title: 'Morning Static',
      albumTitle: 'First Light',
      artistName: 'Mara Vell',
      duration: 20,
    });

    const mixed = await api(`/api/playlists/${afterDark.playlistId}`);
    const locked = mixed.body.tracks.filter((t: { audioUrl: string | null }) => t.audioUrl === null);
    expect(locked.length).toBeGreaterThan(0);
    const plus = await (await signedInListener('toko_plus')).call(`/api/playlists/${afterDark.playlistId}`);
    expect(plus.body.tracks.every((t: { audioUrl: string | null }) => t.audioUrl !== null)).toBe(true);
  });

  it('answers 404 for a playlist that does not exist', async () => {
    expect(await api('/api/playlists/nope')).toMatchObject({ status: 404, body: { error: 'not_found', message: 'Playlist not found' } });
  });
});
