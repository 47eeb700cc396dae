/** A member's change of plan in the customer portal, through the Stripe sandbox, its webhook, the account and the dashboard. */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { DashboardAnswer } from '../../functions/dashboard/contract/admin-dashboard.js';
import { readStream } from '../../functions/platform/event-store.js';
import { getView } from '../../functions/platform/views.js';
import { rollupSubscriptionKey } from '../../functions/dashboard/projections/rollups.js';
import { eventually, useCloudEnv } from '../support/cloud.js';
import { deliverWebhook, newPerson, sandbox, type SandboxEvent } from '../support/commerce.js';
import { signedInAdmin, type TestAdmin } from '../support/signed-in.js';

beforeAll(() => useCloudEnv());

const today = () => new Date().toISOString().slice(0, 10);
async function tier(admin: TestAdmin, dollars: number) {
  const answer = await admin.call(`/api/admin/dashboard?from=${today()}&to=${today()}`);
  expect(answer.status).toBe(200);
  return (answer.body as DashboardAnswer).current.membership.tiers.find((t) => t.tierDollars === dollars)!;
}

/** Posts one of the portal page's forms, as the member's browser does. */
async function portalForm(url: string, fields: Record<string, string>) {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });
  return { status: res.status, page: await res.text() };
}

const planChanges = async (userId: string) =>
  (await readStream(`user#${userId}`)).filter((e) => e.type === 'SubscriptionPlanChanged').map((e) => e.data);

describe('changing plan in the customer portal', () => {
  it('moves a $5 member to $10 once: the account answers $10 and the dashboard counts the member in the $10 tier', async () => {
    const admin = await signedInAdmin(['money']);
    const member = await newPerson('switching');
    const started = await member.api('/api/subscription/checkout', { method: 'POST', json: { amount: 5 } });
    const paid = await sandbox(`/sandbox/checkout/sessions/${started.body.sessionId}/pay`, { email: member.email });
    const subscriptionId = paid.session.subscription as string;
    expect((await member.api('/api/subscription/me')).body).toMatchObject({ active: true, amount: 500 });
    const counted = async () => (await getView(rollupSubscriptionKey(subscriptionId)))?.tierDollars;
    await eventually(async () => (await counted()) === 5, 30_000);
    const tenBefore = await tier(admin, 10);

    const portal = await member.api('/api/subscription/portal', { method: 'POST' });
    expect(portal.status).toBe(200);
    const offer = await (await fetch(portal.body.url)).text();
    expect(offer).toContain('Switch to $10.00/month');
    expect(offer).toContain('Switch to $20.00/month');
    expect(offer).not.toContain('Switch to $5.00/month');
    // A price the plan does not allow is refused on the page, and nothing changes.
    expect((await portalForm(portal.body.url, { action: 'switch', price: 'price_unknown' })).status).toBe(400);

    const switched = await portalForm(portal.body.url, { action: 'switch', price: 'price_TokoPlus10' });
    expect(switched.status).toBe(200);
    expect(switched.page).toContain('Your plan is now Toko+ $10/month');
    expect((await member.api('/api/subscription/me')).body).toMatchObject({ active: true, amount: 1000, status: 'active' });
    expect(await planChanges(member.userId)).toEqual([expect.objectContaining({ previousAmount: 5, amount: 10 })]);

    // Stripe delivers again, and an older copy of the subscription arrives late under a new event id: still $10, once.
    const { events } = (await (await fetch(`${inject('stripeSandboxUrl')}/sandbox/events`)).json()) as { events: SandboxEvent[] };
    const ofThis = events.filter((e) => e.data.object.id === subscriptionId);
    const update = ofThis.find((e) => e.type === 'customer.subscription.updated')!;
    const created = ofThis.find((e) => e.type === 'customer.subscription.created')!;
    const stale = JSON.stringify({ ...created, id: `evt_${randomUUID().replace(/-/g, '')}`, type: 'customer.subscription.updated' });
    const answers = await Promise.all([
      deliverWebhook(JSON.stringify(update)),
      deliverWebhook(stale),
      deliverWebhook(JSON.stringify(update)),
    ]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect((await member.api('/api/subscription/me')).body.amount).toBe(1000);
    expect(await planChanges(member.userId)).toHaveLength(1);

    // The dashboard's levels follow: the member counts at $10 now, with $10 more monthly revenue in that tier (other
    // tests may add members of their own meanwhile, never take one away).
    await eventually(async () => (await counted()) === 10, 30_000);
    const tenAfter = await eventually(async () => {
      const t = await tier(admin, 10);
      return t.activeMembers >= tenBefore.activeMembers + 1 && t.mrrCents >= tenBefore.mrrCents + 1000 && t;
    }, 30_000);
    expect(tenAfter.payingMembers).toBeGreaterThanOrEqual(tenBefore.payingMembers + 1);

    // The plan shown on the portal is the new one, and the member may go back to $5 from there.
    const again = await (await fetch((await member.api('/api/subscription/portal', { method: 'POST' })).body.url)).text();
    expect(again).toContain('$10.00/month');
    expect(again).toContain('Switch to $5.00/month');
  });
});
