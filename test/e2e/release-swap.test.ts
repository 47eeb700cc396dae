/**
 * A release lands while a listener has the app open: the served build is swapped the way a deployment swaps the site
 * bucket (web-stack.ts): the new release's assets first, beside the old ones, then index.html, then the service worker.
 * The open tab keeps working on its own release, loading code it had not needed yet from the old assets, and then takes
 * the update by itself (app/service-worker.ts), reloading onto the new release.
 */
import { copyFileSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launch, newPage, poll, viewports } from './browser.js';

/** The new release's assets: the same code under new URLs, as a build with new hashes would have. */
const NEXT = 'r2';

let browser: Browser;
let staticDir: string;
const restore: Array<() => void> = [];

beforeAll(async () => {
  browser = await launch();
  staticDir = inject('staticDir');
});
afterAll(async () => {
  // The served build goes back to the build's own, for the tests after this one.
  for (const undo of restore.reverse()) undo();
  await browser?.close();
});

/** Writes `file` of the served build, keeping its content for afterAll. */
function replace(file: string, content: string) {
  const path = join(staticDir, file);
  const original = readFileSync(path);
  restore.push(() => writeFileSync(path, original));
  writeFileSync(path, content);
}

/**
 * A release's first step: every asset of the build again under assets/r2/ (chunks import each other relatively; the
 * preload lists name assets from the site's root, so they are pointed at the new URLs too), beside the old ones.
 */
function uploadNextAssets() {
  const assets = join(staticDir, 'assets');
  mkdirSync(join(assets, NEXT), { recursive: true });
  restore.push(() => rmSync(join(assets, NEXT), { recursive: true, force: true }));
  for (const name of readdirSync(assets)) {
    if (!/\.(js|css)$/.test(name)) {
      if (/\.(woff2?|png|svg|webp)$/.test(name)) copyFileSync(join(assets, name), join(assets, NEXT, name));
      continue;
    }
    const code = readFileSync(join(assets, name), 'utf8').replaceAll('"assets/', `"assets/${NEXT}/`);
    writeFileSync(join(assets, NEXT, name), code);
  }
}

/** The release's index.html: the build's, naming the new assets. */
const nextIndex = () => readFileSync(join(staticDir, 'index.html'), 'utf8').replaceAll('/assets/', `/assets/${NEXT}/`);

/** The release's service worker: a new build stamp, which is what makes it a new worker. */
const nextWorker = () => readFileSync(join(staticDir, 'sw.js'), 'utf8').replace(/const BUILD = '([^']*)'/, `const BUILD = '$1-${NEXT}'`);

/** The app's entry script of the page's document, or undefined while the page is between documents. */
const entryScript = (page: import('playwright-core').Page) =>
  page.evaluate(() => document.querySelector('script[type="module"][src]')?.getAttribute('src') ?? '').catch(() => undefined);

describe('a release while the app is open', () => {
  it('keeps the open tab working on its own assets, then takes the update by itself', async () => {
    const { context, page } = await newPage(browser, viewports.desktop, { serviceWorker: true });
    const assetResponses: { url: string; status: number }[] = [];
    page.on('response', (response) => {
      if (new URL(response.url()).pathname.startsWith('/assets/')) assetResponses.push({ url: response.url(), status: response.status() });
    });
    await page.goto('/artists');
    await page.getByRole('heading', { level: 1, name: 'Artists' }).waitFor();
    // The first worker takes the page without a reload.
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    const before = await entryScript(page);
    expect(before).toMatch(/^\/assets\/[^/]+\.js$/);
    await page.evaluate(() => Object.assign(window, { openedBeforeRelease: true }));

    uploadNextAssets();
    replace('index.html', nextIndex());

    // The tab, still on its release, opens a page whose code it had not loaded: the old assets answer.
    assetResponses.length = 0;
    await page.getByTestId('header-help').click();
    await page.getByRole('heading', { level: 1, name: 'Frequently asked questions' }).waitFor();
    await expect(page.evaluate(() => 'openedBeforeRelease' in window)).resolves.toBe(true);
    expect(assetResponses.length).toBeGreaterThan(0);
    for (const response of assetResponses) {
      expect(response.url).not.toContain(`/assets/${NEXT}/`);
      expect(response.status, response.url).toBeLessThan(400);
    }

    // The release's last file: the new worker installs, takes over, and the page reloads onto the new release.
    replace('sw.js', nextWorker());
    await poll(() => entryScript(page), 60_000).toBe(before!.replace('/assets/', `/assets/${NEXT}/`));
    await expect(page.evaluate(() => 'openedBeforeRelease' in window)).resolves.toBe(false);
    await page.getByRole('heading', { level: 1, name: 'Frequently asked questions' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/faq');
    await context.close();
  });
});
