import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { albums } from '../../infra/seed/catalogue.js';
import { useCloudEnv } from '../support/cloud.js';
import { signInCode } from '../support/inbox.js';
import { signedInListener } from '../support/signed-in.js';
import { launch, newPage, poll, signIn, toastShown, viewports } from './browser.js';

const firstLight = albums.find((a) => a.albumId === 'album-first-light')!;
const harbourLights = albums.find((a) => a.albumId === 'album-harbour-lights')!;
const favoriteTrack = firstLight.tracks[1];

let browser: Browser;
beforeAll(async () => {
  useCloudEnv();
  browser = await launch();
});
afterAll(async () => browser?.close());

/** A touch swipe from the middle of `selector`, `dx` pixels sideways, in small steps like a finger. */
async function swipe(page: Page, context: BrowserContext, selector: string, dx: number) {
  const box = (await page.locator(selector).first().boundingBox())!;
  const cdp = await context.newCDPSession(page);
  const y = box.y + box.height / 2;
  const x = box.x + box.width / 2;
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }] });
  for (let step = 1; step <= 10; step++) {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: x + (dx * step) / 10, y }] });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

/** A signed-in listener's page, drawn as a guest sees it: the answer to who is listening comes 1.5 s late. */
async function listenerAnsweredLate() {
  const listener = await signedInListener();
  const { page, context } = await newPage(browser, viewports.desktop);
  await signIn(context, listener);
  await page.route('**/api/session/validate', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await route.continue();
  });
  return { listener, page, context };
}

const songTitles = (page: Page) => page.locator('[data-testid=library-song] [data-testid=song-title]').allTextContents();

