/**
 * Curated playlists in Chromium: a catalogue admin makes a playlist, adds songs found in the catalogue, moves one up
 * from the keyboard, publishes it, and a listener then finds it in search and on the music page and plays it from its
 * page; the Playlists section and the editor fit a phone's screen.
 */
import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { albums } from '../../infra/seed/catalogue.js';
import { useCloudEnv } from '../support/cloud.js';
import { signedInAdmin } from '../support/signed-in.js';
import { launch, newPage, pastRightEdge, poll, signIn, toastShown, viewports } from './browser.js';

const firstLight = albums.find((a) => a.title === 'First Light')!;
const [first, second] = firstLight.tracks;

let browser: Browser;
beforeAll(async () => {
  useCloudEnv();
  browser = await launch();
});
afterAll(async () => browser?.close());

const songTitles = (page: Page) => page.getByTestId('playlist-song').locator('p.font-semibold').allTextContents();
const playerState = async (page: Page) => {
  const bar = page.getByTestId('player-bar');
  return (await bar.count()) ? bar.getAttribute('data-state') : 'no player bar';
};

async function addSong(page: Page, title: string) {
  await page.getByLabel('Find songs in the catalogue').fill(title);
  await page
    .getByTestId('playlist-song-results')
    .getByRole('button', { name: `Add ${title}` })
    .first()
    .click();
  await toastShown(page, `${title} added`);
}

describe('curated playlists', () => {
  it('are made, filled, ordered and published by the staff, and then found and played by listeners', async () => {
    const admin = await signedInAdmin(['catalogue']);
    const { context, page } = await newPage(browser, viewports.desktop);
    await signIn(context, admin);
    const name = `Staff Picks ${randomUUID().slice(0, 8)}`;

    await page.goto('/admin');
    await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Playlists' }).click();
    await page.getByRole('heading', { name: 'Playlists', level: 1 }).waitFor();
    await page.getByTestId('new-playlist').click();
    const form = page.getByTestId('playlist-form');
    await form.getByLabel('Name').fill(name);
    await form.getByLabel('Description').fill('What the label plays in the office.');
    await form.getByRole('button', { name: 'Add playlist' }).click();
    await toastShown(page, 'Playlist added');
    await page.waitForURL(/\/admin\/playlists\/[^/]+$/);
    const editor = page.getByTestId('playlist-editor');
    await editor.getByRole('heading', { name, level: 1 }).waitFor();
    expect(await editor.getByTestId('playlist-state').textContent()).toBe('Draft');
    await editor.getByText('No songs yet').waitFor();
    // Nothing to publish yet.
    expect(await page.getByTestId('playlist-publish').isDisabled()).toBe(true);

    await addSong(page, first.title);
    await addSong(page, second.title);
    expect(await songTitles(page)).toEqual([first.title, second.title]);

    // Moved up from the keyboard.
    await page.getByRole('button', { name: `Move ${second.title} up` }).focus();
    await page.keyboard.press('Enter');
    await toastShown(page, 'Song order saved');
    await poll(() => songTitles(page)).toEqual([second.title, first.title]);

    await page.getByTestId('playlist-publish').click();
    await toastShown(page, 'Published: listeners can find it now');
    expect(await editor.getByTestId('playlist-state').textContent()).toBe('Published');
    await page.getByRole('link', { name: 'All playlists' }).click();
    const row = page.getByTestId('playlists-table').getByRole('row').filter({ hasText: name });
    await row.getByText('Published').waitFor();
    await row.getByText('2', { exact: true }).waitFor();

    // A listener's search finds it once the search view has it.
    const { context: listener, page: tab } = await newPage(browser, viewports.desktop);
    await tab.goto(`/search/${encodeURIComponent(name)}`);
    await poll(async () => {
      if (await tab.getByTestId('search-playlist').filter({ hasText: name }).count()) return true;
      await tab.reload();
      return false;
    }, 30_000).toBe(true);
    await tab.getByTestId('search-playlist').getByRole('link', { name }).click();
    await tab.getByRole('heading', { name, level: 1 }).waitFor();
    await tab.getByText('What the label plays in the office.').waitFor();
    expect(await tab.getByTestId('playlist-track').locator('p.font-semibold').allTextContents()).toEqual([second.title, first.title]);
    await tab.getByTestId('playlist-play').click();
    await poll(() => playerState(tab)).toBe('playing');
    expect(await tab.getByTestId('player-bar').getAttribute('data-current-track-id')).toBe(second.trackId);

    // And the music page shows it among the playlists.
    await tab.goto('/music');
    await tab
      .getByTestId('music-playlists')
      .getByRole('link', { name: new RegExp(name) })
      .waitFor();
    await listener.close();
    await context.close();
  });

  it('fit a phone’s screen: the list and the editor with its songs', async () => {
    const admin = await signedInAdmin(['catalogue']);
    const name = `Phone Picks ${randomUUID().slice(0, 8)}`;
    const created = await admin.call('/api/admin/playlists', {
      method: 'POST',
      json: { name, description: 'A long description. '.repeat(8) },
    });
    const tracks = firstLight.tracks.slice(0, 3).map((t) => ({ trackId: t.trackId, albumId: firstLight.albumId }));
    expect((await admin.call(`/api/admin/playlists/${created.body.id}/tracks`, { method: 'PUT', json: { tracks } })).status).toBe(200);

    const { context, page } = await newPage(browser, viewports.phone);
    await signIn(context, admin);
    await page.goto('/admin/playlists');
    await page.getByRole('heading', { name: 'Playlists', level: 1 }).waitFor();
    await page.getByTestId('playlists-table').waitFor();
    await poll(() => pastRightEdge(page)).toEqual({ by: 0, wider: [] });

    await page.goto(`/admin/playlists/${created.body.id}`);
    await page.getByTestId('playlist-song').nth(2).waitFor();
    await page.getByLabel('Find songs in the catalogue').fill(firstLight.title);
    await page.getByTestId('playlist-song-result').first().waitFor();
    await poll(() => pastRightEdge(page)).toEqual({ by: 0, wider: [] });
    // The songs already in the playlist say so instead of offering to add them again.
    await page.getByRole('button', { name: `${firstLight.tracks[0].title} is in the playlist` }).waitFor();
    await context.close();
  });
});
