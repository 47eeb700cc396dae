/**
 * The phone's fullscreen player in Chromium at 390×844: the queue opened from it lies over it, and closing the queue
 * (its Close button or Escape) goes back to the player rather than out of it; once the player is closed, the mini
 * player still plays, pauses and opens it again.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { albums, featuredAlbumId } from '../../infra/seed/catalogue.js';
import { launch, newPage, pastRightEdge, poll, viewports } from './browser.js';

const featured = albums.find((album) => album.albumId === featuredAlbumId)!;

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => browser?.close());

const miniPlayer = (page: Page) => page.locator('[data-testid=player-bar]');
const nowPlaying = (page: Page) => page.getByRole('dialog', { name: 'Now playing' });
const queue = (page: Page) => page.getByRole('dialog', { name: 'Queue' });

describe('the fullscreen player on a phone', () => {
  it('opens the queue over itself, comes back when the queue closes, and leaves the mini player working', async () => {
    const { page, context } = await newPage(browser, viewports.phone);
    await page.goto(`/album/${featuredAlbumId}`);
    await page.locator('[data-testid=track-row]').first().waitFor();
    await page.getByRole('button', { name: 'Play Album' }).click();
    await poll(() => miniPlayer(page).getAttribute('data-state')).toBe('playing');
    const playing = await miniPlayer(page).getAttribute('data-current-track-id');

    await miniPlayer(page).getByRole('button', { name: 'Open player' }).click();
    await nowPlaying(page).waitFor();

    // The queue, opened from the player, lists the album's tracks; its Close goes back to the player.
    await nowPlaying(page).getByRole('button', { name: 'Queue' }).click();
    await queue(page).waitFor();
    expect(await queue(page).locator('[data-testid=queue] li').count()).toBe(featured.tracks.length);
    expect(await pastRightEdge(page)).toEqual({ by: 0, wider: [] });
    await queue(page).getByRole('button', { name: 'Close' }).click();
    await queue(page).waitFor({ state: 'detached' });
    expect(await nowPlaying(page).isVisible()).toBe(true);
    expect(await nowPlaying(page).locator('[data-testid=fullscreen-track-title]').textContent()).toBe(
      featured.tracks.find((track) => track.trackId === playing)?.title,
    );

    // Escape closes only the queue too; the player's controls still answer.
    await nowPlaying(page).getByRole('button', { name: 'Queue' }).click();
    await queue(page).waitFor();
    await page.keyboard.press('Escape');
    await queue(page).waitFor({ state: 'detached' });
    await nowPlaying(page).getByRole('button', { name: 'Pause' }).click();
    await poll(() => miniPlayer(page).getAttribute('data-state')).toBe('paused');

    // Closed, the player leaves the mini player, which plays and opens it again.
    await nowPlaying(page).getByRole('button', { name: 'Close player' }).click();
    await nowPlaying(page).waitFor({ state: 'detached' });
    await miniPlayer(page).getByRole('button', { name: 'Play', exact: true }).click();
    await poll(() => miniPlayer(page).getAttribute('data-state')).toBe('playing');
    await miniPlayer(page).getByRole('button', { name: 'Open player' }).click();
    await nowPlaying(page).waitFor();
    await context.close();
  });
});
