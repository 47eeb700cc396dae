/**
 * An account deleted by a buyer, member and listener leaves the month's statements as they were, to the cent, and the
 * dashboard as it was but for the cancelled membership. The reads are label-wide, so this file runs with the cloud to
 * itself (vitest.config.ts's system-alone): another file's sale or member in between would move them.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { DashboardAnswer } from '../../functions/dashboard/contract/admin-dashboard.js';
import type { MonthStatementsAnswer } from '../../functions/statements/contract/admin-statements.js';
import { api, eventually, scanText, useCloudEnv } from '../support/cloud.js';
import { deletionCode } from '../support/inbox.js';
import { ALBUM, memberWhoBoughtAndPlayed, statementOf, thisMonth } from '../support/statements.js';
import { signedInAdmin } from '../support/signed-in.js';
import { asBrowser } from './accounts-helpers.js';

beforeAll(() => useCloudEnv());

describe('the artists’ payout statements when an account is deleted', () => {
  it('keeps the month’s statement totals and the dashboard’s but for the cancelled membership, to the cent, when a buyer, member and listener deletes the account', async () => {
    const admin = await signedInAdmin();
    const month = thisMonth();
    const today = new Date().toISOString().slice(0, 10);
    const { artistId } = (await api(`/api/albums/${ALBUM}`)).body as { artistId: string };
    const { buyer } = await memberWhoBoughtAndPlayed(admin, artistId, month);

    const read = async () => {
      const [monthAnswer, artist, dashboard] = await Promise.all([
        admin.call(`/api/admin/statements?month=${month}`),
        statementOf(admin, artistId, month),
        admin.call(`/api/admin/dashboard?from=${today}&to=${today}`),
      ]);
      return { month: monthAnswer.body as MonthStatementsAnswer, artist, dashboard: (dashboard.body as DashboardAnswer).current };
    };
    // Settled: two reads a while apart agree, so no event of this test or an earlier one is still on its way.
    const settled = () =>
      eventually(
        async () => {
          const first = await read();
          await new Promise((resolve) => setTimeout(resolve, 1_500));
          const second = await read();
          return JSON.stringify(first) === JSON.stringify(second) && second;
        },
        60_000,
        0,
      );
    const before = await settled();
    expect(before.artist.lines.find((l) => l.kind === 'membership')?.memberPlays).toBeGreaterThanOrEqual(1);

    // The buyer deletes the account through the routes the /account page calls, with the mailed code.
    const headers = asBrowser(buyer.token);
    expect((await api('/api/users/me/deletion', { method: 'POST', headers })).status).toBe(200);
    const confirmed = await api('/api/users/me/deletion/confirm', {
      method: 'POST',
      headers,
      json: { code: await deletionCode(buyer.email) },
    });
    expect(confirmed.status).toBe(200);
    expect((await buyer.api('/api/users/me')).status).toBe(401);
    // The projections have taken the deletion in once no view holds the address.
    await eventually(async () => !(await scanText(process.env.TABLE_VIEWS!)).includes(buyer.email), 30_000);

    const after = await settled();
    expect(after.month).toEqual(before.month);
    expect(after.artist).toEqual(before.artist);
    // The deletion cancels the $10 membership at Stripe: the dashboard counts that cancellation, and nothing else moves.
    const { membership: was, ...restBefore } = before.dashboard;
    const { membership: now, ...restAfter } = after.dashboard;
    const days = restBefore.days.map((d) => (d.day === today ? { ...d, cancelledMembers: d.cancelledMembers + 1 } : d));
    expect(restAfter).toEqual({ ...restBefore, days });
    expect(now).toMatchObject({
      activeMembers: was.activeMembers - 1,
      payingMembers: was.payingMembers - 1,
      mrrCents: was.mrrCents - 1000,
      cancelledMembers: was.cancelledMembers + 1,
      endedMembers: was.endedMembers + 1,
      newMembers: was.newMembers,
      accountsOpened: was.accountsOpened,
    });
    expect(JSON.stringify(after)).not.toContain(buyer.email);
  }, 240_000);
});
