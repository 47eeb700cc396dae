/**
 * What the account-erasure consumer does after a deletion is confirmed: every address the account ever used freed and
 * forgotten with its fan signups, every avatar it stored gone, and its Toko+ subscription cancelled at Stripe and counted
 * once by the label's dashboard and People page.
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { DashboardAnswer } from '../../functions/dashboard/contract/admin-dashboard.js';
import { emailReservation } from '../../functions/accounts/domain/user.js';
import { dynamoClient } from '../../functions/platform/aws.js';
import { env } from '../../functions/platform/env.js';
import { readStream, reservationOwner } from '../../functions/platform/event-store.js';
import { personalData } from '../../functions/platform/personal-data.js';
import { api, baseUrl, eventually, useCloudEnv } from '../support/cloud.js';
import { newPerson, sandbox } from '../support/commerce.js';
import { deletionCode } from '../support/inbox.js';
import { signedInAdmin, type TestListener } from '../support/signed-in.js';
import { jpegOf, pngOf } from '../support/images.js';
import {
  asBrowser,
  confirmationLinkOf,
  emailChangeCodeOf,
  freshEmail,
  inbox,
  sessionCookieOf,
  signInMail,
  signUpByCode,
  signUpFan,
} from './accounts-helpers.js';

beforeAll(useCloudEnv);

/** The owner's (first) data key as the keys table holds it (this process's vault remembers keys a while). */
const keyItem = async (owner: string) =>
  (
    await dynamoClient().send(
      new GetCommand({ TableName: env().TABLE_KEYS, Key: { pk: `key#${personalData.keyIdOf(owner)}`, sk: 'key' }, ConsistentRead: true }),
    )
  ).Item;
/** Whether the owner's data key is deleted. */
const keyDeleted = async (owner: string) => Boolean((await keyItem(owner))?.deletedAt);

/** Asks for the deletion code and confirms it, as the dialog does; answers once the confirmation is answered. */
async function deleteAccount(headers: Record<string, string>) {
  const { email } = (await api('/api/users/me', { headers })).body as { email: string };
  expect((await api('/api/users/me/deletion', { method: 'POST', headers })).status).toBe(200);
  const done = await api('/api/users/me/deletion/confirm', { method: 'POST', headers, json: { code: await deletionCode(email) } });
  expect(done).toMatchObject({ status: 200, body: { success: true } });
}

const uploadAvatar = async (headers: Record<string, string>, bytes: Buffer, type: string, name: string) => {
  const form = new FormData();
  form.append('avatar', new Blob([Uint8Array.from(bytes)], { type }), name);
  const res = await api('/api/avatar-upload', { method: 'POST', body: form, headers });
  expect(res.status).toBe(200);
  return res.body.filename as string;
};

