import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { albums, featuredAlbumId } from '../../infra/seed/catalogue.js';
import { inject } from 'vitest';
import { useCloudEnv } from '../support/cloud.js';
import { signedInListener, type TestListener } from '../support/signed-in.js';
import { launch, newPage, signIn, viewports } from './browser.js';

let browser: Browser;
let listener: TestListener;
beforeAll(async () => {
  useCloudEnv();
  browser = await launch();
  listener = await signedInListener('free');
});
afterAll(async () => browser?.close());

/** What React says of a page whose markup the browser's first render did not match (production builds give the error's number). */
const hydrationProblem = /hydrat|did not match|Minified React error #(418|419|421|422|423|425)\b/i;

describe('the pre-rendered pages', () => {
  it('show an album page with JavaScript turned off: its title, its tracks and its artwork', async () => {
    const album = albums.find((a) => a.albumId === featuredAlbumId)!;
    const context = await browser.newContext({ baseURL: inject('baseUrl'), javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`/album/${featuredAlbumId}`);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toContain(album.title);
    await expect(page.title()).resolves.toContain(album.title);
    expect(await page.locator('[data-testid=track-row]').count()).toBe(album.tracks.length);
    const artwork = page.getByRole('img', { name: `${album.title} artwork` }).first();
    await expect(artwork.getAttribute('src')).resolves.toMatch(/^\/media\//);
    await expect.poll(() => artwork.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await context.close();
  });

  it('plays an album whose Play Album was pressed before the page was hydrated', async () => {
    const context = await browser.newContext({ baseURL: inject('baseUrl') });
    // The app's code arrives late, as on a slow phone: the page shows its buttons well before they work.
    await context.route(/\/assets\/[^/]+\.js$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      await route.continue();
    });
    const page = await context.newPage();
    await page.goto(`/album/${featuredAlbumId}`, { waitUntil: 'domcontentloaded' });
    await page.getByRole('button', { name: 'Play Album' }).click();
    await expect(page.locator('#root[data-hydrated]').count()).resolves.toBe(0);
    const audio = page.locator('[data-testid=player-audio]');
    await expect
      .poll(() => audio.evaluate((element: HTMLAudioElement) => !element.paused && element.currentTime > 0), { timeout: 20_000 })
      .toBe(true);
    await expect(audio.evaluate((element: HTMLAudioElement) => decodeURIComponent(element.src))).resolves.toContain(featuredAlbumId);
    await context.close();
  });

  // The signed-in listener comes back: they played an album before (and, on a desktop, set repeat), which the tab saved.
  const visitors = [
    ['a guest', false],
    ['a signed-in listener coming back', true],
  ] as const;
  for (const [name, viewport] of Object.entries(viewports)) {
    it.for(
      visitors.flatMap(([who, signedIn]) =>
        ['/', `/album/${featuredAlbumId}`, `/artist/${albums[0].artistId}`].map((path) => [path, who, signedIn] as const),
      ),
    )(`hydrate %s on ${name} for %s without a hydration warning`, async ([path, , signedIn]) => {
      const { page, context } = await newPage(browser, viewport);
      const album = albums.find((a) => a.albumId === featuredAlbumId)!;
      const bar = page.locator('[data-testid=player-bar]');
      if (signedIn) {
        await signIn(context, listener);
        await page.goto(`/album/${featuredAlbumId}`);
        await page.getByRole('button', { name: 'Play Album' }).click();
        await expect.poll(() => bar.getAttribute('data-state'), { timeout: 15_000 }).toBe('playing');
        await bar.getByRole('button', { name: 'Pause' }).click();
        if (name === 'desktop') await bar.getByRole('button', { name: 'Repeat' }).click();
      }
      const problems: string[] = [];
      page.on('console', (message) => {
        if ((message.type() === 'error' || message.type() === 'warning') && hydrationProblem.test(message.text()))
          problems.push(message.text());
      });
      page.on('pageerror', (error) => problems.push(error.message));
      await page.goto(path);
      await expect(page.locator('#prerendered-state').count()).resolves.toBe(1);
      await expect(page.locator('#root[data-hydrated]').count()).resolves.toBe(1);
      // The reads the page makes again once hydrated (play counts, who is listening) come in without complaint too.
      await page.waitForLoadState('networkidle');
      expect(problems).toEqual([]);
      if (signedIn) {
        // What the tab saved is back once the page is hydrated: the album's track, paused, and the repeat mode.
        await expect.poll(() => bar.getAttribute('data-current-track-id'), { timeout: 15_000 }).toBe(album.tracks[0].trackId);
        expect(await bar.getAttribute('data-state')).toBe('paused');
        if (name === 'desktop') expect(await bar.getByRole('button', { name: 'Repeat' }).getAttribute('data-repeat')).toBe('all');
      }
      await context.close();
    });
  }
});
