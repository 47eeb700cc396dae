import { randomUUID } from 'node:crypto';
import { GetObjectCommand, HeadObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import jpeg from 'jpeg-js';
import { beforeAll, describe, expect, it } from 'vitest';
import { objectKeyOf, type PrerenderedPage } from '../../frontend/src/prerender/pages.js';
import { pageStarterScript } from '../../frontend/src/prerender/page-starter.js';
import { s3Client } from '../../functions/platform/aws.js';
import { changeAlbumDetails, runReleaseCommand } from '../../functions/catalogue/catalogue-commands.js';
import { env } from '../../functions/platform/env.js';
import { readStream, dynamoEventStore } from '../../functions/platform/event-store.js';
import { renderAffected } from '../../functions/catalogue/consumers/prerender.js';
import { mp3Bytes } from '../../functions/catalogue/media-intake/audio.fixtures.js';
import { featuredAlbumId } from '../../infra/seed/catalogue.js';
import { baseUrl, eventually, useCloudEnv } from '../support/cloud.js';
import { signedInAdmin, type TestListener } from '../support/signed-in.js';

let admin: TestListener;
beforeAll(async () => {
  useCloudEnv();
  admin = await signedInAdmin();
});

const tag = () => randomUUID().slice(0, 8);
const HOME: PrerenderedPage = { kind: 'home' };

/** A stored page's ETag, or null when there is none. */
async function pageVersion(page: PrerenderedPage): Promise<string | null> {
  try {
    return (await s3Client().send(new HeadObjectCommand({ Bucket: env().SITE_BUCKET, Key: objectKeyOf(page) }))).ETag ?? null;
  } catch {
    return null;
  }
}

async function pageText(page: PrerenderedPage): Promise<string> {
  const object = await s3Client().send(new GetObjectCommand({ Bucket: env().SITE_BUCKET, Key: objectKeyOf(page) }));
  return (await object.Body?.transformToString('utf8')) ?? '';
}

const jsonLdOf = (html: string) =>
  JSON.parse(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)![1]) as Record<string, unknown>;

/** A published release of a new artist, released long ago so the home page never features it. */
async function publishedRelease(access: 'free' | 'purchase_required') {
  const artist = await admin.call('/api/admin/artists', { method: 'POST', json: { name: `Artist ${tag()}`, isMain: false } });
  const artistId = artist.body.id as string;
  const title = `Release ${tag()}`;
  const created = await admin.call('/api/admin/albums', {
    method: 'POST',
    json: { artistId, title, albumType: 'EP', releaseDate: '2001-02-03', access, price: 8, memberPrice: 6 },
  });
  const albumId = created.body.id as string;
  const context = { actor: admin.userId, correlationId: `test-${albumId}`, eventStore: dynamoEventStore };
  const trackId = `${albumId}-t1`;
  const track = { trackId, title: 'Song 1', uploadKey: `masters/${albumId}/${trackId}.mp3` };
  await s3Client().send(new PutObjectCommand({ Bucket: env().MEDIA_BUCKET, Key: track.uploadKey, Body: mp3Bytes({ seconds: 1 }) }));
  await runReleaseCommand({ type: 'UploadTrack', albumId, track }, context);
  const audio = access === 'free' ? `audio/${albumId}/${trackId}.mp3` : `audio/private/${albumId}/${trackId}.mp3`;
  await runReleaseCommand(
    { type: 'ProcessTrack', albumId, trackId, format: 'mp3', duration: 42, audioKey: audio, masterKey: null },
    context,
  );
  // Its artwork as the media intake stores one: a 600 × 600 JPEG under images/artwork/.
  const cover = jpeg.encode({ width: 600, height: 600, data: new Uint8Array(600 * 600 * 4).fill(180) }, 85).data;
  await s3Client().send(
    new PutObjectCommand({ Bucket: env().MEDIA_BUCKET, Key: `images/artwork/${albumId}.jpg`, Body: cover, ContentType: 'image/jpeg' }),
  );
  await runReleaseCommand({ type: 'ChangeDraft', albumId, changes: { artwork: `/media/images/artwork/${albumId}.jpg` } }, context);
  expect((await admin.call(`/api/admin/albums/${albumId}/publish`, { method: 'POST' })).status).toBe(200);
  const album: PrerenderedPage = { kind: 'album', albumId };
  await eventually(() => pageVersion(album), 30_000);
  return { artistId, albumId, title, album, artist: { kind: 'artist', artistId } as PrerenderedPage };
}

