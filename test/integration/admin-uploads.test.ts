/**
 * A release's tracks and artwork through the admin routes: a presigned form, the file posted straight to the media
 * bucket as a browser does, the upload filed on the release, then the track intake's verdict in the release answer.
 */
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { PNG } from 'pngjs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AdminRelease } from '../../functions/catalogue/contract/admin-catalogue.js';
import { s3Client } from '../../functions/platform/aws.js';
import { env } from '../../functions/platform/env.js';
import { readStream } from '../../functions/platform/event-store.js';
import { flacBytes, mp3Bytes, wavBytes } from '../../functions/catalogue/media-intake/audio.fixtures.js';
import { handler as trackIntake } from '../../functions/catalogue/consumers/track-intake.js';
import { api, baseUrl, eventually, useCloudEnv } from '../support/cloud.js';
import { signedInAdmin, signedInListener, type TestListener } from '../support/signed-in.js';

let admin: TestListener;
let artistId: string;
beforeAll(async () => {
  useCloudEnv();
  admin = await signedInAdmin();
  const artist = await admin.call('/api/admin/artists', { method: 'POST', json: { name: `Uploader ${randomUUID().slice(0, 8)}` } });
  artistId = artist.body.id as string;
});

async function newDraft(overrides: Record<string, unknown> = {}) {
  const res = await admin.call('/api/admin/albums', {
    method: 'POST',
    json: { artistId, title: `Uploads ${randomUUID().slice(0, 8)}`, releaseDate: '2001-02-03', ...overrides },
  });
  expect(res.status).toBe(200);
  return res.body.id as string;
}

interface Form {
  id: string;
  url: string;
  fields: Record<string, string>;
  maxBytes: number;
}

async function presign(albumId: string, kind: 'track' | 'instrumental' | 'artwork', fileName: string, contentType: string, size: number) {
  return admin.call(`/api/admin/albums/${albumId}/uploads`, { method: 'POST', json: { kind, fileName, contentType, size } });
}

/** What the release editor does with a form: fields first, the file last. */
async function post(form: Form, bytes: Uint8Array, contentType: string) {
  const body = new FormData();
  for (const [name, value] of Object.entries(form.fields)) body.append(name, value);
  body.append('file', new Blob([Uint8Array.from(bytes)], { type: contentType }), 'upload');
  return (await fetch(form.url, { method: 'POST', body })).status;
}

/** Presigns, posts and files one track; answers the release as the add-track route answered it and the upload id. */
async function addTrack(albumId: string, fileName: string, bytes: Uint8Array, contentType: string, title?: string) {
  const presigned = await presign(albumId, 'track', fileName, contentType, Math.max(bytes.length, 1));
  expect(presigned.status).toBe(200);
  const form = presigned.body.upload as Form;
  if (bytes.length > 0) expect(await post(form, bytes, contentType)).toBe(204);
  // An empty file never passes the form (S3 refuses it); put one where the form would have, as a broken client could.
  else await s3Client().send(new PutObjectCommand({ Bucket: env().MEDIA_BUCKET, Key: form.fields.key, Body: new Uint8Array(0) }));
  const added = await admin.call(`/api/admin/albums/${albumId}/tracks`, { method: 'POST', json: { uploadId: form.id, title } });
  expect(added.status).toBe(200);
  return { release: added.body as AdminRelease, uploadId: form.id };
}

const release = async (albumId: string) => (await admin.call(`/api/admin/albums/${albumId}`)).body as AdminRelease;
const settled = (albumId: string, count: number) =>
  eventually(
    async () => {
      const current = await release(albumId);
      return current.tracks.length === count && current.tracks.every((t) => t.status !== 'processing') && current;
    },
    60_000,
    200,
  );

