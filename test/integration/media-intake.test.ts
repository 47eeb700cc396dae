/**
 * The media intake library against the local cloud's S3: a browser-style multipart POST through a presigned form
 * (refused over the size limit or with another type), then inspection, the streaming MP3 and the served artwork.
 */
import { randomUUID } from 'node:crypto';
import { GetObjectCommand, HeadObjectCommand } from '@aws-sdk/client-s3';
import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';
import { beforeAll, describe, expect, it } from 'vitest';
import { s3Client } from '../../functions/platform/aws.js';
import { env } from '../../functions/platform/env.js';
import { resizeArtwork } from '../../functions/catalogue/media-intake/artwork.js';
import { flacBytes, mp3Bytes, wavBytes, wavInspection } from '../../functions/catalogue/media-intake/audio.fixtures.js';
import { inspectAudio } from '../../functions/catalogue/media-intake/audio.js';
import { presignUpload } from '../../functions/catalogue/media-intake/index.js';
import { makeStreamingMp3 } from '../../functions/catalogue/media-intake/transcode.js';
import { useCloudEnv } from '../support/cloud.js';

beforeAll(() => useCloudEnv());

/** A private prefix, as uploads must be: the public /media/ path does not serve masters/. */
const uploadKey = (name: string) => `masters/album-intake-${randomUUID()}/${name}`;

/** What a browser does with the form: fields first, the file last, as multipart/form-data. */
async function upload(form: { url: string; fields: Record<string, string> }, bytes: Uint8Array, type: string) {
  const body = new FormData();
  for (const [name, value] of Object.entries(form.fields)) body.append(name, value);
  body.append('file', new Blob([Uint8Array.from(bytes)], { type }), 'upload');
  const response = await fetch(form.url, { method: 'POST', body });
  return { status: response.status, text: await response.text() };
}

async function stored(key: string) {
  try {
    const head = await s3Client().send(new HeadObjectCommand({ Bucket: env().MEDIA_BUCKET, Key: key }));
    return { contentType: head.ContentType, size: head.ContentLength };
  } catch {
    return undefined;
  }
}

async function read(key: string): Promise<Buffer> {
  const out = await s3Client().send(new GetObjectCommand({ Bucket: env().MEDIA_BUCKET, Key: key }));
  return Buffer.from(await out.Body!.transformToByteArray());
}

describe('presigned uploads to the media bucket', () => {
  it('stores a file posted with the form, with the content type the form names', async () => {
    const key = uploadKey('track.wav');
    const wav = wavBytes({ seconds: 1 });
    const form = await presignUpload({ key, contentType: 'audio/wav' });
    expect(form.maxBytes).toBe(200 * 1024 * 1024);
    expect(await upload(form, wav, 'audio/wav')).toMatchObject({ status: 204 });
    expect(await stored(key)).toEqual({ contentType: 'audio/wav', size: wav.length });
  });

  it('refuses a file over the size limit, and a form whose content type was changed, storing nothing', async () => {
    const key = uploadKey('big.mp3');
    const form = await presignUpload({ key, contentType: 'audio/mpeg', maxBytes: 1000 });
    const tooBig = await upload(form, new Uint8Array(1001), 'audio/mpeg');
    expect(tooBig.status).toBe(400);
    expect(tooBig.text).toContain('<Code>EntityTooLarge</Code>');
    expect(
      await upload({ ...form, fields: { ...form.fields, 'Content-Type': 'text/html' } }, new Uint8Array(10), 'text/html'),
    ).toMatchObject({
      status: 403,
      text: expect.stringContaining('Policy Condition failed'),
    });
    expect(await upload(form, new Uint8Array(0), 'audio/mpeg')).toMatchObject({
      status: 400,
      text: expect.stringContaining('EntityTooSmall'),
    });
    expect(await stored(key)).toBeUndefined();
    // The form is good for its own key only.
    expect(
      await upload({ ...form, fields: { ...form.fields, key: uploadKey('other.mp3') } }, new Uint8Array(10), 'audio/mpeg'),
    ).toMatchObject({
      status: 403,
    });
  });

  it('refuses to presign a type or size no upload may have', async () => {
    await expect(presignUpload({ key: uploadKey('x.exe'), contentType: 'application/octet-stream' })).rejects.toThrow('No upload may have');
    await expect(presignUpload({ key: uploadKey('x.png'), contentType: 'image/png', maxBytes: 21 * 1024 * 1024 })).rejects.toThrow(
      'limited to',
    );
  });
});

