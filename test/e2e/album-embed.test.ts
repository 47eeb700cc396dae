/**
 * The album's embeddable player on a phone, in Chromium at 390×844: framed by another site's page as its embed code
 * frames it (the full width, 432 px high; 352 compact), it fits the frame with nothing to scroll sideways, plays, and its
 * track list takes a finger: each track is a 44 px row inside the frame, and tapping one plays it; its big button
 * pauses and plays on.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { albums, featuredAlbumId } from '../../infra/seed/catalogue.js';
import { baseUrl, useCloudEnv } from '../support/cloud.js';
import { launch, newPage, pastRightEdge, poll, viewports } from './browser.js';

const featured = albums.find((album) => album.albumId === featuredAlbumId)!;

let browser: Browser;
let blog: Server;
let blogUrl: string;
beforeAll(async () => {
  useCloudEnv();
  browser = await launch();
  // Another site, on an origin of its own (a page the test made up would count as public, and Chromium keeps those
  // from local addresses): a phone-sized blog post with the player as the album page's embed code frames it.
  const embedUrl = new URL(`/embed/album/${featuredAlbumId}`, baseUrl()).href;
  blog = createServer((request, response) => {
    const compact = request.url?.includes('compact');
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(
      '<!doctype html><meta name="viewport" content="width=device-width, initial-scale=1"><h1>My blog</h1>' +
        `<iframe name="player" src="${embedUrl}${compact ? '?compact=1' : ''}" width="100%" height="${compact ? 352 : 432}" ` +
        'style="border:0"></iframe>',
    );
  });
  await new Promise<void>((resolve) => blog.listen(0, '127.0.0.1', resolve));
  blogUrl = `http://127.0.0.1:${(blog.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await browser?.close();
  await new Promise<void>((resolve) => (blog ? blog.close(() => resolve()) : resolve()));
});

describe.each([
  ['the album’s player', '/post'],
  ['the compact player', '/post?compact'],
])('%s embedded in a phone’s page', (_name, path) => {
  it('fits its frame, plays the track a finger taps, pauses and plays on', async () => {
    const { page, context } = await newPage(browser, viewports.phone);
    await page.goto(`${blogUrl}${path}`);
    const player = page.frameLocator('iframe[name=player]');
    await player.getByRole('heading', { name: featured.title }).waitFor({ timeout: 20_000 });
    const tracks = player.locator('[data-testid=embed-track]');
    await poll(() => tracks.count()).toBe(featured.tracks.length);

    const frame = page.frame({ name: 'player' })!;
    expect(await pastRightEdge(frame)).toEqual({ by: 0, wider: [] });
    const frameWidth = await frame.evaluate(() => window.innerWidth);
    const rows = await tracks.evaluateAll((buttons) =>
      buttons.map((button) => {
        const box = button.getBoundingClientRect();
        return { height: Math.round(box.height), right: Math.round(box.right) };
      }),
    );
    for (const row of rows) {
      expect(row.height).toBeGreaterThanOrEqual(44);
      expect(row.right).toBeLessThanOrEqual(frameWidth);
    }

    // A tap on a track plays the album from it: the last one, scrolled to if the frame is too short for the list.
    const audio = player.locator('[data-testid=player-audio]');
    const sounding = () => audio.evaluate((element: HTMLAudioElement) => !element.paused && element.currentTime > 0);
    const last = tracks.last();
    await last.scrollIntoViewIfNeeded();
    await last.tap();
    await poll(() => last.getAttribute('data-current')).toBe('true');
    await poll(sounding).toBe(true);
    expect(await last.textContent()).toContain(featured.tracks.at(-1)!.title);

    // The big button pauses it and plays it on.
    await player.getByRole('button', { name: 'Pause' }).tap();
    await poll(sounding).toBe(false);
    await player.getByRole('button', { name: `Play ${featured.title}` }).tap();
    await poll(sounding).toBe(true);
    expect(await last.getAttribute('data-current')).toBe('true');
    await context.close();
  });
});
