import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { readStream, dynamoEventStore } from '../../functions/platform/event-store.js';
import { publishDue } from '../../functions/catalogue/scheduled/publish-due.js';
import { api, eventually, useCloudEnv } from '../support/cloud.js';
import { OLD_DATE, newArtist as newArtistOf, readyDraft as readyDraftOf, tag } from '../support/catalogue.js';
import { signedInAdmin, type TestAdmin } from '../support/signed-in.js';

let admin: TestAdmin;
beforeAll(async () => {
  useCloudEnv();
  admin = await signedInAdmin();
});

const newArtist = (name?: string) => newArtistOf(admin, name);
const readyDraft = (artistId: string, overrides?: Record<string, unknown>) => readyDraftOf(admin, artistId, overrides);
const listed = async (path: string, id: string) => ((await api(path)).body as { id: string }[]).some((a) => a.id === id);
const searchFinds = async (title: string, id: string) =>
  ((await api(`/api/search?q=${encodeURIComponent(title)}`)).body.albums as { id: string }[]).some((a) => a.id === id);

describe('admin artists', () => {
  it('creates, edits and archives an artist; the artist leaves the artists list and search but its page still answers', async () => {
    const artist = await newArtist();
    const changed = await admin.call(`/api/admin/artists/${artist.id}`, {
      method: 'PUT',
      json: {
        name: `${artist.name} Renamed`,
        socialLinks: { instagram: 'https://www.instagram.com/someone', website: 'https://band.example' },
      },
    });
    expect(changed.body).toMatchObject({ name: `${artist.name} Renamed`, socialLinks: { instagram: 'https://www.instagram.com/someone' } });
    await eventually(async () => (await api(`/api/artists/${artist.id}`)).body?.name === `${artist.name} Renamed`);
    expect(await listed('/api/artists', artist.id)).toBe(true);

    const archived = await admin.call(`/api/admin/artists/${artist.id}/archive`, { method: 'POST' });
    expect(archived.body).toMatchObject({ archived: true });
    await eventually(async () => !(await listed('/api/artists', artist.id)));
    expect((await api(`/api/artists/${artist.id}`)).status).toBe(200);
    const events = await readStream(`artist#${artist.id}`);
    expect(events.map((e) => [e.type, e.meta.actor])).toEqual([
      ['ArtistCreated', admin.userId],
      ['ArtistDetailsChanged', admin.userId],
      ['ArtistArchived', admin.userId],
    ]);
    // No new release of an archived artist.
    const draft = await admin.call('/api/admin/albums', { method: 'POST', json: { artistId: artist.id, title: 'Late' } });
    expect(draft).toMatchObject({ status: 400, body: { fields: { artistId: expect.stringMatching(/archived/) } } });
  });

  it('restores an archived artist: back in the artists list and search as they were, and open to new releases', async () => {
    const artist = await newArtist(`Restored ${tag()}`);
    const artistSearch = async () =>
      ((await api(`/api/search?q=${encodeURIComponent(artist.name)}`)).body.artists as { id: string }[]).some((a) => a.id === artist.id);
    await eventually(artistSearch);
    expect((await admin.call(`/api/admin/artists/${artist.id}/archive`, { method: 'POST' })).status).toBe(200);
    await eventually(async () => !(await artistSearch()) && !(await listed('/api/artists', artist.id)));

    const restored = await admin.call(`/api/admin/artists/${artist.id}/restore`, { method: 'POST' });
    expect(restored.body).toMatchObject({ id: artist.id, name: artist.name, archived: false });
    await eventually(async () => (await artistSearch()) && (await listed('/api/artists', artist.id)));
    expect(
      ((await admin.call('/api/admin/artists')).body.artists as { id: string; archived: boolean }[]).find((a) => a.id === artist.id),
    ).toMatchObject({ archived: false });
    // Asking again changes nothing; an unknown artist is 404.
    expect((await admin.call(`/api/admin/artists/${artist.id}/restore`, { method: 'POST' })).body).toMatchObject({ archived: false });
    expect((await readStream(`artist#${artist.id}`)).map((e) => e.type)).toEqual(['ArtistCreated', 'ArtistArchived', 'ArtistRestored']);
    expect((await admin.call(`/api/admin/artists/artist-${tag()}/restore`, { method: 'POST' })).status).toBe(404);
    const draft = await admin.call('/api/admin/albums', { method: 'POST', json: { artistId: artist.id, title: 'Back' } });
    expect(draft.status).toBe(200);
  });

  it('refuses a social link of another network, and answers a message per field', async () => {
    const res = await admin.call('/api/admin/artists', {
      method: 'POST',
      json: { name: '', socialLinks: { instagram: 'https://evil.example/instagram.com', twitter: 'not a url' } },
    });
    expect(res.status).toBe(400);
    expect(res.body.fields).toEqual({
      name: 'Enter the artist name',
      'socialLinks.instagram': expect.stringContaining('instagram.com'),
      'socialLinks.twitter': expect.stringContaining('twitter.com'),
    });
  });
});