describe('presigning an upload', () => {
  it('answers a form for a private key of the release, limited to the file', async () => {
    const albumId = await newDraft();
    const res = await presign(albumId, 'track', 'Night Garden.wav', 'audio/wav', 1234);
    expect(res.status).toBe(200);
    expect(res.body.upload).toMatchObject({
      maxBytes: 1234,
      fields: { key: expect.stringMatching(new RegExp(`^incoming/track/${albumId}/.+\\.wav$`)) },
    });
    const artwork = await presign(albumId, 'artwork', 'cover.png', 'image/png', 5000);
    expect(artwork.body.upload.fields.key).toMatch(new RegExp(`^incoming/artwork/${albumId}/.+\\.png$`));
  });

  it('refuses a wrong type, a file over 200 MB and an empty one with a message per field, and a published release', async () => {
    const albumId = await newDraft();
    const wrong = await presign(albumId, 'track', 'notes.txt', 'text/plain', 10);
    expect(wrong.status).toBe(400);
    expect(wrong.body.fields).toEqual({ contentType: 'Upload an MP3, WAV or FLAC file' });
    const large = await presign(albumId, 'track', 'long.wav', 'audio/wav', 200 * 1024 * 1024 + 1);
    expect(large.body.fields).toEqual({ size: 'The file is larger than 200 MB' });
    const image = await presign(albumId, 'artwork', 'cover.gif', 'image/gif', 21 * 1024 * 1024);
    expect(image.body.fields).toEqual({ contentType: 'Upload the artwork as a JPEG or PNG image', size: 'The file is larger than 20 MB' });
    expect((await presign(albumId, 'track', 'empty.mp3', 'audio/mpeg', 0)).body.fields).toEqual({ size: 'The file is empty' });
    expect((await presign('no-such-album', 'track', 'a.mp3', 'audio/mpeg', 10)).status).toBe(404);
  });

  it('is for admins only', async () => {
    const albumId = await newDraft();
    const listener = await signedInListener();
    const json = { kind: 'track', fileName: 'a.mp3', contentType: 'audio/mpeg', size: 10 };
    expect((await listener.call(`/api/admin/albums/${albumId}/uploads`, { method: 'POST', json })).status).toBe(403);
    expect((await api(`/api/admin/albums/${albumId}/uploads`, { method: 'POST', json })).status).toBe(401);
  });
});

