/**
 * The staff's choices for listeners, in Chromium: an admin features a release on the home page from its editor and a
 * guest finds it there (then the newest release again once the admin says so); an admin puts a draft's track on the
 * band page from its track list and a guest plays it there.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, useCloudEnv } from '../support/cloud.js';
import { newArtist, readyDraft } from '../support/catalogue.js';
import { signedInAdmin, type TestAdmin } from '../support/signed-in.js';
import { launch, newPage, poll, signIn, toastShown, viewports } from './browser.js';

let browser: Browser;
let admin: TestAdmin;
let artistId: string;
beforeAll(async () => {
  useCloudEnv();
  browser = await launch();
  admin = await signedInAdmin(['catalogue']);
  artistId = (await newArtist(admin)).id;
});
afterAll(async () => {
  // The other tests read the home page with no choice made.
  await admin?.call('/api/admin/featured-album', { method: 'DELETE' });
  await browser?.close();
});

/** The album the home page features, as a guest opening it now sees it. */
async function featuredOnHome(page: Page): Promise<string | null> {
  await page.goto('/');
  const card = page.locator('[data-testid=featured-album]');
  await card.waitFor();
  return card.getAttribute('data-album-id');
}

describe('the home page', () => {
  it('features the release an admin chooses, and the newest release again once the admin says so', async () => {
    const { albumId, title } = await readyDraft(admin, artistId, { access: 'free' });
    await admin.call(`/api/admin/albums/${albumId}/publish`, { method: 'POST' });
    const guest = await newPage(browser, viewports.phone);
    const newestId = await featuredOnHome(guest.page);
    expect(newestId).not.toBe(albumId);

    const { context, page } = await newPage(browser, viewports.desktop);
    await signIn(context, admin);
    await page.goto(`${baseUrl()}/admin/releases/${albumId}`);
    const panel = page.getByTestId('home-page-feature');
    await panel.getByText('The home page features the newest release.').waitFor();
    await panel.getByRole('button', { name: 'Feature on the home page' }).click();
    await toastShown(page, 'The home page features this release');
    await panel.getByText('The home page features this release: the staff chose it.').waitFor();

    await poll(() => featuredOnHome(guest.page)).toBe(albumId);
    await guest.page.locator('[data-testid=featured-album]').getByText(title).waitFor();

    await panel.getByRole('button', { name: 'Feature the newest release instead' }).click();
    await toastShown(page, 'The home page features the newest release');
    await poll(() => featuredOnHome(guest.page)).toBe(newestId);
    await Promise.all([context.close(), guest.context.close()]);
  });
});

describe('the band page', () => {
  it('plays to a guest the draft track an admin puts on it', async () => {
    const { albumId } = await readyDraft(admin, artistId, { access: 'toko_plus' }, { playable: 3 });
    const trackId = `${albumId}-t1`;
    try {
      const { context, page } = await newPage(browser, viewports.desktop);
      await signIn(context, admin);
      await page.goto(`${baseUrl()}/admin/releases/${albumId}`);
      const toggle = page.getByRole('button', { name: 'Play Song 1 on the band page' });
      expect(await toggle.getAttribute('aria-pressed')).toBe('false');
      await toggle.click();
      await toastShown(page, 'Song 1 plays on the band page');
      await poll(() => toggle.getAttribute('aria-pressed')).toBe('true');
      await context.close();

      const guest = await newPage(browser, viewports.desktop);
      const row = guest.page.locator(`[data-testid=band-track][data-track-id="${trackId}"]`);
      await poll(async () => {
        await guest.page.goto('/dirtytexans');
        await guest.page.locator('[data-testid=band-page]').waitFor();
        await guest.page.getByText('Loading the playlist…').waitFor({ state: 'detached' });
        return row.count();
      }).toBe(1);
      await row.click();
      const player = guest.page.locator('[data-testid=player-bar]');
      await poll(() => player.getAttribute('data-state')).toBe('playing');
      expect(await player.getAttribute('data-current-track-id')).toBe(trackId);

      // Back after its signed URL has expired: the draft has no album to ask for a new one, the band page's list gives it.
      await player.getByRole('button', { name: 'Pause' }).click();
      await poll(() => player.getAttribute('data-state')).toBe('paused');
      const audioSource = (page: Page) =>
        page.locator('[data-testid=player-audio]').evaluate((element: HTMLAudioElement) => element.currentSrc);
      const longAgo = new Date(Date.now() - 20 * 60_000)
        .toISOString()
        .replace(/[-:]/g, '')
        .replace(/\.\d{3}/, '');
      const stale = (await audioSource(guest.page)).replace(/X-Amz-Date=\d{8}T\d{6}Z/, `X-Amz-Date=${longAgo}`);
      await guest.page.close();
      const later = await guest.context.newPage();
      await later.addInitScript((url) => {
        const saved = JSON.parse(localStorage.getItem('player.session')!) as { queue: { audioUrl: string }[] };
        saved.queue = saved.queue.map((track) => ({ ...track, audioUrl: url }));
        localStorage.setItem('player.session', JSON.stringify(saved));
      }, stale);
      await later.goto('/dirtytexans');
      const laterPlayer = later.locator('[data-testid=player-bar]');
      await poll(() => laterPlayer.getAttribute('data-current-track-id')).toBe(trackId);
      await laterPlayer.getByRole('button', { name: 'Play', exact: true }).click();
      await poll(() => laterPlayer.getAttribute('data-state')).toBe('playing');
      // The expired address is renewed before it loads (the draft has no album: the band page's list gives a new one).
      await poll(() => audioSource(later)).toMatch(/X-Amz-Signature=/);
      expect(await audioSource(later)).not.toBe(stale);
      await guest.context.close();
    } finally {
      await admin.call(`/api/admin/albums/${albumId}/tracks/${trackId}/band-page`, { method: 'PUT', json: { shown: false } });
    }
  });
});
