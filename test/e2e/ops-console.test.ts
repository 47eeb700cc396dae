/**
 * The sync manager in Chromium: an admin opens /sync-manager, sees the consumers and their health and a refused play
 * among the suspicious plays, opens the library projector's dead letters (a parked event with its error and the stream it holds), and redrives it after a
 * confirmation that says how many messages will move. In the event log they find a listener's streams by e-mail, read
 * a stream's events with their data and meta, and follow a correlation id to its trace.
 */
import { randomUUID } from 'node:crypto';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { albumData, artistData, trackData } from '../../functions/catalogue/domain/catalogue.fixtures.js';
import { libraryStream } from '../../functions/library/domain/library.js';
import { createArtist, publishAlbum } from '../../functions/catalogue/catalogue-commands.js';
import { appendToStream, dynamoEventStore } from '../../functions/platform/event-store.js';
import { albums as seededAlbums } from '../../infra/seed/catalogue.js';
import { dynamoViewStore, tableOf } from '../../functions/platform/views.js';
import { dynamoClient } from '../../functions/platform/aws.js';
import { libraryAlbumKey } from '../../functions/library/projections/library.js';
import { api, baseUrl, eventually, useCloudEnv } from '../support/cloud.js';
import { newPerson } from '../support/commerce.js';
import { signedInAdmin } from '../support/signed-in.js';
import { launch, newPage, signIn, toastShown, viewports } from './browser.js';
import { giveFreshCode } from './steps.js';

let browser: Browser;
beforeAll(async () => {
  useCloudEnv();
  browser = await launch();
});
/**
 * Moves back what a failed run of the redrive journey left parked, once its album exists: a letter left in the DLQ
 * keeps the live projector from the view a rebuild makes, and rebuild-views, after this file, would fail too.
 */
let leftParked: (() => Promise<void>) | undefined;
afterAll(async () => {
  await leftParked?.();
  await browser?.close();
});