describe('erasing a deleted account', () => {
  it('forgets every address it used with their fan signups, frees them for new accounts, and removes every avatar it stored', async () => {
    const first = freshEmail('erase-first');
    const second = freshEmail('erase-second');
    const third = freshEmail('erase-third');
    const { token, user } = await signUpByCode(first);
    const headers = asBrowser(token);
    // Two changes, each confirmed from the new address: the first right after signing up by code (no code needed), the
    // second with a code from the address then in force.
    expect(await api('/api/users/me/email', { method: 'POST', json: { email: second }, headers })).toMatchObject({
      status: 200,
      body: { codeSent: false },
    });
    expect((await api('/api/auth/verify-email', { method: 'POST', json: await confirmationLinkOf(second) })).status).toBe(200);
    expect(await api('/api/users/me/email', { method: 'POST', json: { email: third }, headers })).toMatchObject({
      status: 200,
      body: { codeSent: true },
    });
    const code = await emailChangeCodeOf(second);
    expect((await api('/api/users/me/email/confirm', { method: 'POST', json: { code }, headers })).status).toBe(200);
    expect((await api('/api/auth/verify-email', { method: 'POST', json: await confirmationLinkOf(third) })).status).toBe(200);
    const avatars = [
      await uploadAvatar(headers, jpegOf(64, 64), 'image/jpeg', 'me.jpg'),
      await uploadAvatar(headers, pngOf(80, 80), 'image/png', 'me.png'),
      await uploadAvatar(headers, jpegOf(96, 96), 'image/jpeg', 'me-too.jpg'),
    ];
    // Each picture replaces the last under the account's one avatar key: the bucket keeps the older ones as versions.
    expect((await fetch(`${baseUrl()}/uploads/avatars/${avatars[2]}`)).status).toBe(200);
    for (const address of [first, second]) await signUpFan(address);
    // The admin's list, read by the cloud, whose erasure forgets the keys in its own process at once.
    const admin = await signedInAdmin();
    const fans = async () => {
      const emails: string[] = [];
      let cursor: string | null = null;
      do {
        const res = await admin.call(`/api/admin/fan-signups${cursor ? `?cursor=${cursor}` : ''}`);
        expect(res.status).toBe(200);
        const page = res.body as { items: { email: string }[]; nextCursor: string | null };
        emails.push(...page.items.map((row) => row.email));
        cursor = page.nextCursor;
      } while (cursor);
      return emails;
    };
    expect(await fans()).toEqual(expect.arrayContaining([first, second]));

    await deleteAccount(headers);
    await eventually(() => keyDeleted(`user:${user.id}`), 30_000);

    // The addresses with fan signups had keys, now deleted; the last one never had one, and none is left to open.
    for (const address of [first, second]) expect(await keyDeleted(`email:${address}`), address).toBe(true);
    for (const address of [first, second, third]) {
      expect((await keyItem(`email:${address}`))?.wrapped, address).toBeUndefined();
      expect(await reservationOwner(emailReservation(address)), address).toBeUndefined();
    }
    for (const avatar of avatars) expect((await fetch(`${baseUrl()}/uploads/avatars/${avatar}`)).status, avatar).toBe(404);
    const left = await fans();
    expect(left).not.toContain(first);
    expect(left).not.toContain(second);
    const history = JSON.stringify(await readStream(`user#${user.id}`));
    for (const address of [first, second, third]) expect(history).not.toContain(address);

    // The old addresses open new, empty accounts.
    for (const address of [first, second]) {
      const codesBefore = (await inbox(address)).filter((mail) => /sign-in code is/.test(mail.subject)).length;
      expect((await api('/api/auth/smart-signin', { method: 'POST', json: { email: address } })).status).toBe(200);
      const { code } = await signInMail(address, codesBefore + 1);
      const again = await api('/api/auth/verify-code', { method: 'POST', json: { email: address, code } });
      expect(again).toMatchObject({ status: 200, body: { user: { email: address } } });
      expect(again.body.user.id).not.toBe(user.id);
    }
  });
});

describe('an erased address used again', () => {
  it('signs up as a fan and opens an account under a fresh key: both read the address, and the old signup stays unreadable', async () => {
    const address = freshEmail('erase-again');
    const { token, user } = await signUpByCode(address);
    await signUpFan(address);
    const admin = await signedInAdmin();
    const fanEmails = async () => {
      const emails: string[] = [];
      let cursor: string | null = null;
      do {
        const res = await admin.call(`/api/admin/fan-signups${cursor ? `?cursor=${cursor}` : ''}`);
        const page = res.body as { items: { email: string }[]; nextCursor: string | null };
        emails.push(...page.items.map((row) => row.email));
        cursor = page.nextCursor;
      } while (cursor);
      return emails.filter((email) => email === address);
    };
    await eventually(async () => (await fanEmails()).length === 1, 30_000);

    await deleteAccount(asBrowser(token));
    await eventually(() => keyDeleted(`user:${user.id}`), 30_000);
    expect(await keyDeleted(`email:${address}`)).toBe(true);
    await eventually(async () => (await fanEmails()).length === 0, 30_000);

    // The same address signs up again: its new signup is on the list with its address, the erased one is not.
    await signUpFan(address, 2);
    await eventually(async () => (await fanEmails()).length === 1, 30_000);
    // The tombstone was not used again: it is still the first key of the address, deleted.
    expect(await keyDeleted(`email:${address}`)).toBe(true);

    // And a new account of it reads its address, in the answer and in the users view.
    expect((await api('/api/auth/smart-signin', { method: 'POST', json: { email: address } })).status).toBe(200);
    const { code } = await signInMail(address, 2);
    const again = await api('/api/auth/verify-code', { method: 'POST', json: { email: address, code } });
    expect(again).toMatchObject({ status: 200, body: { user: { email: address } } });
    expect(again.body.user.id).not.toBe(user.id);
    const me = await eventually(async () => {
      const res = await api('/api/users/me', { headers: asBrowser(sessionCookieOf(again.headers)!) });
      return res.status === 200 && res.body;
    });
    expect(me).toMatchObject({ email: address, emailVerified: true });
    expect((await fanEmails()).length).toBe(1);
  });
});

