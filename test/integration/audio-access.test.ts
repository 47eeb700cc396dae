/**
 * Gated audio through HTTP on the local cloud: a Toko+ album's or an album-for-sale's tracks play only
 * through a short-lived signed URL the API gives a listener with access; free albums stay public media.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { AUDIO_URL_SECONDS, signedMediaUrl } from '../../functions/platform/media-urls.js';
import { albums as seededAlbums } from '../../infra/seed/catalogue.js';
import { api, eventually, useCloudEnv } from '../support/cloud.js';
import { newPerson, type Person } from '../support/commerce.js';
import { signedInListener, type TestListener } from '../support/signed-in.js';

const seeded = (albumId: string) => seededAlbums.find((album) => album.albumId === albumId)!;
const freeAlbum = seeded('album-first-light');
const plusAlbum = seeded('album-night-garden');
const paidAlbum = seeded('album-copper-and-salt');
const plusKey = plusAlbum.tracks[0].audioKey!;

interface TrackAnswer {
  id: string;
  audioUrl: string | null;
}
const audioUrls = (body: { tracks: TrackAnswer[] }) => body.tracks.map((track) => track.audioUrl);

/** What a browser's audio element gets: status, type, and how much of the file. */
async function play(url: string, range?: string) {
  const res = await fetch(new URL(url, inject('baseUrl')), { headers: range ? { range } : {} });
  const bytes = Buffer.from(await res.arrayBuffer());
  return { status: res.status, type: res.headers.get('content-type'), range: res.headers.get('content-range'), bytes };
}

/** An MPEG audio frame starts with 11 set bits (the seeded MP3s carry no ID3 tag). */
const isMp3 = (bytes: Buffer) => bytes.length > 1000 && bytes[0] === 0xff && (bytes[1] & 0xe0) === 0xe0;

let member: TestListener;
let buyer: Person;
let nonBuyer: Person;
beforeAll(async () => {
  useCloudEnv();
  [member, buyer, nonBuyer] = await Promise.all([signedInListener('toko_plus'), newPerson('buyer'), newPerson('browser')]);
});