describe('admin releases', () => {
  it('drafts, edits, reorders and publishes a release through the seed path: listed, searchable, on the board as live', async () => {
    const artist = await newArtist();
    const { albumId, title } = await readyDraft(artist.id);
    const draft = await admin.call(`/api/admin/albums/${albumId}`);
    expect(draft.body).toMatchObject({ status: 'draft', title, access: 'purchase_required', price: 8 });
    expect(draft.body.tracks.map((t: { status: string }) => t.status)).toEqual(['ready', 'ready']);
    // Listeners see nothing of a draft.
    expect((await api(`/api/albums/${albumId}`)).status).toBe(404);

    const [t1, t2] = draft.body.tracks.map((t: { id: string }) => t.id);
    const reordered = await admin.call(`/api/admin/albums/${albumId}/tracks/order`, { method: 'PUT', json: { trackIds: [t2, t1] } });
    expect(reordered.body.tracks.map((t: { id: string }) => t.id)).toEqual([t2, t1]);
    const edited = await admin.call(`/api/admin/albums/${albumId}/tracks/${t1}`, {
      method: 'PUT',
      json: { title: 'Closer', lyrics: 'Words' },
    });
    expect(edited.body.tracks[1]).toMatchObject({ id: t1, title: 'Closer', lyrics: 'Words', trackNumber: 2 });
    const renamed = await admin.call(`/api/admin/albums/${albumId}`, { method: 'PUT', json: { description: 'Notes', isExclusive: true } });
    expect(renamed.body).toMatchObject({ description: 'Notes', isExclusive: true });

    const published = await admin.call(`/api/admin/albums/${albumId}/publish`, { method: 'POST' });
    expect(published.body).toMatchObject({ status: 'live', title });
    const stream = await readStream(`album#${albumId}`);
    const event = stream.find((e) => e.type === 'AlbumPublished');
    expect(event?.meta.actor).toBe(admin.userId);
    expect(event?.data).toMatchObject({
      requiredTier: 'purchase_required',
      isAvailableForPurchase: true,
      stripePriceDefault: 8,
      isExclusive: true,
    });

    const album = await eventually(
      async () => (await api(`/api/albums/${albumId}`)).status === 200 && (await api(`/api/albums/${albumId}`)).body,
    );
    expect(album).toMatchObject({ title, artistName: artist.name, price: 8, trackCount: 2 });
    const tracks = await api(`/api/albums/${albumId}/tracks`);
    expect(tracks.body.tracks.map((t: { title: string }) => t.title)).toEqual(['Song 2', 'Closer']);
    await eventually(() => listed(`/api/albums/by-artist/${artist.id}`, albumId));
    await eventually(() => searchFinds(title, albumId));
    const board = await eventually(async () => {
      const res = await admin.call(`/api/admin/releases?status=live&artistId=${artist.id}`);
      return res.body.items.length === 1 && res.body;
    });
    expect(board.items[0]).toMatchObject({ id: albumId, status: 'live', artistName: artist.name, trackCount: 2 });
    expect(board.counts).toEqual({ draft: 0, scheduled: 0, live: 1, unpublished: 0 });

    // A second publish is refused; the draft can no longer be edited.
    expect((await admin.call(`/api/admin/albums/${albumId}/publish`, { method: 'POST' })).status).toBe(409);
    expect((await admin.call(`/api/admin/albums/${albumId}`, { method: 'PUT', json: { title: 'x' } })).status).toBe(409);
  });

  it('refuses to publish a draft that is not ready, naming the field', async () => {
    const artist = await newArtist();
    const created = await admin.call('/api/admin/albums', {
      method: 'POST',
      json: { artistId: artist.id, title: 'Empty', releaseDate: OLD_DATE },
    });
    const albumId = created.body.id as string;
    const refused = await admin.call(`/api/admin/albums/${albumId}/publish`, { method: 'POST' });
    expect(refused).toMatchObject({ status: 400, body: { error: 'no_tracks', fields: { tracks: expect.any(String) } } });
    const { albumId: noPrice } = await readyDraft(artist.id, { price: null });
    expect((await admin.call(`/api/admin/albums/${noPrice}/publish`, { method: 'POST' })).body.fields).toEqual({
      price: expect.any(String),
    });
    // Nothing was written by the refusals.
    expect((await readStream(`album#${albumId}`)).map((e) => e.type)).toEqual(['AlbumDrafted']);
  });

  it('answers bad draft input with a message per field', async () => {
    const res = await admin.call('/api/admin/albums', {
      method: 'POST',
      json: { artistId: 'x', title: ' ', releaseDate: '2026-13-40', access: 'gold', price: -1, externalLinks: { spotifyUrl: 'nope' } },
    });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.fields).sort()).toEqual(['access', 'externalLinks.spotifyUrl', 'price', 'releaseDate', 'title']);
    expect(res.body.fields.title).toBe('Enter a title');
  });

  it('unpublishes a release out of every listing, keeps it for its buyers by id, and republishes it without a new-release notice', async () => {
    const artist = await newArtist();
    const { albumId, title } = await readyDraft(artist.id, { access: 'free', price: null, memberPrice: null });
    await admin.call(`/api/admin/albums/${albumId}/publish`, { method: 'POST' });
    await eventually(() => searchFinds(title, albumId));
    await eventually(() => listed('/api/albums', albumId));

    const down = await admin.call(`/api/admin/albums/${albumId}/unpublish`, { method: 'POST' });
    expect(down.body.status).toBe('unpublished');
    await eventually(async () => !(await listed('/api/albums', albumId)));
    await eventually(async () => !(await searchFinds(title, albumId)));
    expect(await listed(`/api/albums/by-artist/${artist.id}`, albumId)).toBe(false);
    expect((await api(`/api/albums/${albumId}`)).status).toBe(200);
    const board = await eventually(async () => {
      const res = await admin.call(`/api/admin/releases?status=unpublished&artistId=${artist.id}`);
      return res.body.items.length === 1 && res.body;
    });
    expect(board.counts).toMatchObject({ live: 0, unpublished: 1 });

    const up = await admin.call(`/api/admin/albums/${albumId}/republish`, { method: 'POST' });
    expect(up.body.status).toBe('live');
    await eventually(() => listed('/api/albums', albumId));
    await eventually(() => searchFinds(title, albumId));
    await eventually(() => listed(`/api/albums/by-artist/${artist.id}`, albumId));
    const types = (await readStream(`album#${albumId}`)).map((e) => e.type);
    expect(types.filter((t) => t === 'AlbumPublished')).toHaveLength(1);
    expect(types.slice(-2)).toEqual(['AlbumUnpublished', 'AlbumRepublished']);
  });

  it('removes a track from a draft', async () => {
    const artist = await newArtist();
    const { albumId } = await readyDraft(artist.id);
    const removed = await admin.call(`/api/admin/albums/${albumId}/tracks/${albumId}-t1`, { method: 'DELETE' });
    expect(removed.body.tracks.map((t: { id: string; trackNumber: number }) => [t.id, t.trackNumber])).toEqual([[`${albumId}-t2`, 1]]);
    expect((await admin.call(`/api/admin/albums/${albumId}/tracks/nope`, { method: 'DELETE' })).status).toBe(404);
  });
});