describe('library', () => {
  it('waits for who is listening before a pre-rendered page adds an album, so a listener is never asked to sign in', async () => {
    const { page, context } = await listenerAnsweredLate();
    await page.goto(`/album/${harbourLights.albumId}`);
    const button = page.locator('[data-testid=library-button]');
    expect(await button.isDisabled()).toBe(true);
    await button.click();
    await toastShown(page, 'Added to library');
    expect(await page.getByRole('dialog').count()).toBe(0);
    await poll(() => button.getAttribute('data-in-library')).toBe('true');
    await context.close();
  });

  it('puts an album a listener adds before a pre-rendered page knows who is listening in their own cart, not a guest’s', async () => {
    const { listener, page, context } = await listenerAnsweredLate();
    await page.goto('/album/album-after-hours');
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await toastShown(page, 'Added to Cart');
    expect(await page.evaluate(() => window.sessionStorage.getItem('guest_cart'))).toBeNull();
    const { body } = await listener.call('/api/cart');
    expect(JSON.stringify(body)).toContain('album-after-hours');
    await context.close();
  });

  it('asks a guest to sign in when they add an album or heart a song', async () => {
    const { page, context } = await newPage(browser, viewports.desktop);
    await page.goto(`/album/${firstLight.albumId}`);
    await page.locator('[data-testid=library-button]').click();
    await page.getByRole('dialog').getByRole('heading', { name: 'Sign in' }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await page.locator(`[data-testid=track-row][data-track-id="${favoriteTrack.trackId}"] [data-testid=favorite-button]`).click();
    await page.getByRole('dialog').getByRole('heading', { name: 'Sign in' }).waitFor();
    await context.close();
  });

  describe.each(Object.entries(viewports))('a listener on %s', (name, viewport) => {
    const phone = name === 'phone';

    it('signs up from the library, adds albums, favourites a track, sorts songs, removes a favourite, and finds music with suggestions', async () => {
      const email = `library-${name}-${Date.now()}@example.com`;
      const { page, context } = await newPage(browser, viewport);

      // The guest's way in: "Start Listening for Free" opens the sign-up modal; the code comes by e-mail.
      await page.goto('/library');
      await page.getByRole('button', { name: 'Start Listening for Free' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel('Email').fill(email);
      await dialog.getByRole('button', { name: 'Create Free Account' }).click();
      await dialog.getByLabel('6-digit code').fill(await signInCode(email));
      await page.locator('[data-testid=library-page]').waitFor({ timeout: 20_000 });
      const profile = page.locator('[data-testid=library-profile]');
      await poll(() => profile.textContent()).toContain(email);
      await expect(profile.textContent()).resolves.toContain('Free Account');
      await page.getByText('No albums in your library').waitFor();

      // Add two albums from their pages; the button flips at once and the toast confirms.
      for (const album of [firstLight, harbourLights]) {
        await page.goto(`/album/${album.albumId}`);
        const button = page.locator('[data-testid=library-button]');
        await button.waitFor();
        await poll(() => button.getAttribute('data-in-library')).toBe('false');
        await button.click();
        await toastShown(page, 'Added to library');
        await poll(() => button.getAttribute('data-in-library')).toBe('true');
      }

      // Favourite a track of the album on screen... (the last album page is Harbour Lights; go back to First Light).
      await page.goto(`/album/${firstLight.albumId}`);
      const heart = page.locator(`[data-testid=track-row][data-track-id="${favoriteTrack.trackId}"] [data-testid=favorite-button]`);
      await heart.waitFor();
      await heart.click();
      await poll(() => heart.getAttribute('data-favorite')).toBe('true');

      // The library lists both albums.
      await page.goto('/library');
      await poll(() => page.locator('[data-testid=library-album]').count()).toBe(2);
      await expect(page.locator('[data-testid=library-album-count]').textContent()).resolves.toBe('2 albums');

      // Songs: artist ascending first, then by title.
      await page.locator('[data-testid=library-tab-songs]').click();
      await poll(() => page.locator('[data-testid=library-song]').count()).toBe(firstLight.tracks.length + harbourLights.tracks.length);
      const byArtist = await songTitles(page);
      expect(byArtist.slice(0, firstLight.tracks.length)).toEqual(firstLight.tracks.map((t) => t.title));
      expect(byArtist.slice(firstLight.tracks.length)).toEqual(harbourLights.tracks.map((t) => t.title));
      // Numbered down the whole list, not again from 1 at each album.
      const numbers = await page.locator('[data-testid=library-song] td:first-child button > span').allTextContents();
      expect(numbers).toEqual(byArtist.map((_, i) => String(i + 1)));
      if (phone) await page.locator('[data-testid=song-sort-select]').selectOption('title:asc');
      else await page.locator('[data-testid=sort-title]').click();
      await poll(() => page.locator('[data-testid=library-songs]').getAttribute('data-sort')).toBe('title:asc');
      const byTitle = await songTitles(page);
      expect(byTitle).toEqual([...byArtist].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base', numeric: true })));
      if (!phone) {
        await page.locator('[data-testid=sort-title]').click();
        await poll(() => page.locator('[data-testid=library-songs]').getAttribute('data-sort')).toBe('title:desc');
        expect(await songTitles(page)).toEqual([...byTitle].reverse());
      }

      // Favorites: the track is there; a phone swipes it away, a desktop uses the heart.
      await page.locator('[data-testid=library-tab-favorites]').click();
      const row = page.locator(`[data-testid=favorite-row][data-track-id="${favoriteTrack.trackId}"]`);
      await row.waitFor();
      if (phone) {
        await swipe(page, context, `[data-testid=favorite-row][data-track-id="${favoriteTrack.trackId}"]`, -150);
      } else {
        await row.locator('[data-testid=favorite-button]').click();
      }
      await page.getByText('No favorite tracks yet').waitFor();
      await poll(async () => ((await (await page.request.get('/api/favorites')).json()) as unknown[]).length).toBe(0);

      // Search: suggestions from two characters, chosen with the keyboard.
      if (phone) await page.getByRole('button', { name: 'Search', exact: true }).click();
      const box = page.getByRole('combobox');
      await box.fill('paper b');
      const suggestion = page.locator('[data-testid=search-suggestion][data-type=track]', { hasText: 'Paper Boats' });
      await suggestion.waitFor();
      await box.press('ArrowDown');
      await poll(() => box.getAttribute('aria-activedescendant')).toBeTruthy();
      await box.press('Enter');
      await page.waitForURL(`**/album/${firstLight.albumId}`);

      // Submitting the text opens the results page: songs, albums, artists and playlists.
      if (phone) await page.getByRole('button', { name: 'Search', exact: true }).click();
      await box.fill('  morning ');
      await box.press('Enter');
      await page.waitForURL('**/search/morning');
      await page.locator('[data-testid=search-playlist]', { hasText: 'Morning Light' }).waitFor();
      await page.locator('[data-testid=search-song]', { hasText: 'Morning Static' }).waitFor();

      // A playlist plays as a queue.
      await page.getByRole('button', { name: 'Play playlist Morning Light' }).click();
      await poll(() => page.locator('[data-testid=player-bar]').getAttribute('data-current-track-id')).toBe(firstLight.tracks[0].trackId);
      await context.close();
    });

    it('refuses a dummy album with "Physical Album Only" and rolls the button back', async () => {
      const listener = await signedInListener();
      const dummy = albums.find((a) => a.isDummyAlbum)!;
      const { page, context } = await newPage(browser, viewport);
      await signIn(context, listener);
      await page.goto(`/album/${dummy.albumId}`);
      const button = page.locator('[data-testid=library-button]');
      await button.waitFor();
      await button.click();
      await toastShown(page, 'Physical Album Only');
      await poll(() => button.getAttribute('data-in-library')).toBe('false');
      await context.close();
    });
  });
});
