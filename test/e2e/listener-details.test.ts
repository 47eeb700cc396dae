/**
 * Browser journeys of the details a listener notices in passing: the home page's upgrade opening the checkout
 * overlay, a guest asked to sign in to keep an album, signing in with a username and a password, and on phones the
 * haptic taps, the mini player's size on each screen size, and scroll bars that hide once scrolling stops.
 */
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { albums, featuredAlbumId } from '../../infra/seed/catalogue.js';
import { api, baseUrl, useCloudEnv } from '../support/cloud.js';
import { signedInListener } from '../support/signed-in.js';
import { asBrowser, confirmationLinkOf, freshEmail, sessionCookieOf } from '../integration/accounts-helpers.js';
import { gradientPng, launch, newPage, poll, signIn, toastShown, viewports } from './browser.js';
import { headerState, openSignIn } from './steps.js';

const featured = albums.find((album) => album.albumId === featuredAlbumId)!;

let browser: Browser;
beforeAll(async () => {
  useCloudEnv();
  browser = await launch();
});
afterAll(async () => browser?.close());

declare global {
  interface Window {
    vibrations?: number[][];
  }
}

/** Notes every vibration the page asks for, as a phone's vibration motor would feel them. */
function recordVibrations() {
  const felt: number[][] = (window.vibrations = []);
  Object.defineProperty(Navigator.prototype, 'vibrate', {
    configurable: true,
    value: (pattern: number | number[]) => {
      felt.push([pattern].flat());
      return true;
    },
  });
}
const vibrations = (page: Page) => page.evaluate(() => window.vibrations ?? []);