describe('tracks from upload to streaming MP3', () => {
  async function uploaded(name: string, bytes: Uint8Array, contentType: string) {
    const key = uploadKey(name);
    expect((await upload(await presignUpload({ key, contentType }), bytes, contentType)).status).toBe(204);
    return key;
  }

  it('inspects an uploaded WAV and makes its 192 kbps MP3, keeping the master', async () => {
    const wavKey = await uploaded('master.wav', wavBytes({ seconds: 2 }), 'audio/wav');
    expect(await inspectAudio(wavKey)).toEqual(wavInspection(2));
    const mp3Key = wavKey.replace('master.wav', 'stream.mp3');
    const made = await makeStreamingMp3({ sourceKey: wavKey, targetKey: mp3Key });
    expect(made).toMatchObject({ format: 'wav', transcoded: true });
    expect(await stored(mp3Key)).toEqual({ contentType: 'audio/mpeg', size: made.bytes });
    expect(await inspectAudio(mp3Key)).toMatchObject({ ok: true, format: 'mp3', channels: 2, durationSeconds: expect.closeTo(2, 1) });
    expect(await stored(wavKey)).toMatchObject({ contentType: 'audio/wav' });
  });

  it('decodes an uploaded FLAC, and copies an uploaded MP3 as it is', async () => {
    const flacKey = await uploaded('master.flac', flacBytes({ seconds: 1.5, channels: 1 }), 'audio/flac');
    expect(await inspectAudio(flacKey)).toMatchObject({ ok: true, format: 'flac', channels: 1, durationSeconds: 1.5 });
    await makeStreamingMp3({ sourceKey: flacKey, targetKey: `${flacKey}.mp3` });
    expect(await inspectAudio(`${flacKey}.mp3`)).toMatchObject({ ok: true, format: 'mp3', channels: 1 });

    const mp3 = mp3Bytes({ seconds: 1 });
    const mp3Key = await uploaded('track.mp3', mp3, 'audio/mpeg');
    expect(await makeStreamingMp3({ sourceKey: mp3Key, targetKey: `${mp3Key}.stream.mp3` })).toEqual({
      format: 'mp3',
      transcoded: false,
      bytes: mp3.length,
    });
    expect((await read(`${mp3Key}.stream.mp3`)).equals(mp3)).toBe(true);
  });

  it('refuses renamed text, an empty upload and a cut-short WAV with a message for the form', async () => {
    const text = await uploaded('notes.mp3', Buffer.from('These are my liner notes, not a song.\n'.repeat(20)), 'audio/mpeg');
    expect(await inspectAudio(text)).toEqual({
      ok: false,
      reason: 'This file is not audio (it looks like text). Upload an MP3, WAV or FLAC file.',
    });
    await expect(makeStreamingMp3({ sourceKey: text, targetKey: `${text}.stream.mp3` })).rejects.toThrow('looks like text');
    expect(await stored(`${text}.stream.mp3`)).toBeUndefined();

    const wav = wavBytes({ seconds: 1 });
    const cut = await uploaded('cut.wav', wav.subarray(0, wav.length / 2), 'audio/wav');
    expect(await inspectAudio(cut)).toMatchObject({ ok: false, reason: expect.stringContaining('The file is cut short') });
    expect(await inspectAudio(uploadKey('never-uploaded.wav'))).toMatchObject({
      ok: false,
      reason: expect.stringContaining('did not arrive'),
    });
  });
});

describe('artwork', () => {
  it('resizes an uploaded PNG to the 600 × 600 JPEG the app serves, and refuses a non-image', async () => {
    const png = new PNG({ width: 900, height: 900 });
    png.data.fill(200);
    const key = uploadKey('cover.png');
    const form = await presignUpload({ key, contentType: 'image/png' });
    expect((await upload(form, PNG.sync.write(png), 'image/png')).status).toBe(204);
    const result = await resizeArtwork({ sourceKey: key, albumId: 'album-intake' });
    if (!result.ok) throw new Error(result.reason);
    expect(result.key).toMatch(/^images\/artwork\/album-intake-[0-9a-f]{12}\.jpg$/);
    expect(result.url).toBe(`/media/${result.key}`);
    const served = jpeg.decode(await read(result.key));
    expect([served.width, served.height]).toEqual([600, 600]);

    const notImage = uploadKey('cover.jpg');
    expect(
      (await upload(await presignUpload({ key: notImage, contentType: 'image/jpeg' }), Buffer.from('hello'), 'image/jpeg')).status,
    ).toBe(204);
    expect(await resizeArtwork({ sourceKey: notImage, albumId: 'album-intake' })).toEqual({
      ok: false,
      reason: 'This file is not an image. Upload the artwork as a JPEG or PNG image.',
    });
  });
});