describe('tracks from upload to ready', () => {
  it('adds a WAV, a FLAC and an MP3 as processing tracks, then makes them ready with format and duration', async () => {
    const albumId = await newDraft();
    const first = await addTrack(albumId, 'Night_Garden.wav', wavBytes({ seconds: 2 }), 'audio/wav');
    expect(first.release.tracks).toEqual([
      expect.objectContaining({ id: first.uploadId, title: 'Night Garden', status: 'processing', duration: null, format: null }),
    ]);
    const flac = await addTrack(albumId, 'b.flac', flacBytes({ seconds: 1.5, channels: 2 }), 'audio/flac', 'Coastline');
    const mp3 = await addTrack(albumId, 'c.mp3', mp3Bytes({ seconds: 3 }), 'audio/mpeg');
    const done = await settled(albumId, 3);
    expect(done.tracks.map((t) => [t.title, t.status, t.format, t.refusal])).toEqual([
      ['Night Garden', 'ready', 'wav', null],
      ['Coastline', 'ready', 'flac', null],
      ['c', 'ready', 'mp3', null],
    ]);
    expect(done.tracks[0].duration).toBe(2);
    expect(done.tracks[2].duration).toBeCloseTo(3, 0);

    const processed = (await readStream(`album#${albumId}`)).filter((e) => e.type === 'TrackProcessed');
    expect(processed.map((e) => e.data)).toEqual([
      expect.objectContaining({ trackId: first.uploadId, masterKey: `masters/${albumId}/${first.uploadId}.wav` }),
      expect.objectContaining({ trackId: flac.uploadId, masterKey: `masters/${albumId}/${flac.uploadId}.flac` }),
      expect.objectContaining({ trackId: mp3.uploadId, masterKey: null }),
    ]);
    for (const event of processed) {
      expect(event.meta.actor).toBe('track-intake');
      const mp3Object = await s3Client().send(
        new GetObjectCommand({ Bucket: env().MEDIA_BUCKET, Key: (event.data as { audioKey: string }).audioKey }),
      );
      expect(mp3Object.ContentType).toBe('audio/mpeg');
    }
    // Uploads stay private: the public media path does not serve them.
    expect((await api(`/media/masters/${albumId}/${first.uploadId}.wav`)).status).toBe(404);
  });

  it('refuses renamed text, an empty file and a cut-short WAV, with the reason on the release', async () => {
    const albumId = await newDraft();
    await addTrack(albumId, 'notes.mp3', Buffer.from('Track 1: Night Garden\n'.repeat(40)), 'audio/mpeg');
    await addTrack(albumId, 'empty.wav', new Uint8Array(0), 'audio/wav');
    const wav = wavBytes({ seconds: 2 });
    await addTrack(albumId, 'cut.wav', wav.subarray(0, wav.length - 5000), 'audio/wav');
    const done = await settled(albumId, 3);
    expect(done.tracks.map((t) => [t.status, t.refusal])).toEqual([
      ['refused', 'This file is not audio (it looks like text). Upload an MP3, WAV or FLAC file.'],
      ['refused', 'The file is empty.'],
      ['refused', expect.stringContaining('The file is cut short')],
    ]);
    // Publishing refuses the release until the refused tracks are removed, naming the tracks field.
    const publish = await admin.call(`/api/admin/albums/${albumId}/publish`, { method: 'POST' });
    expect(publish.status).toBe(400);
    expect(publish.body.fields).toEqual({ tracks: expect.stringContaining('could not be processed') });
  });

  it('files an upload once however often it is named, and refuses unknown, foreign and unsent uploads', async () => {
    const albumId = await newDraft();
    const { uploadId } = await addTrack(albumId, 'a.mp3', mp3Bytes({ seconds: 1 }), 'audio/mpeg');
    const again = await admin.call(`/api/admin/albums/${albumId}/tracks`, { method: 'POST', json: { uploadId } });
    expect((again.body as AdminRelease).tracks).toHaveLength(1);

    const other = await newDraft();
    const foreign = await admin.call(`/api/admin/albums/${other}/tracks`, { method: 'POST', json: { uploadId } });
    expect(foreign).toMatchObject({ status: 404, body: { error: 'upload_not_found' } });
    expect((await admin.call(`/api/admin/albums/${albumId}/tracks`, { method: 'POST', json: { uploadId: randomUUID() } })).status).toBe(
      404,
    );
    const unsent = (await presign(albumId, 'track', 'b.mp3', 'audio/mpeg', 100)).body.upload as Form;
    const missing = await admin.call(`/api/admin/albums/${albumId}/tracks`, { method: 'POST', json: { uploadId: unsent.id } });
    expect(missing).toMatchObject({ status: 404, body: { error: 'upload_missing' } });
    // An artwork upload is not a track.
    const image = (await presign(albumId, 'artwork', 'c.png', 'image/png', 100)).body.upload as Form;
    expect((await admin.call(`/api/admin/albums/${albumId}/tracks`, { method: 'POST', json: { uploadId: image.id } })).status).toBe(404);
    const blank = await admin.call(`/api/admin/albums/${albumId}/tracks`, { method: 'POST', json: { uploadId: ' ' } });
    expect(blank.body.fields).toEqual({ uploadId: 'Upload the file first' });
    await settled(albumId, 1);
  });

  it('takes in a redelivered upload once', async () => {
    const albumId = await newDraft();
    const { uploadId } = await addTrack(albumId, 'a.mp3', mp3Bytes({ seconds: 1 }), 'audio/mpeg');
    await settled(albumId, 1);
    const uploaded = (await readStream(`album#${albumId}`)).find((e) => e.type === 'TrackUploaded')!;
    const record = { messageId: 'm1', body: JSON.stringify(uploaded), attributes: { MessageGroupId: `album#${albumId}` } };
    expect(await trackIntake({ Records: [record, { ...record, messageId: 'm2' }] } as never)).toEqual({ batchItemFailures: [] });
    const events = await readStream(`album#${albumId}`);
    expect(events.filter((e) => e.type === 'TrackProcessed' && e.data.trackId === uploadId)).toHaveLength(1);
  });
});

