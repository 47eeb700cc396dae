/**
 * The label's panel in Chromium: an admin adds an artist (a wrong social link refused beside its field), starts a
 * release, edits its details and price (a refused price shown beside the field), sees publishing refused while the
 * release has no tracks, and finds the draft on the release board by state and artist; a listener is kept out.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, useCloudEnv } from '../support/cloud.js';
import { signedInAdmin, signedInListener } from '../support/signed-in.js';
import { launch, newPage, poll, signIn, toastShown, viewports } from './browser.js';
import { mp3Bytes } from '../../functions/catalogue/media-intake/audio.fixtures.js';

let browser: Browser;
beforeAll(async () => {
  useCloudEnv();
  browser = await launch();
});
afterAll(async () => browser?.close());

describe('the admin panel', () => {
  it('adds an artist, starts a release, edits it and finds it on the board', async () => {
    const admin = await signedInAdmin();
    const { context, page } = await newPage(browser, viewports.desktop);
    await signIn(context, admin);
    const artistName = `Panel Artist ${Date.now()}`;

    await page.goto(`${baseUrl()}/admin`);
    await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Releases' }).click();
    await page.waitForURL(/\/admin\/releases$/);
    await page.getByRole('heading', { name: 'Releases' }).waitFor();

    // An artist, first with a link that is not Instagram's.
    await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Artists' }).click();
    await page.getByTestId('new-artist').click();
    const artistForm = page.getByTestId('artist-form');
    await artistForm.getByLabel('Name').fill(artistName);
    await artistForm.getByLabel('Instagram').fill('https://example.com/someone');
    await artistForm.getByRole('button', { name: 'Add artist' }).click();
    await artistForm.getByText('Enter an https link to instagram.com').waitFor();
    expect(await artistForm.getByLabel('Instagram').getAttribute('aria-invalid')).toBe('true');
    // Typed without https://, as people say it: completed rather than refused.
    await artistForm.getByLabel('Instagram').fill('instagram.com/someone');
    await artistForm.getByRole('button', { name: 'Add artist' }).click();
    await toastShown(page, 'Artist added');
    await page.getByTestId('artists-table').getByText(artistName).waitFor();

    // Sorting by name from the keyboard flips the order the header announces.
    const nameHeader = page.getByRole('columnheader', { name: 'Name' });
    expect(await nameHeader.getAttribute('aria-sort')).toBe('ascending');
    await nameHeader.getByRole('button').focus();
    await page.keyboard.press('Enter');
    expect(await nameHeader.getAttribute('aria-sort')).toBe('descending');

    // A release of that artist.
    await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Releases' }).click();
    await page.getByTestId('new-release').click();
    const newRelease = page.getByTestId('new-release-form');
    await newRelease.getByLabel('Artist').selectOption({ label: artistName });
    await newRelease.getByLabel('Title').fill('Night Shift');
    await newRelease.getByRole('button', { name: 'Create draft' }).click();
    await toastShown(page, 'Draft created');
    const editor = page.getByTestId('release-editor');
    await editor.getByRole('heading', { name: 'Night Shift' }).waitFor();
    expect(await editor.getByTestId('release-status').textContent()).toBe('Draft');

    // A negative price is refused beside the price; a good one is saved.
    const details = page.getByTestId('release-details');
    await details.getByLabel('Access').selectOption('purchase_required');
    await details.getByLabel('Price (USD)', { exact: true }).fill('-1');
    await details.getByTestId('save-release').click();
    await details.getByText('A price cannot be negative').waitFor();
    await details.getByLabel('Price (USD)', { exact: true }).fill('8.99');
    await details.getByLabel('Description').fill('Songs for the late hours.');
    await details.getByTestId('save-release').click();
    await toastShown(page, 'Saved');
    await page.reload();
    await poll(() => details.getByLabel('Price (USD)', { exact: true }).inputValue()).toBe('8.99');
    expect(await details.getByLabel('Access').inputValue()).toBe('purchase_required');

    // No tracks yet: publishing is refused with the reason.
    await page.getByTestId('publish-now').click();
    await page.getByTestId('release-action-error').waitFor();
    expect(await editor.getByTestId('release-status').textContent()).toBe('Draft');

    // Once a track is added the refusal no longer stands, and the history shows the upload without a reload.
    await page
      .getByTestId('track-file-input')
      .setInputFiles([{ name: 'Last Bus.mp3', mimeType: 'audio/mpeg', buffer: mp3Bytes({ seconds: 2 }) }]);
    await page.getByTestId('release-action-error').waitFor({ state: 'detached' });
    await page.getByTestId('history-album').getByText('Track "Last Bus" uploaded').waitFor();

    // The board lists it among the drafts, and by its artist.
    await editor.getByRole('link', { name: 'All releases' }).click();
    await page.getByTestId('release-filter-draft').click();
    await page.waitForURL(/status=draft/);
    await page.getByTestId('release-board').getByRole('link', { name: 'Night Shift' }).first().waitFor();
    await page.getByLabel('Artist').selectOption({ label: artistName });
    await poll(() => page.getByTestId('release-board').getByRole('row').count()).toBe(2);
    await context.close();
  });

  it('keeps a listener out of the panel', async () => {
    const listener = await signedInListener();
    const { context, page } = await newPage(browser, viewports.phone);
    await signIn(context, listener);
    await page.goto(`${baseUrl()}/admin/releases`);
    await page.getByTestId('admins-only').getByText('Your account does not have admin access.').waitFor();
    expect(await page.getByTestId('admin-area').count()).toBe(0);
    await context.close();
  });
});