describe('gated audio', () => {
  it('gives a guest no URL for a Toko+ track, and refuses a direct request for its audio', async () => {
    const tracks = await api(`/api/albums/${plusAlbum.albumId}/tracks`);
    expect(tracks.body.hasAccess).toBe(false);
    expect(audioUrls(tracks.body).every((url) => url === null)).toBe(true);

    expect(plusKey.startsWith('audio/private/')).toBe(true);
    expect((await play(`/media/${plusKey}`)).status).toBe(404);
    expect((await play(`/media/${plusKey}`, 'bytes=0-1023')).status).toBe(404);
    expect((await play(`/media/${plusKey.replace('audio', '%61udio')}`)).status).toBe(404);
    // Nor is the bucket itself open: without a signature its object is refused.
    const bucketUrl = `${inject('cloudEnv').AWS_ENDPOINT_URL_S3}/${inject('cloudEnv').MEDIA_BUCKET}/${plusKey}`;
    expect((await play(bucketUrl)).status).toBe(403);
  });

  it('gives a Toko+ member signed URLs that play and seek', async () => {
    const tracks = await member.call(`/api/albums/${plusAlbum.albumId}/tracks`);
    expect(tracks.body.hasAccess).toBe(true);
    const urls = audioUrls(tracks.body);
    expect(urls).toHaveLength(plusAlbum.tracks.length);
    for (const url of urls) {
      expect(url).toMatch(/X-Amz-Signature=[0-9a-f]{64}/);
      expect(url).toContain(`X-Amz-Expires=${AUDIO_URL_SECONDS}`);
      expect(AUDIO_URL_SECONDS).toBe(15 * 60);
    }

    const whole = await play(urls[0]!);
    expect(whole).toMatchObject({ status: 200, type: 'audio/mpeg' });
    expect(isMp3(whole.bytes)).toBe(true);
    const seek = await play(urls[0]!, 'bytes=1000-1999');
    expect(seek).toMatchObject({ status: 206, type: 'audio/mpeg', range: `bytes 1000-1999/${whole.bytes.length}` });
    expect(seek.bytes.equals(whole.bytes.subarray(1000, 2000))).toBe(true);
  });

  it('signs gated tracks wherever the API answers them: library, favourites, playlists', async () => {
    const added = await member.call('/api/library/add-album', { method: 'POST', json: { albumId: plusAlbum.albumId } });
    expect(added.body.tracks.map((t: TrackAnswer) => t.audioUrl)).toEqual(
      plusAlbum.tracks.map(() => expect.stringMatching(/X-Amz-Signature=/)),
    );
    const favorite = await member.call('/api/favorites', { method: 'POST', json: { trackId: plusAlbum.tracks[1].trackId } });
    expect(favorite.body.favorites[0].audioUrl).toMatch(/X-Amz-Signature=/);
    expect((await play(favorite.body.favorites[0].audioUrl, 'bytes=0-99')).status).toBe(206);

    const playlist = await member.call('/api/playlists/playlist-after-dark');
    for (const track of playlist.body.tracks as (TrackAnswer & { requiredTier: string })[]) {
      expect(track.audioUrl).toMatch(track.requiredTier === 'free' ? /^\/media\/audio\/(?!private\/)/ : /X-Amz-Signature=/);
    }
  });

  it('stops a signed URL working once it has expired, or once anything in it is changed', async () => {
    const now = Date.now();
    expect((await play(await signedMediaUrl(plusKey, { expiresIn: 1, signedAt: new Date(now - 2000) }))).status).toBe(403);
    expect(
      (await play(await signedMediaUrl(plusKey, { signedAt: new Date(now - (AUDIO_URL_SECONDS + 5) * 1000) }), 'bytes=0-')).status,
    ).toBe(403);
    const live = await signedMediaUrl(plusKey, { expiresIn: 60 });
    expect((await play(live, 'bytes=0-99')).status).toBe(206);
    expect((await play(live.replace('X-Amz-Expires=60', 'X-Amz-Expires=6000'))).status).toBe(403);
    expect((await play(live.replace('track-night-garden-01', 'track-night-garden-02'))).status).toBe(403);
  });

  it('gives the buyer of an album for sale its audio, and a listener who has not bought it none', async () => {
    const before = await buyer.api(`/api/albums/${paidAlbum.albumId}/tracks`);
    expect(before.body.hasAccess).toBe(false);
    expect(audioUrls(before.body).every((url) => url === null)).toBe(true);

    const started = await buyer.api('/api/cart/checkout', {
      method: 'POST',
      json: { cartItems: [{ albumId: paidAlbum.albumId }], includeSubscription: false },
    });
    expect(started.status).toBe(200);
    const paid = await fetch(`${inject('stripeSandboxUrl')}/pay/${started.body.sessionId}`, {
      method: 'POST',
      body: new URLSearchParams({ email: buyer.email, action: 'pay' }),
      redirect: 'manual',
    });
    expect(paid.status).toBe(303);

    const bought = await eventually(async () => {
      const res = await buyer.api(`/api/albums/${paidAlbum.albumId}/tracks`);
      return res.body.hasAccess && res.body;
    });
    const urls = audioUrls(bought);
    expect(urls.every((url) => url !== null && /X-Amz-Signature=/.test(url))).toBe(true);
    const played = await play(urls[0]!, 'bytes=0-');
    expect(played).toMatchObject({ status: 206, type: 'audio/mpeg' });
    expect(isMp3(played.bytes)).toBe(true);

    const other = await nonBuyer.api(`/api/albums/${paidAlbum.albumId}/tracks`);
    expect(other.body.hasAccess).toBe(false);
    expect(audioUrls(other.body).every((url) => url === null)).toBe(true);
    expect((await play(`/media/${paidAlbum.tracks[0].audioKey}`)).status).toBe(404);
  });
});

describe('free audio', () => {
  it('stays public, cacheable media that anyone can play and seek', async () => {
    const tracks = await api(`/api/albums/${freeAlbum.albumId}/tracks`);
    const url = tracks.body.tracks[0].audioUrl as string;
    expect(url).toBe(`/media/${freeAlbum.tracks[0].audioKey}`);
    expect(url).not.toContain('X-Amz');
    const res = await fetch(new URL(url, inject('baseUrl')), { headers: { range: 'bytes=0-1023' } });
    expect(res.status).toBe(206);
    expect(res.headers.get('content-type')).toBe('audio/mpeg');
    expect(res.headers.get('cache-control')).toMatch(/^public/);
  });
});
