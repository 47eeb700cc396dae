/**
 * Sorting People in Chromium, at desktop and phone size: the admin sorts every account by name (the table's header,
 * by keyboard; Back returns to the order before) and by joining, and on a phone with the Sort by menu. The server
 * sorts, so the order holds across "Load more", and it is kept in the address. Other tests add accounts to the same
 * cloud: the test reads where its own three accounts come, relative to each other.
 */
import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInWithEmail } from '../../functions/accounts/users.js';
import { eventually, useCloudEnv } from '../support/cloud.js';
import { signedInAdmin, type TestListener } from '../support/signed-in.js';
import { launch, newPage, pastRightEdge, poll, signIn, viewports } from './browser.js';
import { dynamoEventStore } from '../../functions/platform/event-store.js';

let browser: Browser;
let admin: TestListener;
const tag = `000${randomUUID().replace(/-/g, '').slice(0, 8)}`;
// Made in this order: newest first they come Bea, ada, Cole; by name ada, Bea, Cole. The leading zeros put them
// early in the name order, so few pages are loaded before them.
const names = [`${tag} Cole`, `${tag} ada`, `${tag} Bea`];
const byName = [names[1], names[2], names[0]];
const newestFirst = [...names].reverse();

beforeAll(async () => {
  useCloudEnv();
  [browser, admin] = await Promise.all([launch(), signedInAdmin()]);
  for (const [i, name] of names.entries()) {
    await signInWithEmail(`${tag}-${i}@example.com`, 'email_code', name, {
      actor: 'test',
      correlationId: randomUUID(),
      eventStore: dynamoEventStore,
    });
  }
  // The list reads a view the accounts' events build: wait until it holds all three.
  await eventually(async () => (await admin.call(`/api/admin/users?q=${tag}`)).body.items.length === 3, 60_000, 250);
});
afterAll(async () => browser?.close());

/**
 * The names of this test's accounts in the order the table lists them once it says it is in `order` (its caption, which
 * the rows of that order come with), loading more pages until all three are there (the order is the server's: a page
 * more never reorders what came before).
 */
async function oursInOrder(page: Page, order: string): Promise<string[]> {
  const table = page.getByTestId('people-table');
  await poll(() => table.locator('caption').textContent()).toBe(`Listeners, ${order}`);
  const more = page.getByRole('button', { name: 'Load more' });
  let ours: string[] = [];
  await poll(async () => {
    if ((await table.getAttribute('aria-busy')) === 'true') return false;
    ours = (await table.locator('tbody tr td:first-child').allTextContents()).filter((name) => name.startsWith(tag));
    if (ours.length === names.length) return true;
    if ((await more.isVisible()) && (await more.isEnabled())) await more.click();
    return false;
  }, 30_000).toBe(true);
  return ours;
}

const header = (page: Page, name: string) => page.getByTestId('people-table').getByRole('columnheader', { name });

describe('sorting People', () => {
  it('at desktop size: by name from its header, by keyboard, and by joining, across pages, kept in the address', async () => {
    const { context, page } = await newPage(browser, viewports.desktop);
    await signIn(context, admin);
    await page.goto('/admin/people');
    await page.getByRole('heading', { name: 'People' }).waitFor();
    // Unasked, everyone newest first.
    await poll(() => header(page, 'Joined').getAttribute('aria-sort')).toBe('descending');
    expect(await oursInOrder(page, 'newest first')).toEqual(newestFirst);

    const nameButton = header(page, 'Name').getByRole('button');
    await nameButton.focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(/[?&]sort=name(&|$)/);
    await poll(() => header(page, 'Name').getAttribute('aria-sort')).toBe('ascending');
    expect(await header(page, 'Joined').getAttribute('aria-sort')).toBe('none');
    expect(await oursInOrder(page, 'name, a to z')).toEqual(byName);

    // Again: Z to A.
    await page.keyboard.press('Enter');
    await page.waitForURL(/[?&]sort=-name(&|$)/);
    await poll(() => header(page, 'Name').getAttribute('aria-sort')).toBe('descending');
    // Back returns to the order before.
    await page.goBack();
    await page.waitForURL(/[?&]sort=name(&|$)/);
    await poll(() => header(page, 'Name').getAttribute('aria-sort')).toBe('ascending');

    // A reload keeps the order; Joined sorts newest first.
    await page.goto('/admin/people?sort=name');
    await poll(() => header(page, 'Name').getAttribute('aria-sort')).toBe('ascending');
    expect(await oursInOrder(page, 'name, a to z')).toEqual(byName);
    await header(page, 'Joined').getByRole('button').click();
    await poll(() => header(page, 'Joined').getAttribute('aria-sort')).toBe('descending');
    expect(page.url()).not.toMatch(/sort=/);
    expect(await oursInOrder(page, 'newest first')).toEqual(newestFirst);

    // A search lists by the word it matches, and says so; its headers do not sort.
    await page.getByTestId('people-search').fill(tag);
    await page.getByText('Search results come by the word they match').waitFor();
    await poll(() => page.getByTestId('people-table').locator('tbody tr').count()).toBe(3);
    expect(await header(page, 'Name').getByRole('button').count()).toBe(0);
    await context.close();
  });

  it('on a phone: with the Sort by menu, by name and by joining, within the screen', async () => {
    const { context, page } = await newPage(browser, viewports.phone);
    await signIn(context, admin);
    await page.goto('/admin/people');
    await page.getByRole('heading', { name: 'People' }).waitFor();
    const menu = page.getByLabel('Sort by');
    expect(await menu.inputValue()).toBe('joined,desc');
    expect(await oursInOrder(page, 'newest first')).toEqual(newestFirst);

    await menu.selectOption({ label: 'Name, A to Z' });
    await page.waitForURL(/[?&]sort=name(&|$)/);
    expect(await oursInOrder(page, 'name, a to z')).toEqual(byName);
    await poll(() => pastRightEdge(page)).toEqual({ by: 0, wider: [] });

    await menu.selectOption({ label: 'Newest first' });
    await poll(() => page.url()).not.toMatch(/sort=/);
    expect(await oursInOrder(page, 'newest first')).toEqual(newestFirst);
    await poll(() => pastRightEdge(page)).toEqual({ by: 0, wider: [] });
    await context.close();
  });
});
