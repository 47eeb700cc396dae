/**
 * A Toko+ member listens to a members-only album: its audio comes as short-lived signed URLs, and a queue
 * that comes back after a reload with URLs that no longer work plays on with fresh ones.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { signedMediaUrl } from '../../functions/platform/media-urls.js';
import { albums } from '../../infra/seed/catalogue.js';
import { useCloudEnv } from '../support/cloud.js';
import { signedInListener } from '../support/signed-in.js';
import { launch, newPage, poll, signIn, viewports } from './browser.js';

const nightGarden = albums.find((a) => a.albumId === 'album-night-garden')!;

let browser: Browser;
beforeAll(async () => {
  useCloudEnv();
  browser = await launch();
});
afterAll(async () => browser?.close());

const playerBar = (page: Page) => page.locator('[data-testid=player-bar]');
const audio = (page: Page) => page.locator('[data-testid=player-audio]');
const position = (page: Page) => audio(page).evaluate((element: HTMLAudioElement) => element.currentTime);
const source = (page: Page) => audio(page).evaluate((element: HTMLAudioElement) => element.currentSrc);

/**
 * Comes back later: the page is closed (it saves its session on the way out), and a new one opens with the
 * saved session as a later visit would find it: these URLs, the first track, `seconds` into it.
 */
async function comeBackLater(context: BrowserContext, page: Page, audioUrls: Record<string, string>, seconds: number) {
  await page.close();
  const later = await context.newPage();
  // What the audio element asked storage for, and whether it got audio (a refused one fails: the browser
  // blocks a media request's 403 error page, ERR_BLOCKED_BY_ORB).
  const audioRequests: { url: string; played: boolean }[] = [];
  later.on('response', (response) => {
    if (response.url().includes('X-Amz-Signature=')) audioRequests.push({ url: response.url(), played: response.ok() });
  });
  later.on('requestfailed', (request) => {
    if (request.url().includes('X-Amz-Signature=') && request.failure()?.errorText !== 'net::ERR_ABORTED')
      audioRequests.push({ url: request.url(), played: false });
  });
  await later.addInitScript(
    ({ audioUrls, seconds }) => {
      const saved = JSON.parse(localStorage.getItem('player.session')!) as {
        queue: { id: string; audioUrl: string }[];
        index: number;
        position: number;
      };
      saved.queue = saved.queue.map((track) => ({ ...track, audioUrl: audioUrls[track.id] ?? track.audioUrl }));
      saved.index = 0;
      saved.position = seconds;
      localStorage.setItem('player.session', JSON.stringify(saved));
    },
    { audioUrls, seconds },
  );
  await later.goto('/');
  return { page: later, audioRequests };
}

describe('a Toko+ member', () => {
  it('plays a members-only album from signed URLs, and plays on after a reload when those have expired', async () => {
    const member = await signedInListener('toko_plus');
    const { page: first, context } = await newPage(browser, viewports.desktop);
    let page = first;
    await signIn(context, member);
    await page.goto(`/album/${nightGarden.albumId}`);
    await page.locator('[data-testid=track-row][data-playable=true]').first().waitFor();
    await page.getByRole('button', { name: 'Play Album' }).click();
    await poll(() => playerBar(page).getAttribute('data-state')).toBe('playing');
    await poll(() => position(page)).toBeGreaterThan(1);
    expect(await source(page)).toMatch(/\/audio\/private\/album-night-garden\/.+X-Amz-Signature=/);
    await playerBar(page).getByRole('button', { name: 'Pause' }).click();
    await poll(() => playerBar(page).getAttribute('data-state')).toBe('paused');

    // A night away: every URL of the saved queue has expired.
    const expired = Object.fromEntries(
      await Promise.all(
        nightGarden.tracks.map(
          async (t) => [t.trackId, await signedMediaUrl(t.audioKey!, { signedAt: new Date(Date.now() - 20 * 60_000) })] as const,
        ),
      ),
    );
    const afterNight = await comeBackLater(context, page, expired, 3);
    page = afterNight.page;
    await poll(() => playerBar(page).getAttribute('data-current-track-id')).toBe(nightGarden.tracks[0].trackId);
    await poll(() => position(page)).toBeGreaterThan(2);
    await playerBar(page).getByRole('button', { name: 'Play', exact: true }).click();
    await poll(() => playerBar(page).getAttribute('data-state')).toBe('playing');
    await poll(() => position(page)).toBeGreaterThan(4);
    expect(await source(page)).toMatch(/X-Amz-Signature=/);
    expect(await source(page)).not.toBe(expired[nightGarden.tracks[0].trackId]);
    // The expired URL was renewed before it was ever asked for.
    expect(afterNight.audioRequests.filter((r) => Object.values(expired).includes(r.url))).toEqual([]);
    expect(afterNight.audioRequests.some((r) => r.played)).toBe(true);
    await playerBar(page).getByRole('button', { name: 'Pause' }).click();
    await poll(() => playerBar(page).getAttribute('data-state')).toBe('paused');

    // A URL that looks alive but that storage refuses (403) is renewed once, and the track resumes where it was.
    const refused = (await signedMediaUrl(nightGarden.tracks[0].audioKey!)).replace(
      /X-Amz-Signature=[0-9a-f]+/,
      `X-Amz-Signature=${'0'.repeat(64)}`,
    );
    const afterRefusal = await comeBackLater(context, page, { [nightGarden.tracks[0].trackId]: refused }, 5);
    page = afterRefusal.page;
    await poll(() => source(page)).toMatch(/X-Amz-Signature=(?!0{64})[0-9a-f]{64}/);
    await poll(() => position(page)).toBeGreaterThan(4);
    await playerBar(page).getByRole('button', { name: 'Play', exact: true }).click();
    await poll(() => playerBar(page).getAttribute('data-state')).toBe('playing');
    await poll(() => position(page)).toBeGreaterThan(6);
    expect(await playerBar(page).getByText('This track could not be loaded.').count()).toBe(0);
    expect(afterRefusal.audioRequests).toContainEqual({ url: refused, played: false });
    expect(afterRefusal.audioRequests.some((r) => r.url !== refused && r.played)).toBe(true);
    await context.close();
  });
});