describe('artwork', () => {
  const png = (size: number) => {
    const image = new PNG({ width: size, height: size });
    image.data.fill(200);
    return PNG.sync.write(image);
  };

  it('resizes an uploaded PNG to the served artwork and records its URL; refuses a non-image with a clear message', async () => {
    const albumId = await newDraft();
    const bytes = png(400);
    const form = (await presign(albumId, 'artwork', 'cover.png', 'image/png', bytes.length)).body.upload as Form;
    expect(await post(form, bytes, 'image/png')).toBe(204);
    const set = await admin.call(`/api/admin/albums/${albumId}/artwork`, { method: 'PUT', json: { uploadId: form.id } });
    expect(set.status).toBe(200);
    const url = (set.body as AdminRelease).artwork!;
    expect(url).toMatch(new RegExp(`^/media/images/artwork/${albumId}-[0-9a-f]{12}\\.jpg$`));
    const served = await fetch(new URL(url, baseUrl()));
    expect(served.headers.get('content-type')).toBe('image/jpeg');
    const changed = (await readStream(`album#${albumId}`)).find((e) => e.type === 'AlbumDraftChanged')!;
    expect(changed.data).toEqual({ albumId, changes: { artwork: url } });

    const text = Buffer.from('not an image at all');
    const fake = (await presign(albumId, 'artwork', 'cover.png', 'image/png', text.length)).body.upload as Form;
    expect(await post(fake, text, 'image/png')).toBe(204);
    const refused = await admin.call(`/api/admin/albums/${albumId}/artwork`, { method: 'PUT', json: { uploadId: fake.id } });
    expect(refused).toMatchObject({
      status: 400,
      body: { fields: { uploadId: 'This file is not an image. Upload the artwork as a JPEG or PNG image.' } },
    });
    expect((await release(albumId)).artwork).toBe(url);
  });
});

