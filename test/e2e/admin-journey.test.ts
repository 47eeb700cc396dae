/**
 * The label's whole round in Chromium: an admin signs in with a password and an authenticator
 * app set up on the spot, adds an artist with a cropped avatar, makes an album of three uploaded tracks (a WAV and two
 * MP3s) and an artwork, prices and publishes it; a listener finds it by search, buys it through the sandbox, plays a
 * track (counted) and downloads a ZIP of the uploaded tracks; the admin refunds the purchase and the download link stops
 * working.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setAdminRole } from '../../functions/accounts/admin-roster.js';
import { mp3Bytes, wavBytes } from '../../functions/catalogue/media-intake/audio.fixtures.js';
import { hashPassword } from '../../functions/accounts/passwords.js';
import { runUserCommand } from '../../functions/accounts/users.js';
import { baseUrl, eventually, useCloudEnv } from '../support/cloud.js';
import { codeOfNextStep, signedInListener } from '../support/signed-in.js';
import { launch, newPage, poll, reloadUntilAlbumPlays, signIn, toastShown, viewports, gradientPng, scratchDir } from './browser.js';
import { addArtist, giveFreshCode, headerState } from './steps.js';
import { dynamoEventStore } from '../../functions/platform/event-store.js';

const dir = scratchDir('toko-e2e-journey-');
let browser: Browser;
beforeAll(async () => {
  useCloudEnv();
  browser = await launch();
});
afterAll(async () => browser?.close());

describe('the label’s round: upload, publish, sell, refund', () => {
  it('an admin publishes an uploaded album, a listener buys, plays and downloads it, and the admin refunds it', async () => {
    const tag = randomUUID().slice(0, 6);
    const artistName = `Journey Artist ${tag}`;
    const albumTitle = `Harbour Songs ${tag}`;

    // An account with a password on the roster of admins, whose authenticator app is not set up yet.
    const password = `pw-${randomUUID()}`;
    const staff = await signedInListener();
    const context = { actor: 'test', correlationId: `journey-${tag}`, eventStore: dynamoEventStore };
    await runUserCommand(staff.userId, { type: 'SetPassword', passwordHash: await hashPassword(password) }, context);
    await setAdminRole(staff.userId, { role: 'admin', permissions: ['owner'] }, 'test', context);

    // 1. Password, then the authenticator app set up at the first sign-in.
    const admin = await newPage(browser, viewports.desktop);
    const page = admin.page;
    await page.goto(`${baseUrl()}/`);
    await poll(() => headerState(page)).toBe('guest');
    await page.locator('[data-testid=header-account]').getByRole('button', { name: 'Sign In' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Email').fill(staff.email);
    // An admin's address is answered as anyone's: its holder picks the password sign-in.
    await dialog.getByRole('button', { name: 'Sign in with a password' }).click();
    await dialog.getByRole('heading', { name: 'Administrator sign-in' }).waitFor();
    await dialog.getByLabel('Password').fill(password);
    await dialog.getByRole('button', { name: 'Sign In' }).click();
    await dialog.getByRole('heading', { name: 'Set up two-step verification' }).waitFor();
    const secret = (await dialog.locator('[data-testid=totp-secret]').textContent())!.trim();
    await dialog.getByLabel('6-digit code').fill(await codeOfNextStep(staff.userId, secret));
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await dialog.getByRole('heading', { name: 'Save your recovery codes' }).waitFor();
    await dialog.getByRole('checkbox', { name: 'I saved my recovery codes' }).check();
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await poll(() => headerState(page)).toBe('signed-in');

    // An artist with a cropped avatar.
    const { images } = await addArtist(page, artistName);
    await images
      .getByTestId('artist-avatar-input')
      .setInputFiles({ name: 'face.png', mimeType: 'image/png', buffer: gradientPng(800, 600) });
    await page.getByTestId('avatar-crop-dialog').waitFor();
    await page.getByRole('button', { name: 'Save Avatar' }).click();
    await toastShown(page, 'Avatar updated');
    await poll(() => images.getByTestId('artist-avatar-preview').getAttribute('data-src')).toMatch(
      /^\/media\/images\/artists\/avatar-\w+\.jpg$/,
    );
    await page
      .getByRole('dialog', { name: `Edit ${artistName}` })
      .getByRole('button', { name: 'Close' })
      .click();

    // 2. An album: a draft, three tracks and an artwork uploaded with progress, a price, published.
    await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Releases' }).click();
    await page.getByTestId('new-release').click();
    const newRelease = page.getByTestId('new-release-form');
    await newRelease.getByLabel('Artist').selectOption({ label: artistName });
    await newRelease.getByLabel('Title').fill(albumTitle);
    await newRelease.getByRole('button', { name: 'Create draft' }).click();
    await toastShown(page, 'Draft created');
    const editor = page.getByTestId('release-editor');
    await editor.getByRole('heading', { name: albumTitle }).waitFor();
    const albumId = new URL(page.url()).pathname.split('/').pop()!;

    await page.getByTestId('track-file-input').setInputFiles([
      { name: 'Harbour Lights.wav', mimeType: 'audio/wav', buffer: wavBytes({ seconds: 8 }) },
      { name: 'Salt Road.mp3', mimeType: 'audio/mpeg', buffer: mp3Bytes({ seconds: 4 }) },
      { name: 'Last Ferry.mp3', mimeType: 'audio/mpeg', buffer: mp3Bytes({ seconds: 4 }) },
    ]);
    await page.getByRole('progressbar', { name: 'Uploading Harbour Lights.wav' }).waitFor();
    const tracks = page.getByTestId('release-track');
    await poll(() => tracks.getByTestId('track-status').allTextContents(), 90_000).toEqual(['wav', 'mp3', 'mp3']);
    await page.getByTestId('artwork-file-input').setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: gradientPng(700, 700) });
    await toastShown(page, 'Artwork saved');

    const details = page.getByTestId('release-details');
    await details.getByLabel('Access').selectOption('purchase_required');
    await details.getByLabel('Price (USD)', { exact: true }).fill('7.00');
    // Dated in the past, so the seed's newest album stays the one the other journeys find featured.
    await details.getByLabel('Release date').fill('2019-05-01');
    await details.getByTestId('save-release').click();
    await toastShown(page, 'Saved');
    await page.getByTestId('publish-now').click();
    await toastShown(page, 'Published: listeners can find it now');
    await poll(() => editor.getByTestId('release-status').textContent()).toBe('Live');

    // 3. A listener finds it by search and buys it on the sandbox's page.
    const listener = await signedInListener();
    const fan = await newPage(browser, viewports.desktop);
    await signIn(fan.context, listener);
    const fanPage = fan.page;
    await fanPage.goto(`${baseUrl()}/`);
    const box = fanPage.getByRole('combobox');
    const suggestion = fanPage.locator('[data-testid=search-suggestion][data-type=album]', { hasText: albumTitle });
    // The fan searches once the search has the release (its projector runs after the publish): the box keeps an answer
    // fresh for minutes, so text typed before would have kept showing the empty one, whatever was typed again.
    await eventually(async () => {
      const found = await listener.call(`/api/search/suggestions?q=${encodeURIComponent(albumTitle)}`);
      return found.status === 200 && (found.body as { id: string }[]).some((s) => s.id === albumId);
    }, 60_000);
    await box.fill(albumTitle);
    await suggestion.click();
    await fanPage.waitForURL(`**/album/${albumId}`);
    await fanPage.getByRole('heading', { name: albumTitle }).waitFor();

    const started = await listener.call('/api/simple-checkout', { method: 'POST', json: { cartItems: [{ albumId }] } });
    expect(started.status).toBe(200);
    await fanPage.goto(started.body.checkoutUrl as string);
    await fanPage.getByRole('button', { name: 'Pay $7.00' }).click();
    await fanPage.waitForURL((url) => url.pathname === '/checkout/success');
    await fanPage.getByRole('heading', { name: 'Purchase Complete!' }).waitFor({ timeout: 30_000 });

    // It plays, and the play is counted.
    await fanPage.goto(`${baseUrl()}/album/${albumId}`);
    const row = fanPage.locator('[data-testid=track-row]', { hasText: 'Salt Road' });
    await row.waitFor();
    const before = Number(await fanPage.getByTestId('album-play-count').getAttribute('data-count'));
    const played = fanPage.waitForRequest((r) => r.url().endsWith('/api/track-play') && r.method() === 'POST', { timeout: 40_000 });
    await row.getByRole('button', { name: /^Play / }).click();
    expect((await (await played).response())?.status()).toBe(202);
    expect(await reloadUntilAlbumPlays(fanPage, before + 1)).toBe(before + 1);

    // The ZIP holds the three uploaded tracks.
    await fanPage.goto(`${baseUrl()}/library?tab=downloads`);
    const download = fanPage.locator(`[data-testid=library-download][data-album-id="${albumId}"]`);
    const button = download.locator('[data-testid=download-album-button]');
    await poll(() => button.getAttribute('data-state'), 120_000).toBe('idle');
    const [zip] = await Promise.all([fanPage.waitForEvent('download', { timeout: 30_000 }), button.click()]);
    const file = join(dir, 'album.zip');
    await zip.saveAs(file);
    const entries = execFileSync('unzip', ['-Z1', file], { encoding: 'utf8' }).trim().split('\n');
    const mp3s = entries.filter((name) => /^MP3\/.+\.mp3$/.test(name));
    expect(mp3s).toHaveLength(3);
    for (const title of ['Harbour Lights', 'Salt Road', 'Last Ferry']) expect(mp3s.join('\n')).toContain(title);
    expect(readFileSync(file).subarray(0, 2).toString('latin1')).toBe('PK');
    const purchased = await listener.call('/api/library/purchased-albums');
    const link = (purchased.body as Array<{ albumId: string; shopifyZipUrl: string }>).find((a) => a.albumId === albumId)!.shopifyZipUrl;
    expect((await listener.call(link, { redirect: 'manual' })).status).toBe(302);

    // 4. The admin refunds it from the listener's page; the link stops working.
    await page.goto(`${baseUrl()}/admin/people/${encodeURIComponent(listener.userId)}`);
    const purchases = page.getByTestId('purchases-table');
    await purchases.getByRole('button', { name: `Refund ${albumTitle}` }).click();
    await page.getByTestId('refund-form').getByRole('button', { name: 'Refund', exact: true }).click();
    await giveFreshCode(page, { userId: staff.userId, secret });
    await toastShown(page, 'Refund');
    await eventually(async () => (await listener.call(link, { redirect: 'manual' })).status === 403, 30_000);
    await fanPage.goto(`${baseUrl()}/library?tab=downloads`);
    await fanPage.getByText('No downloads yet').waitFor({ timeout: 30_000 });

    await admin.context.close();
    await fan.context.close();
  }, 600_000);
});
