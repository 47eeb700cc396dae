/**
 * An album's track list in Chromium, on a desktop and a phone: the hearts stand in one column and the lyrics buttons in
 * another, whether or not a track has lyrics, and none of them reaches past the screen.
 */
import type { Browser, Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { albums } from '../../infra/seed/catalogue.js';
import { launch, newPage, pastRightEdge, viewports } from './browser.js';

// Three of its six tracks have lyrics, three have none.
const firstLight = albums.find((album) => album.albumId === 'album-first-light')!;
const withLyrics = firstLight.tracks.filter((track) => track.lyrics).map((track) => track.title);

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => browser?.close());

/** The horizontal middle of each button, rounded to the pixel. */
const centres = (buttons: Locator) =>
  buttons.evaluateAll((elements) =>
    elements.map((element) => {
      const box = element.getBoundingClientRect();
      return Math.round(box.left + box.width / 2);
    }),
  );

describe.each(Object.entries(viewports))('an album’s track list on %s', (_name, viewport) => {
  it('keeps the hearts in one column and the lyrics in another, whether a track has lyrics or not', async () => {
    const { page, context } = await newPage(browser, viewport);
    await page.goto(`/album/${firstLight.albumId}`);
    const rows = page.locator('[data-testid=track-row]');
    await rows.first().waitFor();
    expect(await rows.count()).toBe(firstLight.tracks.length);
    expect(withLyrics.length).toBeGreaterThan(0);
    expect(withLyrics.length).toBeLessThan(firstLight.tracks.length);

    // Every track has its heart; only the tracks with lyrics have the lyrics button.
    const hearts = rows.locator('[data-testid=favorite-button]');
    expect(await hearts.count()).toBe(firstLight.tracks.length);
    const lyrics = rows.getByRole('button', { name: /^Lyrics of / });
    expect((await lyrics.evaluateAll((buttons) => buttons.map((button) => button.getAttribute('aria-label')))).sort()).toEqual(
      withLyrics.map((title) => `Lyrics of ${title}`).sort(),
    );

    const heartColumn = new Set(await centres(hearts));
    const lyricsColumn = new Set(await centres(lyrics));
    expect(heartColumn.size).toBe(1);
    expect(lyricsColumn.size).toBe(1);
    expect([...lyricsColumn][0]).toBeLessThan([...heartColumn][0]);
    expect(await pastRightEdge(page)).toEqual({ by: 0, wider: [] });
    await context.close();
  });
});
