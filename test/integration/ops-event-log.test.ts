/**
 * The event log in the sync manager, over HTTP against the local cloud: streams found by id or by a listener's e-mail,
 * a stream read a page at a time, and one correlation id followed from a purchase's checkout to its receipt mail.
 * Unknown ids get 404, bad input 400, listeners 403.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { libraryStream } from '../../functions/library/domain/library.js';
import { userStream } from '../../functions/accounts/domain/user.js';
import { appendToStream } from '../../functions/platform/event-store.js';
import { albums as seededAlbums } from '../../infra/seed/catalogue.js';
import { eventually, useCloudEnv } from '../support/cloud.js';
import { mailTo, newPerson, paidBuyer } from '../support/commerce.js';
import { signedInAdmin, type TestListener } from '../support/signed-in.js';

const ALBUM = 'album-after-hours';

let admin: TestListener;
beforeAll(async () => {
  useCloudEnv();
  admin = await signedInAdmin();
});

const query = (path: string, params: Record<string, string | number>) =>
  `${path}?${new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString()}`;

describe('the sync manager: the event log', () => {
  it("never shows an admin's secrets: the password hash, the sealed TOTP secret and the recovery code hashes read as redacted", async () => {
    const other = await signedInAdmin();
    const page = await admin.call(query('/api/admin/ops/events', { stream: userStream(other.userId), limit: 50 }));
    expect(page.status).toBe(200);
    const byType = (type: string) => page.body.events.find((e: { type: string }) => e.type === type)?.data;
    expect(byType('PasswordSet')).toEqual({ userId: other.userId, passwordHash: '(secret)' });
    expect(byType('AdminTotpEnrolled')).toEqual({ userId: other.userId, secretCiphertext: '(secret)', recoveryCodeHashes: '(secret)' });
    expect(byType('UserRoleChanged')).toEqual({ userId: other.userId, role: 'admin', permissions: ['owner'] });
  });

  it("finds a listener's streams by e-mail and reads a stream's events with data and meta, a page at a time", async () => {
    const person = await newPerson('log');
    const free = seededAlbums.filter((a) => a.requiredTier === 'free' && !a.isDummyAlbum).slice(0, 3);
    const correlationId = `log-${randomUUID()}`;
    await appendToStream(
      libraryStream(person.userId),
      0,
      free.map((a) => ({ type: 'LibraryAlbumAdded' as const, data: { userId: person.userId, albumId: a.albumId } })),
      { actor: person.userId, correlationId },
    );

    const found = await admin.call(query('/api/admin/ops/streams', { q: person.email.toUpperCase() }));
    expect(found.status).toBe(200);
    expect(found.body).toMatchObject({ kind: 'listener', userId: person.userId });
    expect(found.body.streams).toEqual(
      expect.arrayContaining([
        { streamId: userStream(person.userId), version: expect.any(Number) },
        { streamId: libraryStream(person.userId), version: 3 },
      ]),
    );
    const byId = await admin.call(query('/api/admin/ops/streams', { q: libraryStream(person.userId) }));
    expect(byId.body).toEqual({ kind: 'stream', userId: null, streams: [{ streamId: libraryStream(person.userId), version: 3 }] });

    const first = await admin.call(query('/api/admin/ops/events', { stream: libraryStream(person.userId), limit: 2 }));
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ streamId: libraryStream(person.userId), version: 3, nextAfter: 2 });
    expect(first.body.events.map((e: { version: number }) => e.version)).toEqual([1, 2]);
    expect(first.body.events[0]).toMatchObject({
      type: 'LibraryAlbumAdded',
      schemaVersion: 1,
      data: { userId: person.userId, albumId: free[0].albumId },
      meta: { actor: person.userId, correlationId, eventId: expect.any(String), at: expect.any(String) },
    });
    const rest = await admin.call(query('/api/admin/ops/events', { stream: libraryStream(person.userId), after: 2, limit: 2 }));
    expect(rest.body.events.map((e: { version: number }) => e.version)).toEqual([3]);
    expect(rest.body.nextAfter).toBeNull();

    // Personal fields are opened for the console, as every reader of the log gets them.
    const account = await admin.call(query('/api/admin/ops/events', { stream: userStream(person.userId) }));
    expect(account.body.events[0]).toMatchObject({ type: 'UserRegistered', data: { email: person.email } });
  });

  it('answers 404 for unknown streams, listeners and correlation ids, 400 for bad input, 403 for listeners', async () => {
    const unknown = randomUUID();
    for (const path of [
      query('/api/admin/ops/streams', { q: `nobody-${unknown}@example.com` }),
      query('/api/admin/ops/streams', { q: `order#${unknown}` }),
      query('/api/admin/ops/streams', { q: unknown }),
      query('/api/admin/ops/events', { stream: `user#${unknown}` }),
      `/api/admin/ops/traces/${unknown}`,
    ]) {
      const res = await admin.call(path);
      expect(res.status, path).toBe(404);
      expect(res.body.error, path).toBeTypeOf('string');
    }
    const notIndexed = await admin.call(`/api/admin/ops/traces/${unknown}`);
    expect(notIndexed.body.message).toMatch(/not indexed/);

    for (const path of [
      query('/api/admin/ops/streams', { q: '' }),
      '/api/admin/ops/streams',
      query('/api/admin/ops/events', { stream: 'not a stream' }),
      query('/api/admin/ops/events', { stream: `user#${unknown}`, limit: 0 }),
      query('/api/admin/ops/events', { stream: `user#${unknown}`, limit: 101 }),
      query('/api/admin/ops/events', { stream: `user#${unknown}`, after: -1 }),
    ]) {
      expect((await admin.call(path)).status, path).toBe(400);
    }

    const listener = await newPerson('nosy');
    for (const path of [
      query('/api/admin/ops/streams', { q: listener.email }),
      query('/api/admin/ops/events', { stream: userStream(listener.userId) }),
      `/api/admin/ops/traces/${unknown}`,
    ]) {
      expect((await listener.api(path)).status, path).toBe(403);
    }
  });

  it("follows one correlation id from a purchase's checkout to its receipt mail", async () => {
    const { buyer, orderId } = await paidBuyer(ALBUM);
    const order = await admin.call(query('/api/admin/ops/events', { stream: `order#${orderId}` }));
    expect(order.status).toBe(200);
    const started = order.body.events.find((e: { type: string }) => e.type === 'CheckoutStarted');
    expect(started.meta.actor).toBe(buyer.userId);
    const correlationId: string = started.meta.correlationId;

    // The checkout's request, the webhook's completion under the same id, and every consumer's effect.
    const trace = await eventually(
      async () => {
        const res = await admin.call(`/api/admin/ops/traces/${encodeURIComponent(correlationId)}`);
        if (res.status !== 200) return undefined;
        const body = res.body as {
          events: { type: string; streamId: string; effects: { consumer: string; status: string; detail: string | null }[] }[];
          mails: { consumer: string; effect: string; status: string }[];
        };
        const waiting = body.events.flatMap((e) =>
          e.effects.filter((f) => f.status === 'pending' || f.status === 'running').map((f) => `${e.type} ${f.consumer}`),
        );
        if (!body.events.some((e) => e.type === 'PurchaseCompleted') || waiting.length || !body.mails.length)
          throw new Error(`not settled: ${body.events.map((e) => e.type).join(', ')}; waiting: ${waiting.join(', ')}`);
        return res.body;
      },
      60_000,
      500,
    );
    expect(trace.correlationId).toBe(correlationId);
    expect(trace.request).toEqual({ actor: buyer.userId, at: started.meta.at, route: 'POST /api/cart/checkout' });
    expect(trace.events[0]).toMatchObject({ type: 'CheckoutStarted', streamId: `order#${orderId}` });
    const completed = trace.events.find((e: { type: string }) => e.type === 'PurchaseCompleted');
    expect(completed).toMatchObject({ streamId: `order#${orderId}`, meta: { actor: 'stripe', correlationId } });
    expect(completed.effects).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ consumer: 'commerce', kind: 'projector', status: 'applied' }),
        expect.objectContaining({ consumer: 'receipts', kind: 'reactor', status: 'done', detail: `mail receipt#${orderId}` }),
      ]),
    );
    expect(trace.mails).toContainEqual({ consumer: 'receipts', effect: `receipt#${orderId}`, status: 'done' });
    // The mail the trace names reached the buyer.
    const receipts = await eventually(async () => {
      const mails = (await mailTo(buyer.email)).filter((m) => m.text.includes(orderId));
      return mails.length ? mails : undefined;
    }, 20_000);
    expect(receipts).toHaveLength(1);
  });
});