describe('the sync manager', () => {
  it('shows the consumers, a dead letter with its error and held stream, and redrives it after a confirmation', async () => {
    const admin = await signedInAdmin();
    const tag = randomUUID().slice(0, 8);
    const person = await newPerson('console');
    const stream = libraryStream(person.userId);
    const albumId = `album-console-${tag}`;
    // An album added before the catalogue has it: the library projector gives up on it, and it parks in its DLQ.
    await appendToStream(stream, 0, [{ type: 'LibraryAlbumAdded', data: { userId: person.userId, albumId } }], {
      actor: person.userId,
      correlationId: `console-${tag}`,
    });
    let published: Promise<void> | undefined;
    const publishTheAlbum = () =>
      (published ??= (async () => {
        const artistId = `artist-console-${tag}`;
        const fix = { actor: 'test', correlationId: `console-fix-${tag}`, eventStore: dynamoEventStore };
        await createArtist(artistData({ artistId, name: `Console ${tag}`, isMain: false }), fix);
        await publishAlbum(
          albumData({ albumId, artistId, title: `Console ${tag}`, tracks: [trackData({ trackId: `${albumId}-t1`, duration: 30 })] }),
          fix,
        );
        await eventually(async () => (await api(`/api/albums/${albumId}`)).status === 200, 30_000, 200);
      })());
    leftParked = async () => {
      await publishTheAlbum();
      const listed = await admin.call('/api/admin/ops/consumers/library/dead-letters');
      const ids = (listed.body as { messages: { messageId: string; streamId: string | null }[] }).messages
        .filter((m) => m.streamId === stream)
        .map((m) => m.messageId);
      if (ids.length)
        await admin.call('/api/admin/ops/consumers/library/dead-letters/redrive', {
          method: 'POST',
          json: { ids, ratePerSecond: 10, dryRun: false },
        });
    };
    // A play reported without its start: refused, a suspicious play.
    const freeAlbum = seededAlbums.find((a) => a.requiredTier === 'free' && !a.isDummyAlbum)!;
    const refused = await api('/api/track-play', {
      method: 'POST',
      json: { trackId: freeAlbum.tracks[0].trackId, albumId: freeAlbum.albumId },
    });
    expect(refused).toMatchObject({ status: 200, body: { recorded: false } });
    await eventually(
      async () => {
        const res = await admin.call('/api/admin/ops/consumers/library/dead-letters');
        return (res.body as { messages: { streamId: string | null }[] }).messages.some((m) => m.streamId === stream);
      },
      90_000,
      1_000,
    );

    const { context, page } = await newPage(browser, viewports.desktop);
    await signIn(context, admin);
    await page.goto(`${baseUrl()}/sync-manager`);
    await page.getByRole('heading', { name: 'Sync Manager' }).waitFor();
    const consumers = page.getByTestId('ops-consumers');
    await consumers.getByRole('rowheader', { name: /catalogue/ }).waitFor();
    const libraryRow = consumers.locator('tr[data-consumer="library"]');
    expect(await libraryRow.getByText('failing').isVisible()).toBe(true);
    await page.getByRole('heading', { name: 'Lag over the last hour' }).waitFor();
    // Its failed tries show among the latest errors, leading to the trace of the request that appended it.
    const latest = page
      .getByTestId('ops-latest-errors')
      .getByRole('listitem')
      .filter({ hasText: `Album ${albumId} is not projected yet` });
    await latest
      .first()
      .getByRole('link', { name: `Trace console-${tag}` })
      .waitFor();

    // The refused report among the suspicious plays of the last hour and the last day, by its reason.
    const suspicious = page.getByTestId('ops-suspicious-plays');
    await suspicious.getByRole('heading', { name: 'Suspicious plays' }).waitFor();
    for (const window of ['suspicious-last-hour', 'suspicious-last-day'])
      await suspicious.getByTestId(window).locator('li[data-reason="no_token"]', { hasText: 'without a start' }).waitFor();

    await libraryRow.getByRole('button', { name: 'Open' }).click();
    await page.waitForURL(/consumer=library/);
    const letters = page.getByTestId('ops-dead-letters');
    const parked = letters.locator('li[data-message-id]', { hasText: stream });
    await parked.getByText(`Album ${albumId} is not projected yet`, { exact: false }).waitFor();
    await letters.getByTestId('ops-held-streams').getByText(stream).waitFor();

    // The fix: the album is published; then the parked event is moved back.
    await publishTheAlbum();
    await parked.getByRole('checkbox').check();
    await letters.getByRole('button', { name: 'Redrive selected' }).click();
    const dialog = page.getByRole('dialog', { name: 'Redrive these dead letters?' });
    await dialog.getByText('1 message will go back to the queue of library', { exact: false }).waitFor();
    await dialog.getByRole('button', { name: 'Move 1' }).click();
    await toastShown(page, '1 message moved back to library');

    // Applied by the projector itself (the API would answer from the stream while the view lags).
    await eventually(async () => (await dynamoViewStore.checkpoint('library', stream)) === 1, 60_000, 500);
    expect(((await person.api('/api/library/albums')).body as { id: string }[]).map((a) => a.id)).toContain(albumId);
    leftParked = undefined;
    await context.close();
  }, 300_000);

  it("finds a listener's stream by e-mail, reads its events, and follows a correlation id to its trace", async () => {
    const admin = await signedInAdmin();
    const tag = randomUUID().slice(0, 8);
    const person = await newPerson('log');
    const stream = libraryStream(person.userId);
    const album = seededAlbums.find((a) => a.requiredTier === 'free' && !a.isDummyAlbum)!;
    const correlationId = `console-log-${tag}`;
    await appendToStream(stream, 0, [{ type: 'LibraryAlbumAdded', data: { userId: person.userId, albumId: album.albumId } }], {
      actor: person.userId,
      correlationId,
    });
    // The trace index is written by its reactor, after the append.
    await eventually(async () => (await admin.call(`/api/admin/ops/traces/${correlationId}`)).status === 200, 60_000, 500);

    const { context, page } = await newPage(browser, viewports.desktop);
    await signIn(context, admin);
    await page.goto(`${baseUrl()}/sync-manager`);
    await page.getByRole('navigation', { name: 'Sync manager sections' }).getByRole('link', { name: 'Event log' }).click();
    await page.waitForURL(/\/sync-manager\/events/);
    const search = page.getByRole('searchbox', { name: /Stream id or listener/ });
    await search.fill(person.email);
    await search.press('Enter');
    await page
      .getByTestId('ops-streams')
      .getByRole('button', { name: new RegExp(stream) })
      .click();
    await page.waitForURL(/stream=library/);
    const events = page.getByTestId('ops-stream');
    const added = events.locator('li[data-event="LibraryAlbumAdded"]');
    await added.waitFor();
    await added.getByText('Data and meta').click();
    await added.getByText(`"albumId": "${album.albumId}"`, { exact: false }).waitFor();

    await added.getByRole('link', { name: `Trace correlation id ${correlationId}` }).click();
    await page.waitForURL(new RegExp(`/sync-manager/trace/${correlationId}`));
    const trace = page.getByTestId('ops-trace');
    await trace.getByText(person.userId, { exact: true }).first().waitFor();
    await trace.getByTestId('ops-trace-effects').locator('[data-consumer="library"]').waitFor();
    await trace.getByTestId('ops-trace-mails').getByText('No mail was sent for this request.').waitFor();

    // An unknown id says why it may not be indexed.
    await page.goto(`${baseUrl()}/sync-manager/trace/unknown-${tag}`);
    await page.getByText(/not indexed/).waitFor();
    await context.close();
  }, 180_000);

  it("shows a drifted view item on the drift tab, heals its stream from there and from the stream's page, and the view is right", async () => {
    const admin = await signedInAdmin();
    const person = await newPerson('drift');
    const stream = libraryStream(person.userId);
    const album = seededAlbums.find((a) => a.requiredTier === 'free' && !a.isDummyAlbum)!;
    await appendToStream(stream, 0, [{ type: 'LibraryAlbumAdded', data: { userId: person.userId, albumId: album.albumId } }], {
      actor: person.userId,
      correlationId: `console-drift-${randomUUID()}`,
    });
    await eventually(async () => (await dynamoViewStore.checkpoint('library', stream)) === 1, 60_000, 300);
    const key = libraryAlbumKey(person.userId, album.albumId);
    const right = (await dynamoViewStore.get(key))!;
    const corrupt = () =>
      dynamoClient().send(new PutCommand({ TableName: tableOf(key), Item: { ...right, addedAt: '1999-01-01T00:00:00.000Z' } }));
    await corrupt();
    // The check of this stream becomes the latest result the tab shows (a sample might not pick it).
    const checked = await admin.call('/api/admin/ops/drift/check', {
      method: 'POST',
      json: { projection: 'library', streamIds: [stream] },
    });
    expect(checked.body.differences).toBe(1);

    const { context, page } = await newPage(browser, viewports.desktop);
    await signIn(context, admin);
    await page.goto(`${baseUrl()}/sync-manager`);
    await page.getByRole('navigation', { name: 'Sync manager sections' }).getByRole('link', { name: 'Drift' }).click();
    await page.waitForURL(/\/sync-manager\/drift/);
    const drift = page.getByTestId('ops-drift');
    await drift.getByText('1 difference found.').waitFor();
    const row = drift.getByTestId('ops-drift-projections').locator('tr[data-projection="library"]');
    expect(await row.locator('td').allTextContents()).toEqual(['1', '0', '1', '1']);
    const example = drift.getByTestId('ops-drift-examples').locator(`li[data-stream="${stream}"]`);
    await example.getByText('addedAt', { exact: false }).waitFor();
    await example.getByRole('button', { name: 'Heal' }).click();
    const dialog = page.getByRole('dialog', { name: `Re-project ${stream}?` });
    await dialog.getByRole('button', { name: 'Heal' }).click();
    await toastShown(page, `${stream} re-projected in library`);
    await example.getByText('Healed at v1').waitFor();
    expect(await dynamoViewStore.get(key)).toEqual(right);

    // The stream's page offers the same per projection that reads it.
    await corrupt();
    await example.getByRole('link', { name: stream }).click();
    await page.waitForURL(/stream=library/);
    await page.getByTestId('ops-stream-heal').getByRole('button', { name: 'library' }).click();
    await page
      .getByRole('dialog', { name: `Re-project ${stream}?` })
      .getByRole('button', { name: 'Heal' })
      .click();
    await toastShown(page, `${stream} re-projected in library`);
    expect(await dynamoViewStore.get(key)).toEqual(right);
    await context.close();
  }, 180_000);

  it('rebuilds a projection beside the live one from the Rebuilds tab, switches its readers after parity, and drops the old one', async () => {
    const admin = await signedInAdmin();
    const projection = 'playlists';
    const { context, page } = await newPage(browser, viewports.desktop);
    await signIn(context, admin);
    await page.goto(`${baseUrl()}/sync-manager`);
    await page.getByRole('navigation', { name: 'Sync manager sections' }).getByRole('link', { name: 'Rebuilds' }).click();
    await page.waitForURL(/\/sync-manager\/rebuilds/);
    const row = page.getByTestId('ops-rebuilds').locator(`tr[data-projection="${projection}"]`);
    const confirm = async (title: RegExp, button: string) =>
      page.getByRole('dialog', { name: title }).getByRole('button', { name: button }).click();

    await row.getByRole('button', { name: /^(Rebuild|Check again)$/ }).click();
    await confirm(/Rebuild this projection/, 'Start the rebuild');
    // The rebuilds job takes it on its next run (every minute) and reads the whole log at its pace
    // (REBUILD_EVENTS_PER_SECOND), the suite's log included; the page follows it until it is ready.
    await toastShown(page, `${projection}: rebuilt`, 300_000);
    await row
      .getByTestId('rebuild-parity')
      .getByText(/^equal: \d+ items in \d+ partitions$/)
      .waitFor();
    await row
      .getByTestId('rebuild-state')
      .getByText(/^ready/)
      .waitFor();

    await row.getByRole('button', { name: 'Switch' }).click();
    await confirm(/Switch readers/, 'Switch');
    // Switching asks for a fresh code; dropping, within its 5 minutes, does not ask again.
    await giveFreshCode(page, admin);
    await toastShown(page, `${projection}: switched`);
    await row
      .getByTestId('rebuild-state')
      .getByText(/^switched/)
      .waitFor();

    await row.getByRole('button', { name: 'Drop old' }).click();
    await confirm(/Drop the old generation/, 'Drop it');
    await toastShown(page, `${projection}: old generation dropped`);
    await row
      .getByTestId('rebuild-state')
      .getByText(/^dropped/)
      .waitFor();
    await context.close();
  }, 420_000);
});