describe('scheduled releases', () => {
  const inAnHour = () => new Date(Date.now() + 3_600_000).toISOString();
  const later = () => new Date(Date.now() + 7_200_000);

  it('publishes a scheduled release when the job runs after its time, once, as the admin who scheduled it', async () => {
    const artist = await newArtist();
    const { albumId, title } = await readyDraft(artist.id);
    const scheduled = await admin.call(`/api/admin/albums/${albumId}/schedule`, { method: 'POST', json: { releaseAt: inAnHour() } });
    expect(scheduled.body).toMatchObject({ status: 'scheduled', scheduledAt: expect.any(String) });
    // Not yet due: the job (run as the timer runs it) leaves it alone.
    expect(await publishDue(new Date(), dynamoEventStore)).not.toContain(albumId);
    // Once the schedule view has it, a run after its time publishes it; the next run publishes nothing.
    await eventually(async () => (await publishDue(later(), dynamoEventStore)).includes(albumId), 15_000, 200);
    expect(await publishDue(later(), dynamoEventStore)).not.toContain(albumId);
    const published = (await readStream(`album#${albumId}`)).filter((e) => e.type === 'AlbumPublished');
    expect(published.map((e) => e.meta.actor)).toEqual([admin.userId]);
    await eventually(() => searchFinds(title, albumId));
    expect((await admin.call(`/api/admin/albums/${albumId}`)).body.status).toBe('live');
  });

  it('unschedules back to a draft, which the job then leaves alone; refuses a time in the past', async () => {
    const artist = await newArtist();
    const { albumId } = await readyDraft(artist.id);
    await admin.call(`/api/admin/albums/${albumId}/schedule`, { method: 'POST', json: { releaseAt: inAnHour() } });
    await eventually(async () => (await admin.call(`/api/admin/releases?status=scheduled&artistId=${artist.id}`)).body.items.length === 1);
    const unscheduled = await admin.call(`/api/admin/albums/${albumId}/schedule`, { method: 'DELETE' });
    expect(unscheduled.body).toMatchObject({ status: 'draft', scheduledAt: null });
    expect(await publishDue(later(), dynamoEventStore)).not.toContain(albumId);
    const past = await admin.call(`/api/admin/albums/${albumId}/schedule`, { method: 'POST', json: { releaseAt: '2020-01-01T00:00:00Z' } });
    expect(past).toMatchObject({ status: 400, body: { fields: { releaseAt: expect.any(String) } } });
  });
});