/** The dashboard of today, as the admin's page reads it. */
const today = () => new Date().toISOString().slice(0, 10);
const dashboard = async (admin: TestListener) => {
  const answer = await admin.call(`/api/admin/dashboard?from=${today()}&to=${today()}`);
  expect(answer.status).toBe(200);
  return (answer.body as DashboardAnswer).current;
};
/** The $20 tier, which no other test subscribes to: its figures move only with this test's member. */
const tier20 = async (admin: TestListener) => (await dashboard(admin)).membership.tiers.find((t) => t.tierDollars === 20)!;

describe('deleting the account of a Toko+ member', () => {
  it('cancels the subscription at Stripe, and the dashboard and People page count the member as gone, once', async () => {
    const admin = await signedInAdmin();
    const before = await tier20(admin);
    const member = await newPerson('leaving-member');
    const started = await member.api('/api/subscription/checkout', { method: 'POST', json: { amount: 20 } });
    const paid = await sandbox(`/sandbox/checkout/sessions/${started.body.sessionId}/pay`, { email: member.email });
    const subscriptionId = paid.session.subscription as string;
    await eventually(async () => (await tier20(admin)).activeMembers === before.activeMembers + 1, 30_000);
    await eventually(async () => (await admin.call(`/api/admin/users/${member.userId}`)).body.user.tier === 'toko_plus', 20_000);

    await deleteAccount({ authorization: `Bearer ${member.token}`, origin: baseUrl() });

    // Stripe has the subscription cancelled, and its webhook of the cancellation was delivered and applied.
    const atStripe = async () => {
      const res = await fetch(`${inject('stripeSandboxUrl')}/v1/subscriptions/${subscriptionId}`, {
        headers: { authorization: 'Bearer sk_test_erasure' },
      });
      return (await res.json()) as { status: string; cancellation_details: { reason: string | null } };
    };
    await eventually(async () => (await atStripe()).status === 'canceled', 30_000);
    expect((await atStripe()).cancellation_details.reason).toBe('cancellation_requested');
    await eventually(async () => {
      const { events, deliveries } = (await (await fetch(`${inject('stripeSandboxUrl')}/sandbox/events`)).json()) as {
        events: { id: string; type: string; data: { object: { id: string } } }[];
        deliveries: { eventId: string; status: number }[];
      };
      const deleted = events.find((e) => e.type === 'customer.subscription.deleted' && e.data.object.id === subscriptionId);
      return deleted && deliveries.some((d) => d.eventId === deleted.id && d.status === 200);
    }, 30_000);

    const facts = (await readStream(`user#${member.userId}`)).map((e) => e.type).filter((t) => /^Subscription(Cancelled|Ended)$/.test(t));
    expect(facts).toEqual(['SubscriptionCancelled', 'SubscriptionEnded']);
    const after = await eventually(async () => {
      const tier = await tier20(admin);
      return tier.activeMembers === before.activeMembers && tier;
    }, 30_000);
    expect(after).toMatchObject({
      mrrCents: before.mrrCents,
      cancelledMembers: before.cancelledMembers + 1,
      endedMembers: before.endedMembers + 1,
      newMembers: before.newMembers + 1,
    });
    await eventually(async () => (await admin.call(`/api/admin/users/${member.userId}`)).body.user.tier === 'free', 20_000);
  });
});
