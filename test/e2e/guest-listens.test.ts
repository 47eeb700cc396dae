import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Request } from 'playwright-core';
import { featuredAlbumId, shortTrackId } from '../../infra/seed/catalogue.js';
import { launch, newPage, reloadUntilAlbumPlays, viewports } from './browser.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => browser?.close());

describe.each(Object.entries(viewports))('a guest on %s', (_name, viewport) => {
  it('opens the featured free album, plays a track, and sees the play counted', async () => {
    const { page, context } = await newPage(browser, viewport);
    await page.goto('/');
    await page.getByRole('heading', { name: 'Artist-Driven Music Platform' }).waitFor();
    await page.locator('[data-testid=artist-card]').first().waitFor();

    const featured = page.locator('[data-testid=featured-album]');
    await expect(featured.getAttribute('data-album-id')).resolves.toBe(featuredAlbumId);
    await page.locator('[data-testid=featured-album-link]').click();
    await page.waitForURL(`**/album/${featuredAlbumId}`);

    const row = page.locator(`[data-testid=track-row][data-track-id="${shortTrackId}"]`);
    await row.waitFor();
    const trackCount = row.locator('[data-testid=track-play-count]');
    const albumCount = page.locator('[data-testid=album-play-count]');
    const beforeTrack = Number(await trackCount.getAttribute('data-count'));
    const beforeAlbum = Number(await albumCount.getAttribute('data-count'));

    const isReport = (r: Request, ended: boolean) =>
      r.url().endsWith('/api/track-play') && r.method() === 'POST' && Boolean(r.postDataJSON()?.ended) === ended;
    const started = page.waitForRequest((r) => r.url().endsWith('/api/track-play/start') && r.method() === 'POST');
    const played = page.waitForRequest((r) => isReport(r, false), { timeout: 40_000 });
    const ended = page.waitForRequest((r) => isReport(r, true), { timeout: 60_000 });
    await row.getByRole('button', { name: /^Play / }).click();
    const player = page.locator('[data-testid=player-bar]');
    await page.waitForFunction(() => document.querySelector('[data-testid=player-bar]')?.getAttribute('data-state') === 'playing');
    await expect(player.getAttribute('data-current-track-id')).resolves.toBe(shortTrackId);

    // The play starts with the label, whose token its reports carry.
    const start = await started;
    expect(start.postDataJSON()).toEqual({ trackId: shortTrackId, albumId: featuredAlbumId });
    const { playToken } = (await (await start.response())!.json()) as { playToken: string };

    // The seeded track is 20 s long: half of it is a qualifying play, so wait for real playback.
    const request = await played;
    expect(request.postDataJSON()).toEqual({ trackId: shortTrackId, albumId: featuredAlbumId, playToken });
    expect((await request.response())?.status()).toBe(202);

    await page.waitForFunction(
      ([before]) => Number(document.querySelector('[data-testid=album-play-count]')?.getAttribute('data-count')) > before,
      [beforeAlbum],
    );
    expect(Number(await trackCount.getAttribute('data-count'))).toBeGreaterThanOrEqual(beforeTrack + 1);

    // Played to its end, the play is reported again: a completed play for the label.
    const end = await ended;
    expect(end.postDataJSON()).toEqual({ trackId: shortTrackId, albumId: featuredAlbumId, playToken, ended: true });
    expect((await end.response())?.status()).toBe(202);

    // The server agrees once the view has caught up: reload and read the counted play from the API. Other files
    // playing the seeded album at the same time may add theirs; that a play counts once is the play API's tests' to show.
    await reloadUntilAlbumPlays(page, beforeAlbum + 1);
    await context.close();
  });

  it('pauses, seeks, skips and changes the volume from the player bar', async () => {
    const { page, context } = await newPage(browser, viewport);
    await page.goto(`/album/${featuredAlbumId}`);
    await page.locator('[data-testid=track-row]').first().waitFor();
    await page.getByRole('button', { name: 'Play Album' }).first().click();
    const state = () => page.locator('[data-testid=player-bar]').getAttribute('data-state');
    const current = () => page.locator('[data-testid=player-bar]').getAttribute('data-current-track-id');
    await expect.poll(state).toBe('playing');
    const first = await current();

    await page.locator('[data-testid=player-bar]').getByRole('button', { name: 'Pause' }).click();
    await expect.poll(state).toBe('paused');

    // Skipping while paused moves to the next track and stays paused.
    await page.locator('[data-testid=player-bar]').getByRole('button', { name: 'Next track' }).click();
    await expect.poll(current).not.toBe(first);
    expect(await state()).toBe('paused');

    await page.locator('[data-testid=player-bar]').getByRole('button', { name: 'Play', exact: true }).click();
    await expect.poll(state).toBe('playing');

    if (viewport.width >= 768) {
      const audio = page.locator('[data-testid=player-audio]');
      const seek = page.getByRole('slider', { name: 'Seek' });
      await seek.focus();
      for (let i = 0; i < 5; i++) await page.keyboard.press('ArrowRight');
      await expect.poll(() => audio.evaluate((a: HTMLAudioElement) => a.currentTime)).toBeGreaterThan(4);

      const volume = page.getByRole('slider', { name: 'Volume' });
      await volume.focus();
      await page.keyboard.press('Home');
      await expect.poll(() => audio.evaluate((a: HTMLAudioElement) => a.volume)).toBe(0);
      expect(await page.evaluate(() => localStorage.getItem('player.volume'))).toBe('0');
    }
    await page.locator('[data-testid=player-bar]').getByRole('button', { name: 'Previous track' }).click();
    await expect.poll(current).toBe(first);
    await context.close();
  });

  it('shows the 404 page for an unknown path and "Album Not Found" for an unknown album', async () => {
    const { page, context } = await newPage(browser, viewport);
    await page.goto('/no/such/page');
    await page.getByText('404 Page Not Found').waitFor();
    await page.goto('/album/no-such-album');
    await page.getByText('Album Not Found').waitFor();
    await context.close();
  });
});