describe('the release board', () => {
  it('pages with cursors, newest change first, and refuses a cursor of another list', async () => {
    const artist = await newArtist();
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await admin.call('/api/admin/albums', { method: 'POST', json: { artistId: artist.id, title: `Draft ${i}` } });
      ids.push(res.body.id);
    }
    const firstPage = () => admin.call(`/api/admin/releases?status=draft&artistId=${artist.id}&limit=2`);
    // The page and the counts are read side by side, so a page read just before the third draft's projection landed can
    // come with the counts read just after it: once the counts say three, the page is read again.
    await eventually(async () => (await firstPage()).body.counts.draft === 3);
    const first = (await firstPage()).body;
    expect(first.items.map((r: { id: string }) => r.id)).toEqual([ids[2], ids[1]]);
    const second = await admin.call(`/api/admin/releases?status=draft&artistId=${artist.id}&limit=2&cursor=${first.nextCursor}`);
    expect(second.body.items.map((r: { id: string }) => r.id)).toEqual([ids[0]]);
    expect(second.body.nextCursor).toBeNull();
    const all = await admin.call(`/api/admin/releases?limit=1`);
    expect(all.body.items).toHaveLength(1);
    const mixed = await admin.call(`/api/admin/releases?status=live&cursor=${first.nextCursor}`);
    expect(mixed).toMatchObject({ status: 400, body: { fields: { cursor: expect.any(String) } } });
  });
});