describe('instrumentals', () => {
  /** Presigns and posts an instrumental upload; answers its id. */
  async function uploadInstrumental(albumId: string, bytes: Uint8Array, fileName = 'inst.wav') {
    const form = (await presign(albumId, 'instrumental', fileName, 'audio/wav', bytes.length)).body.upload as Form;
    expect(form.fields.key).toMatch(new RegExp(`^incoming/instrumental/${albumId}/.+\\.wav$`));
    expect(await post(form, bytes, 'audio/wav')).toBe(204);
    return form.id;
  }
  const attach = (albumId: string, trackId: string, uploadId: unknown) =>
    admin.call(`/api/admin/albums/${albumId}/tracks/${trackId}/instrumental`, { method: 'PUT', json: { uploadId } });

  it("attaches an uploaded WAV to a track, which the published album's ZIP carries as its instrumental", async () => {
    // Only a release for sale gets a download ZIP.
    const albumId = await newDraft({ access: 'purchase_required', price: 8 });
    const { uploadId: trackId } = await addTrack(albumId, 'Night_Garden.mp3', mp3Bytes({ seconds: 1 }), 'audio/mpeg');
    await settled(albumId, 1);
    const instrumental = await uploadInstrumental(albumId, wavBytes({ seconds: 1 }));
    const attached = await attach(albumId, trackId, instrumental);
    expect(attached.status).toBe(200);
    expect((attached.body as AdminRelease).tracks[0]).toMatchObject({ id: trackId, hasInstrumental: true });
    expect((await release(albumId)).tracks[0].hasInstrumental).toBe(true);
    const changed = (await readStream(`album#${albumId}`)).filter((e) => e.type === 'TrackDetailsChanged');
    expect(changed.map((e) => [e.data, e.meta.actor])).toEqual([
      [{ albumId, trackId, changes: { instrumentalKey: `masters/${albumId}/${trackId}.instrumental.wav` } }, admin.userId],
    ]);

    const cover = new PNG({ width: 300, height: 300 });
    cover.data.fill(120);
    const coverBytes = PNG.sync.write(cover);
    const artwork = (await presign(albumId, 'artwork', 'cover.png', 'image/png', coverBytes.length)).body.upload as Form;
    expect(await post(artwork, coverBytes, 'image/png')).toBe(204);
    expect((await admin.call(`/api/admin/albums/${albumId}/artwork`, { method: 'PUT', json: { uploadId: artwork.id } })).status).toBe(200);
    expect((await admin.call(`/api/admin/albums/${albumId}/publish`, { method: 'POST' })).status).toBe(200);
    const built = await eventually(
      async () => (await readStream(`download#${albumId}`)).find((e) => e.type === 'AlbumDownloadBuilt'),
      60_000,
      250,
    );
    const { key, files } = built.data as { key: string; files: string[] };
    expect(files).toContainEqual(expect.stringMatching(/^Instrumentals\/.*Night Garden \(Instrumental\)\.wav$/));
    const zip = await s3Client().send(new GetObjectCommand({ Bucket: env().MEDIA_BUCKET, Key: key }));
    const file = join(mkdtempSync(join(tmpdir(), 'instrumental-')), 'album.zip');
    writeFileSync(file, await zip.Body!.transformToByteArray());
    const names = execFileSync('unzip', ['-Z1', file], { encoding: 'utf8' }).trim().split('\n');
    expect(names).toContainEqual(expect.stringMatching(/^Instrumentals\/.*Night Garden \(Instrumental\)\.wav$/));
  });

  it('detaches an instrumental, and refuses a non-WAV, a blank or foreign upload and an unknown track', async () => {
    const albumId = await newDraft();
    const { uploadId: trackId } = await addTrack(albumId, 'a.mp3', mp3Bytes({ seconds: 1 }), 'audio/mpeg');
    const wrongType = await presign(albumId, 'instrumental', 'inst.mp3', 'audio/mpeg', 100);
    expect(wrongType).toMatchObject({ status: 400, body: { fields: { contentType: 'Upload the instrumental as a WAV file' } } });

    const text = await uploadInstrumental(albumId, Buffer.from('Not a recording, just words.\n'.repeat(10)));
    const refused = await attach(albumId, trackId, text);
    expect(refused).toMatchObject({
      status: 400,
      body: { fields: { uploadId: 'The file is not a WAV recording: upload the instrumental as a WAV file' } },
    });
    expect((await attach(albumId, trackId, ' ')).body.fields).toEqual({ uploadId: 'Upload the file first' });
    const track = (await presign(albumId, 'track', 'b.mp3', 'audio/mpeg', 100)).body.upload as Form;
    expect(await attach(albumId, trackId, track.id)).toMatchObject({ status: 404, body: { error: 'upload_not_found' } });
    const wav = await uploadInstrumental(albumId, wavBytes({ seconds: 1 }));
    expect(await attach(albumId, randomUUID(), wav)).toMatchObject({ status: 404, body: { error: 'track_not_found' } });
    expect((await release(albumId)).tracks[0].hasInstrumental).toBe(false);

    expect((await attach(albumId, trackId, wav)).status).toBe(200);
    const detached = await admin.call(`/api/admin/albums/${albumId}/tracks/${trackId}/instrumental`, { method: 'DELETE' });
    expect(detached.status).toBe(200);
    expect((detached.body as AdminRelease).tracks[0].hasInstrumental).toBe(false);
    await expect(
      s3Client().send(new GetObjectCommand({ Bucket: env().MEDIA_BUCKET, Key: `masters/${albumId}/${trackId}.instrumental.wav` })),
    ).rejects.toThrow();
    const unknown = await admin.call(`/api/admin/albums/${albumId}/tracks/${randomUUID()}/instrumental`, { method: 'DELETE' });
    expect(unknown.status).toBe(404);
    await settled(albumId, 1);
  });
});
