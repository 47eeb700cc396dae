import { beforeAll, describe, expect, it } from 'vitest';
import { albumData, trackData } from '../../functions/catalogue/domain/catalogue.fixtures.js';
import { createArtist, publishAlbum } from '../../functions/catalogue/catalogue-commands.js';
import { readStream, dynamoEventStore } from '../../functions/platform/event-store.js';
import { albums } from '../../infra/seed/catalogue.js';
import { api, eventually, useCloudEnv } from '../support/cloud.js';
import { tag } from '../support/catalogue.js';
import { signedInAdmin, signedInListener, type TestAdmin } from '../support/signed-in.js';

let admin: TestAdmin;
beforeAll(async () => {
  useCloudEnv();
  admin = await signedInAdmin(['catalogue']);
});

const firstLight = albums.find((a) => a.title === 'First Light')!;
const [one, two, three] = firstLight.tracks.map((t) => ({ trackId: t.trackId, albumId: firstLight.albumId }));

const inSearch = async (name: string, id: string) =>
  ((await api(`/api/search?q=${encodeURIComponent(name)}`)).body.playlists as { id: string }[]).some((p) => p.id === id);
const inPublicList = async (id: string) => ((await api('/api/playlists')).body as { id: string }[]).some((p) => p.id === id);

describe('curated playlists', () => {
  it('a draft is made, given ordered tracks and published: then listeners find it; unpublished, it is gone again', async () => {
    const name = `Harbour Mornings ${tag()}`;
    const created = await admin.call('/api/admin/playlists', { method: 'POST', json: { name, description: 'Coffee first.' } });
    expect(created).toMatchObject({ status: 200, body: { name, description: 'Coffee first.', published: false, tracks: [] } });
    const id = created.body.id as string;
    expect((await api(`/api/playlists/${id}`)).status).toBe(404);

    const ordered = await admin.call(`/api/admin/playlists/${id}/tracks`, { method: 'PUT', json: { tracks: [three, one, two] } });
    expect(ordered.status).toBe(200);
    expect(ordered.body.tracks.map((t: { trackId: string }) => t.trackId)).toEqual([three.trackId, one.trackId, two.trackId]);
    expect(ordered.body.tracks[0]).toMatchObject({ title: firstLight.tracks[2].title, albumTitle: 'First Light', available: true });

    const reordered = await admin.call(`/api/admin/playlists/${id}/tracks`, { method: 'PUT', json: { tracks: [one, three] } });
    expect(reordered.body.tracks.map((t: { trackId: string }) => t.trackId)).toEqual([one.trackId, three.trackId]);

    await eventually(async () => ((await admin.call('/api/admin/playlists')).body.playlists as { id: string }[]).some((p) => p.id === id));
    expect(await inSearch(name, id)).toBe(false);

    expect((await admin.call(`/api/admin/playlists/${id}/publish`, { method: 'POST' })).body).toMatchObject({ published: true });
    await eventually(async () => (await inPublicList(id)) && (await inSearch(name, id)));
    const page = await api(`/api/playlists/${id}`);
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ name, description: 'Coffee first.', trackCount: 2 });
    expect(page.body.tracks.map((t: { id: string }) => t.id)).toEqual([one.trackId, three.trackId]);

    const renamed = await admin.call(`/api/admin/playlists/${id}`, {
      method: 'PUT',
      json: { name: `${name} Redux`, description: 'Tea too.' },
    });
    expect(renamed.body).toMatchObject({ name: `${name} Redux`, description: 'Tea too.' });
    await eventually(async () => {
      const found = (await api(`/api/search?q=${encodeURIComponent(`${name} Redux`)}`)).body.playlists as {
        id: string;
        description: string;
      }[];
      return found.some((p) => p.id === id && p.description === 'Tea too.');
    });

    expect((await admin.call(`/api/admin/playlists/${id}/unpublish`, { method: 'POST' })).body).toMatchObject({ published: false });
    await eventually(async () => !(await inPublicList(id)) && !(await inSearch(name, id)));
    expect((await api(`/api/playlists/${id}`)).status).toBe(404);
    expect(
      ((await admin.call('/api/admin/playlists')).body.playlists as { id: string; published: boolean }[]).find((p) => p.id === id),
    ).toMatchObject({ published: false });

    expect((await readStream(`playlist#${id}`)).map((e) => [e.type, e.meta.actor])).toEqual([
      ['PlaylistCreated', admin.userId],
      ['PlaylistTracksSet', admin.userId],
      ['PlaylistTracksSet', admin.userId],
      ['PlaylistPublished', admin.userId],
      ['PlaylistRenamed', admin.userId],
      ['PlaylistDescribed', admin.userId],
      ['PlaylistUnpublished', admin.userId],
    ]);
  });

  it('skips a song whose album is taken down, and marks it for the staff, until the album is out again', async () => {
    const id = tag();
    const context = { actor: 'test', correlationId: id, eventStore: dynamoEventStore };
    await createArtist(
      { artistId: `artist-${id}`, name: `Kelp ${id}`, bio: null, avatar: null, headerImage: null, isMain: false, socialLinks: {} },
      context,
    );
    await publishAlbum(
      albumData({
        albumId: `album-${id}`,
        artistId: `artist-${id}`,
        title: `Undertow ${id}`,
        tracks: [trackData({ trackId: `track-${id}` })],
      }),
      context,
    );
    const fresh = { trackId: `track-${id}`, albumId: `album-${id}` };
    const playlist = (await admin.call('/api/admin/playlists', { method: 'POST', json: { name: `Tides ${id}` } })).body.id as string;
    expect((await admin.call(`/api/admin/playlists/${playlist}/tracks`, { method: 'PUT', json: { tracks: [fresh, one] } })).status).toBe(
      200,
    );
    expect((await admin.call(`/api/admin/playlists/${playlist}/publish`, { method: 'POST' })).status).toBe(200);
    const publicTracks = async () => ((await api(`/api/playlists/${playlist}`)).body?.tracks ?? []).map((t: { id: string }) => t.id);
    await eventually(async () => (await publicTracks()).length === 2);

    expect((await admin.call(`/api/admin/albums/album-${id}/unpublish`, { method: 'POST' })).status).toBe(200);
    await eventually(async () => JSON.stringify(await publicTracks()) === JSON.stringify([one.trackId]));
    const edited = await admin.call(`/api/admin/playlists/${playlist}`);
    expect(edited.body.tracks.map((t: { trackId: string; available: boolean }) => [t.trackId, t.available])).toEqual([
      [fresh.trackId, false],
      [one.trackId, true],
    ]);

    expect((await admin.call(`/api/admin/albums/album-${id}/republish`, { method: 'POST' })).status).toBe(200);
    await eventually(async () => (await publicTracks()).length === 2);
  });

  it('refuses an empty name, unknown or repeated tracks and publishing an empty playlist, with a 400 naming why', async () => {
    expect(await admin.call('/api/admin/playlists', { method: 'POST', json: { name: '  ' } })).toMatchObject({
      status: 400,
      body: { error: 'empty_name', message: expect.stringMatching(/needs a name/) },
    });
    const id = (await admin.call('/api/admin/playlists', { method: 'POST', json: { name: `Refusals ${tag()}` } })).body.id as string;
    expect(await admin.call(`/api/admin/playlists/${id}/publish`, { method: 'POST' })).toMatchObject({
      status: 400,
      body: { error: 'empty_playlist', message: expect.stringMatching(/at least one track/) },
    });
    const unknown = { trackId: 'track-nope', albumId: firstLight.albumId };
    expect(await admin.call(`/api/admin/playlists/${id}/tracks`, { method: 'PUT', json: { tracks: [one, unknown] } })).toMatchObject({
      status: 400,
      body: { error: 'unknown_tracks', message: 'Unknown tracks: track-nope' },
    });
    expect(await admin.call(`/api/admin/playlists/${id}/tracks`, { method: 'PUT', json: { tracks: [one, one] } })).toMatchObject({
      status: 400,
      body: { error: 'duplicate_tracks' },
    });
    expect(await admin.call(`/api/admin/playlists/${id}`, { method: 'PUT', json: { name: '' } })).toMatchObject({ status: 400 });
    expect((await admin.call('/api/admin/playlists/nope', { method: 'PUT', json: { name: 'X' } })).status).toBe(404);
    expect((await readStream(`playlist#${id}`)).map((e) => e.type)).toEqual(['PlaylistCreated']);
  });

  it('is the catalogue staff’s: a listener and an admin without the catalogue permission are refused', async () => {
    const listener = await signedInListener();
    const peopleAdmin = await signedInAdmin(['people']);
    for (const who of [listener, peopleAdmin]) {
      expect((await who.call('/api/admin/playlists')).status).toBe(403);
      expect((await who.call('/api/admin/playlists', { method: 'POST', json: { name: 'Not mine' } })).status).toBe(403);
    }
  });
});