describe('admin exclusive videos', () => {
  it('creates a Toko+ video from a YouTube link, as its id, and edits it', async () => {
    const created = await admin.call('/api/admin/videos', {
      method: 'POST',
      json: { title: `Studio diary ${tag()}`, youtube: 'https://youtu.be/dQw4w9WgXcQ?t=10', description: 'Behind the scenes' },
    });
    expect(created.body).toMatchObject({ youtubeVideoId: 'dQw4w9WgXcQ', requiredTier: 'toko_plus' });
    const changed = await admin.call(`/api/admin/videos/${created.body.id}`, {
      method: 'PUT',
      json: { youtube: 'https://www.youtube.com/watch?v=9bZkp7q19f0' },
    });
    expect(changed.body).toMatchObject({ youtubeVideoId: '9bZkp7q19f0', slug: created.body.slug });
    await eventually(async () => (await api(`/api/video-by-slug/${created.body.slug}`)).status === 200);
    const bad = await admin.call('/api/admin/videos', { method: 'POST', json: { title: 'x', youtube: 'https://vimeo.com/123' } });
    expect(bad).toMatchObject({ status: 400, body: { fields: { youtube: expect.stringContaining('YouTube') } } });
    expect((await admin.call(`/api/admin/videos/${randomUUID()}`, { method: 'PUT', json: { title: 'y' } })).status).toBe(404);
  });

  it('hides a video from listeners and shows it again, and deletes one for good after a fresh code', async () => {
    const title = `Tour film ${tag()}`;
    const created = await admin.call('/api/admin/videos', {
      method: 'POST',
      json: { title, youtube: 'dQw4w9WgXcQ', requiredTier: 'free' },
    });
    const { id, slug } = created.body as { id: string; slug: string };
    expect(created.body).toMatchObject({ hidden: false });
    const listenersSee = async () =>
      ((await api('/api/exclusive-videos')).body.videos as { id: string }[]).some((v) => v.id === id) &&
      (await api(`/api/video-by-slug/${slug}`)).status === 200;
    const adminsSee = async () =>
      ((await admin.call('/api/admin/videos')).body.videos as { id: string; hidden: boolean }[]).find((v) => v.id === id);
    await eventually(listenersSee);

    expect((await admin.call(`/api/admin/videos/${id}/hide`, { method: 'POST' })).body).toMatchObject({ id, title, hidden: true });
    await eventually(async () => !(await listenersSee()) && (await adminsSee())?.hidden === true);
    expect((await api(`/api/video-by-slug/${slug}`)).status).toBe(404);
    expect((await admin.call(`/api/admin/videos/${id}/show`, { method: 'POST' })).body).toMatchObject({ hidden: false });
    await eventually(listenersSee);

    // Deleting is for good: it asks for a fresh code (the test admin's call gives one when refused for it).
    const fresh = await signedInAdmin(['catalogue']);
    expect(await fresh.callAsIs(`/api/admin/videos/${id}`, { method: 'DELETE' })).toMatchObject({
      status: 403,
      body: { error: 'step_up_required' },
    });
    expect((await admin.call(`/api/admin/videos/${id}`, { method: 'DELETE' })).body).toEqual({ id, deleted: true });
    await eventually(async () => !(await listenersSee()) && !(await adminsSee()));
    expect((await readStream(`video#${id}`)).map((e) => [e.type, e.meta.actor])).toEqual([
      ['VideoPublished', admin.userId],
      ['VideoHidden', admin.userId],
      ['VideoShown', admin.userId],
      ['VideoDeleted', admin.userId],
    ]);
    for (const [method, path] of [
      ['POST', `/api/admin/videos/${id}/hide`],
      ['PUT', `/api/admin/videos/${id}`],
      ['DELETE', `/api/admin/videos/${id}`],
    ] as const)
      expect(
        (await admin.call(path, { method, ...(method === 'PUT' ? { json: { title: 'Again' } } : {}) })).status,
        `${method} ${path}`,
      ).toBe(404);
  });
});
