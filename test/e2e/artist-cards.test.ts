/**
 * Artist cards in Chromium: at 1280 px each artist's name is read in full (on as many lines as it needs), none cut
 * short or reaching out of its card, and on a phone the cards fit the screen. An artist with a long one-word name is
 * added, as a label may sign one, so the wrapping is really tried.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { artists } from '../../infra/seed/catalogue.js';
import { useCloudEnv } from '../support/cloud.js';
import { newArtist, tag } from '../support/catalogue.js';
import { signedInAdmin } from '../support/signed-in.js';
import { launch, newPage, pastRightEdge, poll, viewports } from './browser.js';

let browser: Browser;
let longName: string;
beforeAll(async () => {
  useCloudEnv();
  browser = await launch();
  // One word, too long for a card's line: it has to wrap inside the word, on two lines.
  longName = `Nightharbourchoir${tag()}`;
  await newArtist(await signedInAdmin(['catalogue']), longName);
});
afterAll(async () => browser?.close());

/**
 * Opens `path` until its cards list the new artist (the pre-rendered home page follows the catalogue a moment later),
 * and reads the names of the cards, with those not shown in full (cut, or reaching past their card's edge).
 */
async function artistNames(page: Page, path: string) {
  const names = page.locator('[data-testid=artist-card] [data-testid=artist-name]');
  await poll(async () => {
    await page.goto(path);
    await names.first().waitFor();
    return names.allTextContents();
  }, 30_000).toContain(longName);
  return names.evaluateAll((elements) => {
    const cut = elements
      .filter((name) => {
        const card = name.closest('[data-testid=artist-card]')!.getBoundingClientRect();
        const box = name.getBoundingClientRect();
        const clipped = name.scrollWidth > name.clientWidth + 1 || name.scrollHeight > name.clientHeight + 1;
        return clipped || box.left < card.left - 0.5 || box.right > card.right + 0.5;
      })
      .map((name) => name.textContent);
    return { shown: elements.map((name) => name.textContent), cut };
  });
}

describe.each([
  ['the home page', '/'],
  ['the artists page', '/artists'],
])('artist cards on %s', (_where, path) => {
  it('show each artist’s name in full on a 1280 px screen', async () => {
    const { context, page } = await newPage(browser, viewports.desktop);
    const { shown, cut } = await artistNames(page, path);
    expect(shown).toEqual(expect.arrayContaining(artists.map((artist) => artist.name)));
    expect(cut).toEqual([]);
    await context.close();
  });

  it('fit a phone’s screen', async () => {
    const { context, page } = await newPage(browser, viewports.phone);
    const { cut } = await artistNames(page, path);
    expect(cut).toEqual([]);
    expect(await pastRightEdge(page)).toEqual({ by: 0, wider: [] });
    await context.close();
  });
});
