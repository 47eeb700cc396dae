/**
 * The staff's two choices for listeners, over HTTP on the local cloud: the album the home page features (the newest
 * release unless the staff choose one, and again when their choice is taken down), and the band page's unreleased
 * tracks, which a guest plays through signed URLs while the rest of the draft stays out of reach.
 */
import { GetObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { objectKeyOf } from '../../frontend/src/prerender/pages.js';
import { s3Client } from '../../functions/platform/aws.js';
import { env } from '../../functions/platform/env.js';
import { api, eventually, useCloudEnv } from '../support/cloud.js';
import { newArtist, readyDraft } from '../support/catalogue.js';
import { signedInAdmin, signedInListener, type TestAdmin, type TestListener } from '../support/signed-in.js';

let admin: TestAdmin;
let listener: TestListener;
let artistId: string;
beforeAll(async () => {
  useCloudEnv();
  [admin, listener] = await Promise.all([signedInAdmin(['catalogue']), signedInListener()]);
  artistId = (await newArtist(admin)).id;
});
// Every other test reads the home page with no choice made: the default is put back whatever happened here.
afterAll(async () => {
  await admin?.call('/api/admin/featured-album', { method: 'DELETE' });
});

interface FeaturedAnswer {
  album: { id: string; title: string } | null;
  chosen: boolean;
}
/** The pre-rendered home page, as the site bucket holds it. */
async function homePageHtml(): Promise<string> {
  const object = await s3Client().send(new GetObjectCommand({ Bucket: env().SITE_BUCKET, Key: objectKeyOf({ kind: 'home' }) }));
  return (await object.Body?.transformToString('utf8')) ?? '';
}
const homePageFeatures = (albumId: string) => eventually(async () => (await homePageHtml()).includes(`data-album-id="${albumId}"`), 30_000);

const featured = async () => (await api('/api/featured-album')).body as FeaturedAnswer;
const featuring = (albumId: string, chosen: boolean) =>
  eventually(async () => {
    const answer = await featured();
    return answer.album?.id === albumId && answer.chosen === chosen && answer;
  });

async function published(overrides: Record<string, unknown> = {}) {
  const { albumId, title } = await readyDraft(admin, artistId, { access: 'free', ...overrides });
  expect((await admin.call(`/api/admin/albums/${albumId}/publish`, { method: 'POST' })).status).toBe(200);
  return { albumId, title };
}

describe('the featured album', () => {
  it('is the newest release until the staff choose one, falls back while their choice is unpublished, and again once cleared', async () => {
    const newest = await featured();
    expect(newest.chosen).toBe(false);
    const newestId = newest.album!.id;
    const { albumId, title } = await published();

    const chose = await admin.call('/api/admin/featured-album', { method: 'PUT', json: { albumId } });
    expect(chose).toMatchObject({ status: 200, body: { albumId } });
    expect((await featuring(albumId, true)).album).toMatchObject({ id: albumId, title, artistId });
    await homePageFeatures(albumId);

    await admin.call(`/api/admin/albums/${albumId}/unpublish`, { method: 'POST' });
    await featuring(newestId, false);
    await admin.call(`/api/admin/albums/${albumId}/republish`, { method: 'POST' });
    await featuring(albumId, true);

    const cleared = await admin.call('/api/admin/featured-album', { method: 'DELETE' });
    expect(cleared).toMatchObject({ status: 200, body: { albumId: null } });
    await featuring(newestId, false);
    await homePageFeatures(newestId);
  });

  it('refuses what listeners could not open, a malformed choice, and anyone without the catalogue permission', async () => {
    const { albumId: draftId } = await readyDraft(admin, artistId);
    const draft = await admin.call('/api/admin/featured-album', { method: 'PUT', json: { albumId: draftId } });
    expect(draft).toMatchObject({ status: 409, body: { error: 'album_not_live' } });
    const unknown = await admin.call('/api/admin/featured-album', { method: 'PUT', json: { albumId: 'no-such-album' } });
    expect(unknown.status).toBe(404);
    for (const json of [{}, { albumId: '' }, { albumId: 42 }]) {
      const bad = await admin.call('/api/admin/featured-album', { method: 'PUT', json });
      expect(bad.status).toBe(400);
      expect(bad.body).toMatchObject({ error: expect.any(String), message: expect.any(String) });
    }
    const { albumId } = await published();
    expect((await listener.call('/api/admin/featured-album', { method: 'PUT', json: { albumId } })).status).toBe(403);
    expect((await listener.call('/api/admin/featured-album', { method: 'DELETE' })).status).toBe(403);
    const people = await signedInAdmin(['people']);
    expect((await people.call('/api/admin/featured-album', { method: 'PUT', json: { albumId } })).status).toBe(403);
    expect((await featured()).chosen).toBe(false);
  });
});

interface BandTrackAnswer {
  id: string;
  title: string;
  audioUrl: string | null;
}
const bandTracks = async () => ((await api('/api/band/tracks')).body as { tracks: BandTrackAnswer[] }).tracks;
const onBandPage = (trackId: string) => eventually(async () => (await bandTracks()).find((t) => t.id === trackId));
const offBandPage = (trackId: string) => eventually(async () => !(await bandTracks()).some((t) => t.id === trackId));
const show = (caller: TestListener, albumId: string, trackId: string, shown: unknown) =>
  caller.call(`/api/admin/albums/${albumId}/tracks/${trackId}/band-page`, { method: 'PUT', json: { shown } });

describe('the band page', () => {
  it('plays to a guest the draft tracks the staff put on it, by signed URL only, until they are taken off or released', async () => {
    // A Toko+ draft: none of its audio is public, on the band page or elsewhere.
    const { albumId } = await readyDraft(admin, artistId, { access: 'toko_plus' }, { playable: 2 });
    const [t1, t2] = [`${albumId}-t1`, `${albumId}-t2`];

    const marked = await show(admin, albumId, t1, true);
    expect(marked.status).toBe(200);
    expect(marked.body.tracks.map((t: { onBandPage: boolean }) => t.onBandPage)).toEqual([true, false]);

    const track = await onBandPage(t1);
    expect(track).toMatchObject({ title: 'Song 1', audioUrl: expect.stringMatching(/X-Amz-Signature=/) });
    const audio = await fetch(new URL(track.audioUrl!, inject('baseUrl')), { headers: { range: 'bytes=0-99' } });
    expect(audio.status).toBe(206);
    expect(audio.headers.get('content-range')).toMatch(/^bytes 0-99\//);
    // The other track, and the public media path of either, stay out of reach.
    expect((await bandTracks()).some((t) => t.id === t2)).toBe(false);
    expect((await fetch(new URL(`/media/audio/private/${albumId}/${t1}.mp3`, inject('baseUrl')))).status).toBeGreaterThanOrEqual(400);

    await admin.call(`/api/admin/albums/${albumId}/tracks/${t1}`, { method: 'PUT', json: { title: 'Final take' } });
    await eventually(async () => (await bandTracks()).find((t) => t.id === t1)?.title === 'Final take');

    expect((await show(admin, albumId, t1, false)).status).toBe(200);
    await offBandPage(t1);

    await show(admin, albumId, t2, true);
    await onBandPage(t2);
    expect((await admin.call(`/api/admin/albums/${albumId}/publish`, { method: 'POST' })).status).toBe(200);
    await offBandPage(t2);
  });

  it('refuses a malformed change, a published album, and anyone without the catalogue permission', async () => {
    const { albumId } = await readyDraft(admin, artistId);
    const trackId = `${albumId}-t1`;
    for (const shown of ['yes', undefined, null]) {
      const bad = await show(admin, albumId, trackId, shown);
      expect(bad.status).toBe(400);
      expect(bad.body).toMatchObject({ error: expect.any(String), message: expect.any(String) });
    }
    expect((await show(admin, albumId, 'no-such-track', true)).status).toBe(404);
    expect((await show(listener, albumId, trackId, true)).status).toBe(403);
    const guest = await api(`/api/admin/albums/${albumId}/tracks/${trackId}/band-page`, { method: 'PUT', json: { shown: true } });
    expect([401, 403]).toContain(guest.status);

    await admin.call(`/api/admin/albums/${albumId}/publish`, { method: 'POST' });
    expect((await show(admin, albumId, trackId, true)).status).toBe(409);
    expect((await bandTracks()).some((t) => t.id === trackId)).toBe(false);
  });
});