describe('the pre-rendered pages', () => {
  it('are rendered at publish with their tags and JSON-LD; a gated album shows its public fields only', async () => {
    const { albumId, title, album, artist } = await publishedRelease('purchase_required');
    const html = await pageText(album);
    expect(html).toContain(`<title>${title} by `);
    expect(html).toContain(`<link rel="canonical" href="${env().APP_ORIGIN}/album/${albumId}" />`);
    // Its share picture, made at publish beside the artwork: a 1200 × 630 JPEG served from /media.
    const shareImage = `${env().APP_ORIGIN}/media/images/artwork/${albumId}.share.jpg`;
    expect(html).toContain(`<meta property="og:image" content="${shareImage}" />`);
    expect(html).toContain('<meta property="og:image:width" content="1200" />');
    expect(html).toContain('<meta property="og:image:height" content="630" />');
    expect(html).toContain(`<meta name="twitter:image" content="${shareImage}" />`);
    const picture = await fetch(`${baseUrl()}/media/images/artwork/${albumId}.share.jpg`);
    expect(picture.headers.get('content-type')).toBe('image/jpeg');
    const decoded = jpeg.decode(new Uint8Array(await picture.arrayBuffer()));
    expect([decoded.width, decoded.height]).toEqual([1200, 630]);
    expect(html).toContain('id="prerendered-state"');
    // No script downloads before the first paint: the page's starter loads the app's modules once it is shown, the
    // entry first, with the code hydration needs (its own chunk and the album page's, named by the build).
    expect(html).not.toContain('<link rel="modulepreload"');
    expect(html).not.toMatch(/<script[^>]* src=/);
    expect(html).toMatch(
      /<meta name="app-modules" content="\/assets\/index-[^" ]+\.js [^"]*\/assets\/start-prerendered-[^" ]+\.js \/assets\/album-page-[^" ]+\.js" \/>/,
    );
    expect(html).toContain(`<script>${pageStarterScript}</script>`);
    expect(html).not.toMatch(/<meta name="[a-z-]+-chunk"/);
    expect(jsonLdOf(html)).toMatchObject({ '@type': 'MusicAlbum', name: title, numTracks: 1, track: [{ name: 'Song 1', position: 1 }] });
    // No audio of a gated album, signed or not, reaches a page anyone may fetch.
    expect(html).not.toContain('audio/private');
    expect(html).not.toMatch(/X-Amz-Signature|sig=/);
    // Rendered at the artist's creation, then again with the release.
    await eventually(async () => (await pageVersion(artist)) && (await pageText(artist)).includes(title), 30_000);
    expect(jsonLdOf(await pageText(artist))).toMatchObject({ '@type': 'MusicGroup', album: [{ '@type': 'MusicAlbum', name: title }] });

    // The gateway serves the page itself for its path.
    const served = await fetch(`${baseUrl()}/album/${albumId}`, { headers: { accept: 'text/html' } });
    expect(await served.text()).toContain(`"@type":"MusicAlbum"`);
  });

  it('re-renders exactly the pages an album edit shows on, and deletes an unpublished album’s page', async () => {
    const { albumId, title, album, artist } = await publishedRelease('free');
    await eventually(async () => (await pageVersion(artist)) && (await pageText(artist)).includes(title), 30_000);
    // Settled: the publish's renders are done once the artist page stops changing.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    const featured: PrerenderedPage = { kind: 'album', albumId: featuredAlbumId };
    const before = {
      album: await pageVersion(album),
      artist: await pageVersion(artist),
      featured: await pageVersion(featured),
    };

    const renamed = `Renamed ${tag()}`;
    // A published release's details change as the admin's edit of a live album changes them (catalogue-commands.ts).
    await changeAlbumDetails(
      { type: 'ChangeAlbumDetails', albumId, changes: { title: renamed } },
      { actor: admin.userId, correlationId: `test-${albumId}`, eventStore: dynamoEventStore },
    );
    await eventually(async () => (await pageText(album)).includes(renamed), 30_000);
    await eventually(async () => (await pageText(artist)).includes(renamed), 30_000);
    // The home page features the newest album, not this one; the other albums' pages show nothing of it. (The home
    // page lists the artists too, so the other files' new artists re-render it meanwhile: it is read for the title.)
    expect(await pageText(HOME)).not.toContain(renamed);
    expect(await pageVersion(featured)).toBe(before.featured);
    expect(await pageVersion(album)).not.toBe(before.album);

    expect((await admin.call(`/api/admin/albums/${albumId}/unpublish`, { method: 'POST' })).status).toBe(200);
    await eventually(async () => (await pageVersion(album)) === null, 30_000);
    await eventually(async () => !(await pageText(artist)).includes(renamed), 30_000);
    // Its path is the SPA's again (which shows the album's state from the API).
    const served = await (await fetch(`${baseUrl()}/album/${albumId}`, { headers: { accept: 'text/html' } })).text();
    expect(served).not.toContain('prerendered-state');
  });

  it('renders each page a batch of changes shows on once: two new artists are their two pages and one home page', async () => {
    const created = await Promise.all(
      [tag(), tag()].map((name) => admin.call('/api/admin/artists', { method: 'POST', json: { name: `Artist ${name}`, isMain: false } })),
    );
    const artistIds = created.map((answer) => answer.body.id as string);
    const events = (await Promise.all(artistIds.map((artistId) => readStream(`artist#${artistId}`)))).flat();
    expect(events).toHaveLength(2);

    const outcomes = await renderAffected(events);
    expect(outcomes.map(({ page }) => page)).toEqual([...artistIds.map((artistId) => ({ kind: 'artist', artistId })), HOME]);
    expect(outcomes.every(({ outcome }) => outcome === 'written')).toBe(true);
    for (const artistId of artistIds) expect(await pageVersion({ kind: 'artist', artistId })).not.toBeNull();
  });
});
