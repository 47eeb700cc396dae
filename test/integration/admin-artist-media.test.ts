/**
 * An artist's avatar and header uploaded by an admin: resized on the server, served from the media bucket, shown on
 * the listener's artist page; files that are not such an image refused beside their field with nothing written. And
 * the admin's list of exclusive videos.
 */
import { randomUUID } from 'node:crypto';
import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';
import { beforeAll, describe, expect, it } from 'vitest';
import { readStream } from '../../functions/platform/event-store.js';
import { api, baseUrl, eventually, useCloudEnv } from '../support/cloud.js';
import { signedInAdmin, type TestListener } from '../support/signed-in.js';

let admin: TestListener;
beforeAll(async () => {
  useCloudEnv();
  admin = await signedInAdmin();
});

async function newArtist() {
  const res = await admin.call('/api/admin/artists', { method: 'POST', json: { name: `Pictured ${randomUUID().slice(0, 8)}` } });
  expect(res.status).toBe(200);
  return res.body.id as string;
}

function pngOf(width: number, height: number): Buffer {
  const png = new PNG({ width, height });
  for (let i = 0; i < png.data.length; i += 4) png.data.set([200, 40, 90, 255], i);
  return PNG.sync.write(png);
}
const jpegOf = (width: number, height: number) =>
  Buffer.from(jpeg.encode({ width, height, data: new Uint8Array(width * height * 4).fill(120) }, 85).data);

const uploadPaths = {
  avatar: (artistId: string) => `/api/admin/artists/${artistId}/avatar`,
  header: (artistId: string) => `/api/admin/artists/${artistId}/header`,
};

function upload(artistId: string, image: 'avatar' | 'header', bytes: Buffer, filename = `${image}.png`, type = 'image/png') {
  const form = new FormData();
  form.append(image, new Blob([Uint8Array.from(bytes)], { type }), filename);
  return admin.call(uploadPaths[image](artistId), { method: 'POST', body: form });
}

async function servedSize(url: string) {
  const served = await fetch(`${baseUrl()}${url}`);
  expect(served.status).toBe(200);
  expect(served.headers.get('content-type')).toBe('image/jpeg');
  const image = jpeg.decode(Buffer.from(await served.arrayBuffer()));
  return [image.width, image.height];
}

describe('artist images', () => {
  it('resizes an avatar and a header, serves them, and the listener’s artist page shows them', async () => {
    const artistId = await newArtist();

    const avatar = await upload(artistId, 'avatar', pngOf(640, 480));
    expect(avatar.status).toBe(200);
    expect(avatar.body).toMatchObject({ id: artistId, avatar: expect.stringMatching(/^\/media\/images\/artists\/avatar-\w+\.jpg$/) });
    expect(await servedSize(avatar.body.avatar)).toEqual([400, 400]);

    const header = await upload(artistId, 'header', jpegOf(2400, 900), 'header.jpg', 'image/jpeg');
    expect(header.status).toBe(200);
    expect(header.body).toMatchObject({
      avatar: avatar.body.avatar,
      headerImage: expect.stringMatching(/^\/media\/images\/artists\/header-/),
    });
    expect(await servedSize(header.body.headerImage)).toEqual([1500, 500]);

    const page = await eventually(async () => {
      const artist = (await api(`/api/artists/${artistId}`)).body;
      return artist.avatar === avatar.body.avatar && artist.headerImage === header.body.headerImage && artist;
    });
    expect(page).toMatchObject({ id: artistId });

    // Each is an event with the admin as actor.
    const images = (await readStream(`artist#${artistId}`)).filter((e) => e.type === 'ArtistImageChanged');
    expect(images.map((e) => [e.data, e.meta.actor])).toEqual([
      [{ artistId, image: 'avatar', url: avatar.body.avatar }, admin.userId],
      [{ artistId, image: 'header', url: header.body.headerImage }, admin.userId],
    ]);
  });

  it('refuses renamed text, an empty file, a file too large and one too small, beside the field, writing nothing', async () => {
    const artistId = await newArtist();
    const refusals = [
      [await upload(artistId, 'avatar', Buffer.from('just some words, honestly'), 'avatar.png'), 'avatar', /not an image/],
      [await upload(artistId, 'avatar', Buffer.alloc(0)), 'avatar', /empty/],
      [await upload(artistId, 'header', Buffer.alloc(5 * 1024 * 1024, 1), 'header.jpg', 'image/jpeg'), 'header', /larger than 4 MB/],
      [await upload(artistId, 'header', pngOf(300, 100)), 'header', /300 × 100 pixels; a header needs at least 600 × 200/],
      [await upload(artistId, 'avatar', Buffer.from('GIF89a\x01\x00\x01\x00')), 'avatar', /as a JPEG or PNG/],
    ] as const;
    for (const [res, field, message] of refusals) {
      expect(res.status).toBe(400);
      expect(res.body.fields[field]).toMatch(message);
      expect(res.body.message).toBe(res.body.fields[field]);
    }
    const notMultipart = await admin.call(`/api/admin/artists/${artistId}/avatar`, { method: 'POST', json: {} });
    expect(notMultipart).toMatchObject({ status: 400, body: { fields: { avatar: expect.stringContaining('multipart/form-data') } } });
    expect((await readStream(`artist#${artistId}`)).map((e) => e.type)).toEqual(['ArtistCreated']);

    expect((await upload(randomUUID(), 'avatar', pngOf(200, 200))).status).toBe(404);
    await admin.call(`/api/admin/artists/${artistId}/archive`, { method: 'POST' });
    expect((await upload(artistId, 'avatar', pngOf(200, 200))).status).toBe(409);
    expect((await readStream(`artist#${artistId}`)).map((e) => e.type)).toEqual(['ArtistCreated', 'ArtistArchived']);
  });
});

describe('the admin’s exclusive videos', () => {
  it('lists every video, newest first, the one just added among them', async () => {
    const title = `Studio diary ${randomUUID().slice(0, 8)}`;
    const created = await admin.call('/api/admin/videos', { method: 'POST', json: { title, youtube: 'https://youtu.be/dQw4w9WgXcQ' } });
    expect(created.status).toBe(200);
    const listed = await eventually(async () => {
      const videos = (await admin.call('/api/admin/videos')).body.videos as { id: string }[];
      return videos.find((v) => v.id === created.body.id);
    });
    expect(listed).toEqual(created.body);
  });
});
