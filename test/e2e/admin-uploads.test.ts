/**
 * Uploads in the release editor, in Chromium: the admin picks a generated WAV, an MP3 and a text file renamed .mp3,
 * watches each file's progress bar, sees the tracks processing and then ready (the text file refused, its reason
 * beside it), attaches an instrumental to a track and removes it, and uploads a PNG as the artwork, previewed and then
 * served resized.
 */
import { randomUUID } from 'node:crypto';
import { PNG } from 'pngjs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminRelease } from '../../functions/catalogue/contract/admin-catalogue.js';
import { mp3Bytes, wavBytes } from '../../functions/catalogue/media-intake/audio.fixtures.js';
import { baseUrl, useCloudEnv } from '../support/cloud.js';
import { signedInAdmin } from '../support/signed-in.js';
import { launch, newPage, poll, signIn, toastShown, viewports } from './browser.js';

let browser: Browser;
beforeAll(async () => {
  useCloudEnv();
  browser = await launch();
});
afterAll(async () => browser?.close());

function png(size: number): Buffer {
  const image = new PNG({ width: size, height: size });
  for (let i = 0; i < image.data.length; i += 4) image.data.set([40, 90, 160, 255], i);
  return PNG.sync.write(image);
}

describe('uploads in the release editor', () => {
  it('uploads tracks with progress, shows them processing then ready or refused, and uploads the artwork', async () => {
    const admin = await signedInAdmin();
    const artist = await admin.call('/api/admin/artists', { method: 'POST', json: { name: `Upload Artist ${randomUUID().slice(0, 6)}` } });
    const draft = await admin.call('/api/admin/albums', { method: 'POST', json: { artistId: artist.body.id, title: 'Tidal Hours' } });
    const albumId = draft.body.id as string;

    const { context, page } = await newPage(browser, viewports.desktop);
    await signIn(context, admin);
    await page.goto(`${baseUrl()}/admin/releases/${albumId}`);
    await page.getByTestId('release-editor').getByRole('heading', { name: 'Tidal Hours' }).waitFor();

    // A slow line, so each file's progress can be seen between its start and its end.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 20,
      downloadThroughput: -1,
      uploadThroughput: 1024 * 1024,
    });
    await page.getByTestId('track-file-input').setInputFiles([
      { name: 'Low Tide.wav', mimeType: 'audio/wav', buffer: wavBytes({ seconds: 12 }) },
      { name: 'High Water.mp3', mimeType: 'audio/mpeg', buffer: mp3Bytes({ seconds: 3 }) },
      { name: 'liner notes.mp3', mimeType: 'text/plain', buffer: Buffer.from('Track 1: Low Tide\nTrack 2: High Water\n'.repeat(30)) },
    ]);
    const uploads = page.getByTestId('track-upload');
    await poll(() => uploads.count()).toBe(3);
    const firstBar = page.getByRole('progressbar', { name: 'Uploading Low Tide.wav' });
    await poll(async () => {
      const value = Number((await firstBar.getAttribute('aria-valuenow', { timeout: 1000 }).catch(() => null)) ?? -1);
      return value > 0 && value < 100;
    }).toBe(true);
    // Sent and filed as a track; a failed file keeps its row with the reason, which the assertion then names.
    const failures = page.getByTestId('track-upload-error');
    await poll(async () => {
      if ((await failures.count()) > 0) return `failed: ${(await failures.allTextContents()).join('; ')}`;
      return (await page.evaluate(() => (window.toastsShown ?? []).some((toast) => toast.includes('Low Tide.wav uploaded'))))
        ? 'uploaded'
        : 'sending';
    }, 60_000).toBe('uploaded');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    await poll(() => uploads.count(), 30_000).toBe(0);

    // Each file is a track now; the page polls until the intake has read them all.
    const tracks = page.getByTestId('release-track');
    await poll(() => tracks.count()).toBe(3);
    await poll(() => tracks.getByTestId('track-status').allTextContents(), 60_000).toEqual([
      'wav',
      'mp3',
      'This file is not audio (it looks like text). Upload an MP3, WAV or FLAC file.',
    ]);
    await toastShown(page, 'liner notes was refused');
    expect(await tracks.nth(0).getByLabel('Title of track 1').inputValue()).toBe('Low Tide');
    expect(await tracks.nth(0).textContent()).toContain('0:12');

    // An instrumental for the first track, attached from its row, then removed from the keyboard.
    const first = tracks.nth(0);
    await first
      .getByTestId('instrumental-file-input')
      .setInputFiles({ name: 'Low Tide inst.wav', mimeType: 'audio/wav', buffer: wavBytes({ seconds: 2 }) });
    await toastShown(page, 'Instrumental attached to Low Tide');
    await first.getByText('Instrumental attached').waitFor();
    expect(((await admin.call(`/api/admin/albums/${albumId}`)).body as AdminRelease).tracks[0].hasInstrumental).toBe(true);
    await first.getByRole('button', { name: 'Remove the instrumental of Low Tide' }).focus();
    await page.keyboard.press('Enter');
    await toastShown(page, 'Instrumental removed from Low Tide');
    await first.getByText('Attach instrumental').waitFor();

    // The artwork: a preview at once, then the served, resized cover.
    await page.getByTestId('artwork-file-input').setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: png(400) });
    await toastShown(page, 'Artwork saved');
    const preview = page.getByTestId('artwork-preview');
    await poll(() => preview.getAttribute('src')).toMatch(new RegExp(`^/media/images/artwork/${albumId}-[0-9a-f]{12}\\.jpg$`));
    await poll(() => preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(600);

    // An image that is not one is refused beside the picker; the cover stays.
    await page
      .getByTestId('artwork-file-input')
      .setInputFiles({ name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('no pixels here') });
    await page.getByTestId('artwork-error').getByText('This file is not an image').waitFor();
    await context.close();
  });
});
