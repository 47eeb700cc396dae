/**
 * The label's staff at work in Chromium: an archived artist restored to the lists, and videos hidden, shown again and
 * deleted.
 */
import { randomUUID } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, eventually, useCloudEnv } from '../support/cloud.js';
import { signedInAdmin } from '../support/signed-in.js';
import { launch, newPage, poll, signIn, toastShown, viewports } from './browser.js';
import { giveFreshCode } from './steps.js';

let browser: Browser;
beforeAll(async () => {
  useCloudEnv();
  browser = await launch();
});
afterAll(async () => browser?.close());

const listedArtist = async (id: string) => ((await api('/api/artists')).body as { id: string }[]).some((a) => a.id === id);

describe('the label’s staff', () => {
  it('restores an archived artist from the artists page, back in the listeners’ artists list', async () => {
    const admin = await signedInAdmin(['catalogue']);
    const name = `Comeback ${randomUUID().slice(0, 8)}`;
    const created = await admin.call('/api/admin/artists', { method: 'POST', json: { name, isMain: false } });
    const artistId = created.body.id as string;
    await admin.call(`/api/admin/artists/${artistId}/archive`, { method: 'POST' });
    await eventually(async () => !(await listedArtist(artistId)));

    const { context, page } = await newPage(browser, viewports.desktop);
    await signIn(context, admin);
    await page.goto('/admin/artists');
    const row = page.getByTestId('artists-table').getByRole('row').filter({ hasText: name });
    await row.getByText('Archived').waitFor();
    await row.getByRole('button', { name: `Restore ${name}` }).click();
    await toastShown(page, `${name} restored`);
    await row.getByText('Active').waitFor();
    expect(await row.getByRole('button', { name: `Archive ${name}` }).isVisible()).toBe(true);
    await eventually(() => listedArtist(artistId), 30_000);

    await page.goto('/artists');
    await page.getByRole('main').getByText(name).waitFor();
    await context.close();
  });

  it('hides a video from listeners and shows it again, and deletes one after a confirmation and a fresh code', async () => {
    const admin = await signedInAdmin(['catalogue']);
    const title = `Backstage ${randomUUID().slice(0, 8)}`;
    const created = await admin.call('/api/admin/videos', {
      method: 'POST',
      json: { title, youtube: 'dQw4w9WgXcQ', requiredTier: 'free' },
    });
    const { slug } = created.body as { slug: string };
    const listenersSee = async () => (await api(`/api/video-by-slug/${slug}`)).status === 200;
    await eventually(listenersSee);

    const { context, page } = await newPage(browser, viewports.desktop);
    await signIn(context, admin);
    await page.goto('/admin/videos');
    const row = page.getByTestId('videos-table').getByRole('row').filter({ hasText: title });
    await row.getByText('Shown').waitFor();
    await row.getByRole('button', { name: `Hide ${title}` }).click();
    await toastShown(page, `${title} hidden`);
    await row.getByText('Hidden').waitFor();
    await eventually(async () => !(await listenersSee()), 30_000);

    await row.getByRole('button', { name: `Show ${title}` }).click();
    await toastShown(page, `${title} shown`);
    await row.getByText('Shown').waitFor();
    await eventually(listenersSee, 30_000);

    await row.getByRole('button', { name: `Delete ${title}` }).click();
    const dialog = page.getByRole('dialog', { name: `Delete ${title}?` });
    await dialog.getByText('for good', { exact: false }).waitFor();
    await dialog.getByRole('button', { name: 'Delete video' }).click();
    await giveFreshCode(page, admin);
    await toastShown(page, `${title} deleted`);
    await poll(() => row.count()).toBe(0);
    await eventually(async () => !(await listenersSee()), 30_000);
    await page.reload();
    await page.getByTestId('videos-table').waitFor();
    expect(await page.getByTestId('videos-table').getByText(title).count()).toBe(0);
    await context.close();
  });
});