describe('a listener in the browser', () => {
  it('a signed-in free listener upgrades from the home page in the checkout overlay, without leaving home', async () => {
    const listener = await signedInListener('free');
    const { page, context } = await newPage(browser, viewports.desktop);
    await signIn(context, listener);
    await page.goto('/');
    await page.locator('main').getByRole('button', { name: 'Upgrade to Toko+' }).click();
    const overlay = page.locator('[data-testid=checkout-overlay]');
    await overlay.locator('[data-step=pricing]').waitFor();
    await overlay.getByRole('heading', { name: 'Join Toko+' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    await context.close();
  });

  it('a guest adding an album to the library is asked to sign in to keep it', async () => {
    const { page, context } = await newPage(browser, viewports.phone);
    await page.goto(`/album/${featuredAlbumId}`);
    await page.getByRole('button', { name: 'Add to Library' }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(`Sign in to keep “${featured.title}” in your library.`).waitFor();
    expect(await dialog.getByText(/Sign in to listen/).count()).toBe(0);
    await context.close();
  });

  it('a beta listener signs in with their username and password', async () => {
    const email = freshEmail('username');
    const username = `fan_${randomUUID().slice(0, 8)}`;
    const password = 'a long password';
    const signup = await api('/api/users/beta-signup', { method: 'POST', json: { fullName: 'Username Fan', username, email, password } });
    expect(signup.status).toBe(200);
    // The address is confirmed from the browser that chose the password, which keeps it.
    const confirmed = await api('/api/auth/verify-email', {
      method: 'POST',
      json: await confirmationLinkOf(email),
      headers: asBrowser(sessionCookieOf(signup.headers)!),
    });
    expect(confirmed.status).toBe(200);

    const { page, context } = await newPage(browser, viewports.desktop);
    await page.goto('/');
    const dialog = await openSignIn(page);
    await dialog.getByRole('button', { name: 'Sign in with a password' }).click();
    await dialog.getByRole('button', { name: 'Sign In' }).click();
    await dialog.getByRole('alert').filter({ hasText: 'Please enter both email/username and password' }).waitFor();
    await dialog.getByLabel('Email or username').fill(username);
    await dialog.getByLabel('Password').fill('not the password');
    await dialog.getByRole('button', { name: 'Sign In' }).click();
    await dialog.getByRole('alert').filter({ hasText: 'Login failed' }).waitFor();
    await dialog.getByLabel('Password').fill(password);
    await dialog.getByRole('button', { name: 'Sign In' }).click();
    await poll(() => headerState(page)).toBe('signed-in');
    await context.close();
  });
});

describe("a listener's picture", () => {
  it('is kept in the avatar cache once shown, and shown from it on the next visit', async () => {
    const listener = await signedInListener('free');
    const form = new FormData();
    form.append('avatar', new Blob([new Uint8Array(gradientPng(240, 240))], { type: 'image/png' }), 'me.png');
    const uploaded = await listener.call('/api/avatar-upload', { method: 'POST', body: form, headers: { origin: baseUrl() } });
    expect(uploaded.status).toBe(200);

    const { page, context } = await newPage(browser, viewports.desktop);
    await signIn(context, listener);
    await page.goto('/');
    const picture = page.locator('[data-testid=header-avatar] img');
    await poll(() => picture.getAttribute('data-cached')).toBe('true');
    expect(await picture.getAttribute('src')).toMatch(/^data:image\/jpeg;base64,/);
    const cache = () =>
      page.evaluate(() => JSON.parse(localStorage.getItem('avatar_cache') ?? '[]') as Array<{ userId: string; url: string; data: string }>);
    expect((await cache()).map((entry) => entry.userId)).toEqual([listener.userId]);

    // The next visit shows the cached copy, even with the picture's address unreachable.
    await context.route(/\/uploads\/avatars\//, (route) => route.abort('internetdisconnected'));
    await page.reload();
    await poll(() => picture.getAttribute('data-cached')).toBe('true');
    await context.close();
  });
});

describe("an album's embeddable player", () => {
  it('the album page gives the embed code, and another site plays the album in its frame, where no other page shows', async () => {
    const { page, context } = await newPage(browser, viewports.desktop);
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto(`/album/${featuredAlbumId}`);
    await page.getByRole('button', { name: 'Embed' }).click();
    const dialog = page.getByRole('dialog', { name: 'Embed this album' });
    const code = dialog.getByLabel('Embed code');
    const embedUrl = new URL(`/embed/album/${featuredAlbumId}`, page.url()).href;
    expect(await code.inputValue()).toContain(`src="${embedUrl}"`);
    expect(await code.inputValue()).toContain('height="432"');
    await dialog.getByLabel(/Compact player/).check();
    expect(await code.inputValue()).toContain(`src="${embedUrl}?compact=1"`);
    expect(await code.inputValue()).toContain('height="352"');
    await dialog.getByRole('button', { name: 'Copy embed code' }).click();
    await toastShown(page, 'Embed code copied!');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await code.inputValue());

    // Another site's page with the player, 432 px high, beside a frame of the album page itself: a server of its own on
    // this machine, another origin (a page the test made up would count as public, and Chromium keeps those from local
    // addresses).
    const blog = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(
        `<h1>My blog</h1><iframe name="player" src="${embedUrl}" width="100%" height="432"></iframe>` +
          `<iframe name="page" src="${new URL(`/album/${featuredAlbumId}`, embedUrl).href}"></iframe>`,
      );
    });
    await new Promise<void>((resolve) => blog.listen(0, '127.0.0.1', resolve));
    onTestFinished(() => new Promise<void>((resolve) => blog.close(() => resolve())));
    await page.goto(`http://127.0.0.1:${(blog.address() as AddressInfo).port}/a-blog-post`);
    const player = page.frameLocator('iframe[name=player]');
    await player.getByRole('heading', { name: featured.title }).waitFor({ timeout: 20_000 });
    await player.getByRole('button', { name: `Play ${featured.title}` }).click();
    await poll(() =>
      player.locator('[data-testid=player-audio]').evaluate((audio: HTMLAudioElement) => !audio.paused && audio.currentTime > 0),
    ).toBe(true);
    await poll(() => player.locator('[data-testid=embed-track][data-current=true]').count()).toBe(1);
    // The album page refuses to be framed: the browser shows its error page in that frame instead.
    await poll(() => page.frame({ name: 'page' })?.url() ?? '').toMatch(/^chrome-error:/);
    await context.close();
  });
});

describe('a listener on a phone', () => {
  const miniPlayer = async (page: Page) => {
    const viewport = page.viewportSize()!;
    const bar = (await page.locator('[data-testid=player-bar]').boundingBox())!;
    const row = (await page.locator('[data-testid=player-row]').boundingBox())!;
    const nav = (await page.locator('[data-mobile-nav]').boundingBox())!;
    return { height: Math.round(row.height), bottom: Math.round(viewport.height - (bar.y + bar.height)), nav: Math.round(nav.height) };
  };

  it('feels a 10 ms tap on the player and 5-5-5 on the navigation, and the mini player fits each screen size', async () => {
    const { page, context } = await newPage(browser, viewports.phone);
    await context.addInitScript(recordVibrations);
    await page.goto(`/album/${featuredAlbumId}`);
    await page.locator('[data-testid=track-row]').first().waitFor();
    await page.getByRole('button', { name: 'Play Album' }).click();
    const bar = page.locator('[data-testid=player-bar]');
    await poll(() => bar.getAttribute('data-state')).toBe('playing');
    await bar.getByRole('button', { name: 'Pause' }).tap();
    await poll(() => bar.getAttribute('data-state')).toBe('paused');
    expect(await vibrations(page)).toEqual([[10]]);
    await page.locator('[data-mobile-nav]').getByRole('link', { name: 'Music' }).tap();
    await page.waitForURL('**/music');
    expect(await vibrations(page)).toEqual([[10], [5, 5, 5]]);

    // A regular phone, a tall wide one, a small one and an SE: height and distance from the bottom, the navigation
    // as high as that distance.
    expect(await miniPlayer(page)).toEqual({ height: 46, bottom: 60, nav: 60 });
    for (const [size, expected] of [
      [
        { width: 430, height: 932 },
        { height: 48, bottom: 64, nav: 64 },
      ],
      [
        { width: 360, height: 780 },
        { height: 44, bottom: 58, nav: 58 },
      ],
      [
        { width: 412, height: 690 },
        { height: 44, bottom: 58, nav: 58 },
      ],
      [
        { width: 375, height: 667 },
        { height: 42, bottom: 56, nav: 56 },
      ],
    ] as const) {
      await page.setViewportSize(size);
      await poll(() => miniPlayer(page)).toEqual(expected);
    }
    await context.close();
  });

  it('shows the scroll bars while the page scrolls and hides them once it stops', async () => {
    const { page, context } = await newPage(browser, viewports.phone);
    await page.goto('/artists');
    await page.locator('[data-testid=artist-card]').first().waitFor();
    const scrolling = () => page.evaluate(() => document.documentElement.hasAttribute('data-scrolling'));
    expect(await scrolling()).toBe(false);
    await page.evaluate(() => window.scrollBy(0, 600));
    await poll(scrolling).toBe(true);
    await poll(scrolling).toBe(false);
    await context.close();
  });
});
