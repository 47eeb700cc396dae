/**
 * The app under injected faults, on a local cloud of its own with a small catalogue of its own (publishFaultCatalogue),
 * whose handlers reach DynamoDB, SQS, SES, the Stripe API, and whose webhooks reach the app, through fault proxies
 * (infra/local/fault-proxy.ts):
 *  - plays, purchases and library changes under 10 % DynamoDB throttling and 5 % SQS failures;
 *  - mail while SES is down;
 *  - a Stripe webhook our endpoint failed, retried by Stripe.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seededRandom } from '../../infra/local/fault-proxy.js';
import type { LocalCloud } from '../../infra/local/cloud.js';
import {
  call,
  callUntilAccepted,
  eventually,
  newPeople,
  newPerson,
  pool,
  publishFaultCatalogue,
  queueDepths,
  shuffled,
  startFaultCloud,
  startPlays,
  Tally,
  type Answer,
  type FaultCatalogue,
  type Person,
} from './support.js';

// Enough requests that a tenth of DynamoDB's calls (thousands: about 6,500 with these) meet a throttle on every path:
// appends, projections, checkpoints, effects. More plays prove nothing more and only take longer.
const PLAYS = 400;
const PURCHASES = 50;
const LIBRARIES = 20;
const CHANGES_EACH = 10;

let cloud: LocalCloud;
let catalogue: FaultCatalogue;
beforeAll(async () => {
  cloud = await startFaultCloud();
  catalogue = await publishFaultCatalogue('load');
  // In the catalogue before the load: a play counts on its album, a checkout prices the album from its view.
  expect(await cloud.waitForIdle(60_000)).toBe(true);
}, 600_000);
afterAll(() => cloud?.stop());

const app = (route: string, init: RequestInit & { json?: unknown } = {}) => call(cloud.url, route, init);
const as = (person: Person, route: string, init: RequestInit & { json?: unknown } = {}) =>
  app(route, { ...init, headers: { ...person.headers, ...(init.headers as Record<string, string>) } });
const playCount = async (albumId: string) => (await app(`/api/albums/${albumId}`)).body.playCount as number;
const purchased = async (buyer: Person) =>
  ((await as(buyer, '/api/library/purchased-albums')).body as { albumId: string }[]).map((p) => p.albumId);

/** Starts a checkout of the paid album and pays it on the sandbox's page (which sends the webhook); answers the sandbox's delivery statuses. */
async function buy(buyer: Person, tally: Tally): Promise<{ accepted: boolean; statuses: number[] }> {
  const started = await callUntilAccepted(tally, () =>
    as(buyer, '/api/cart/checkout', {
      method: 'POST',
      json: { cartItems: [{ albumId: catalogue.paidAlbum }], includeSubscription: false },
    }),
  );
  if (started.status !== 200) return { accepted: false, statuses: [] };
  const paid = await fetch(`${cloud.stripeUrl}/sandbox/checkout/sessions/${started.body.sessionId}/pay`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: buyer.email }),
  });
  expect(paid.status).toBe(200);
  return { accepted: true, statuses: ((await paid.json()) as { statuses: number[] }).statuses };
}

describe('under 10 % DynamoDB throttling and 5 % SQS failures', () => {
  it('lands every accepted play, purchase and library change exactly once, answers no 500, and drains every queue', async () => {
    const faults = cloud.faults!;
    const random = seededRandom(16);
    const { freeAlbums, paidAlbum } = catalogue;
    const tracks = await Promise.all(
      freeAlbums.slice(0, 2).map(async (albumId) => ({ albumId, track: (await app(`/api/albums/${albumId}/tracks`)).body.tracks[0] })),
    );
    const before = new Map(await Promise.all(tracks.map(async (t) => [t.albumId, await playCount(t.albumId)] as const)));
    // Each play a guest of its own, started before the faults as a player starts it, reported under them; the people
    // are made while the plays wait to count.
    const playsStarted = startPlays(
      cloud.url,
      Array.from({ length: PLAYS }, (_, i) => tracks[i % tracks.length]),
    );
    const buyers = await newPeople(PURCHASES, 'buyer');
    const listeners = await newPeople(LIBRARIES, 'library');
    const startedPlays = await playsStarted;

    // The proxies count from the cloud's start; the rates below apply to what they see from here on.
    const unfaulted = faults.stats();
    faults.set('dynamodb', { throttle: 0.1 });
    faults.set('sqs', { throttle: 0.025, error: 0.025 });
    const tally = new Tally();
    const acceptedPlays = new Map(tracks.map((t) => [t.albumId, 0]));
    const boughtBy = new Set<Person>();
    const expectedLibrary = new Map(listeners.map((l) => [l, new Set<string>()]));
    const unexpected: Answer[] = [];

    const plays = Array.from({ length: PLAYS }, (_, i) => async () => {
      const { albumId, headers, json } = startedPlays[i];
      const answer = await callUntilAccepted(tally, () => app('/api/track-play', { method: 'POST', headers, json }));
      if (answer.status === 202) acceptedPlays.set(albumId, acceptedPlays.get(albumId)! + 1);
      else if (answer.status !== 503) unexpected.push(answer);
    });
    const purchases = buyers.map((buyer) => async () => {
      if ((await buy(buyer, tally)).accepted) boughtBy.add(buyer);
    });
    // Each listener's changes run in order (the expected library is the last change per album); listeners run side by side.
    const libraries = listeners.map((listener) => async () => {
      for (let i = 0; i < CHANGES_EACH; i++) {
        const albumId = freeAlbums[Math.floor(random() * freeAlbums.length)];
        const add = random() < 0.6;
        const answer = await callUntilAccepted(tally, () =>
          as(listener, add ? '/api/library/add-album' : '/api/library/remove-album', {
            method: add ? 'POST' : 'DELETE',
            json: { albumId },
          }),
        );
        if (answer.status === 200) expectedLibrary.get(listener)![add ? 'add' : 'delete'](albumId);
        else if (answer.status !== 503) unexpected.push(answer);
      }
    });
    const started = performance.now();
    await pool(shuffled([...plays, ...purchases, ...libraries], random), 16);
    const loadSeconds = (performance.now() - started) / 1000;

    // The purchases' webhooks that met a throttle are retried by the sandbox as Stripe retries them.
    for (const buyer of boughtBy) await eventually(async () => (await purchased(buyer)).length > 0, 120_000);
    expect(await cloud.waitForIdle(180_000)).toBe(true);
    const counted = faults.stats();
    const since = (target: 'dynamodb' | 'sqs') => ({
      requests: counted[target].requests - unfaulted[target].requests,
      injected: Object.fromEntries(
        Object.entries(counted[target].injected).map(([kind, n]) => [
          kind,
          n - unfaulted[target].injected[kind as keyof typeof counted.dynamodb.injected],
        ]),
      ) as typeof counted.dynamodb.injected,
    });
    const stats = { dynamodb: since('dynamodb'), sqs: since('sqs') };
    faults.clear();

    console.log(
      `[faults] ${PLAYS} plays, ${PURCHASES} purchases, ${LIBRARIES * CHANGES_EACH} library changes in ${loadSeconds.toFixed(0)} s; answers ${JSON.stringify(
        Object.fromEntries(tally.statuses),
      )}; injected: dynamodb ${JSON.stringify(stats.dynamodb.injected)} of ${stats.dynamodb.requests}, sqs ${JSON.stringify(stats.sqs.injected)} of ${stats.sqs.requests}`,
    );
    expect(stats.dynamodb.injected.throttle).toBeGreaterThan(stats.dynamodb.requests * 0.08);
    expect(stats.sqs.injected.throttle + stats.sqs.injected.error).toBeGreaterThan(0);
    expect(unexpected.map((a) => `${a.status} ${JSON.stringify(a.body)}`)).toEqual([]);
    expect(tally.serverErrors()).toBe(0);
    expect(tally.unavailableWithoutRetryAfter).toBe(0);

    for (const { albumId } of tracks) expect(await playCount(albumId), albumId).toBe(before.get(albumId)! + acceptedPlays.get(albumId)!);
    expect(boughtBy.size).toBeGreaterThanOrEqual(PURCHASES - 2);
    for (const buyer of buyers) expect(await purchased(buyer)).toEqual(boughtBy.has(buyer) ? [paidAlbum] : []);
    for (const [listener, albums] of expectedLibrary) {
      const library = ((await as(listener, '/api/library/albums')).body as { id: string }[]).map((a) => a.id);
      expect(library.sort()).toEqual([...albums].sort());
    }
    const { dlqs } = await queueDepths(cloud.endpoints.sqs);
    expect(Object.entries(dlqs).filter(([, depth]) => depth > 0)).toEqual([]);
  }, 900_000);
});

describe('with SES down', () => {
  it('delivers the mail once SES is back', async () => {
    const faults = cloud.faults!;
    const email = `ses-down-${Date.now()}@example.com`;
    const mails = async () => {
      const store = (await (await fetch(`${cloud.inboxUrl}/store`)).json()) as {
        emails: { destination: { to: string[] }; subject: string }[];
      };
      return store.emails.filter((m) => m.destination.to.includes(email));
    };
    faults.set('ses', { error: 0.5, drop: 0.5 });
    const sent = await app('/api/auth/smart-signin', { method: 'POST', json: { email } });
    expect(sent.status).toBe(200);
    // More tries than the SDK makes in one delivery: the mail job has gone back to its queue at least once.
    await eventually(() => Promise.resolve(faults.stats().ses.requests > 3), 30_000);
    expect(await mails()).toEqual([]);
    faults.set('ses', {});
    await eventually(async () => (await mails()).length > 0, 60_000);
    expect(await cloud.waitForIdle(60_000)).toBe(true);
    expect(await mails()).toHaveLength(1);
    expect((await queueDepths(cloud.endpoints.sqs)).dlqs.mailer).toBe(0);
  }, 120_000);
});

describe('when our webhook fails', () => {
  it("applies the purchase once after Stripe's retries: an answer lost after the app applied it, then a 500, then a 200", async () => {
    const faults = cloud.faults!;
    const buyer = await newPerson('webhook');
    faults.set('webhook', { lost: 1 });
    const { accepted, statuses } = await buy(buyer, new Tally());
    expect(accepted).toBe(true);
    expect(statuses).toEqual([0]);
    faults.set('webhook', { error: 1 });
    await eventually(() => Promise.resolve(faults.stats().webhook.injected.error > 0), 30_000);
    faults.set('webhook', {});
    const events = async () =>
      ((await (await fetch(`${cloud.stripeUrl}/sandbox/events`)).json()) as { deliveries: { eventId: string; status: number }[] })
        .deliveries;
    const eventId = (await events()).at(-1)!.eventId;
    await eventually(async () => (await events()).some((d) => d.eventId === eventId && d.status === 200), 30_000);
    expect((await events()).filter((d) => d.eventId === eventId).map((d) => d.status)).toEqual([0, 500, 200]);
    expect(await cloud.waitForIdle(60_000)).toBe(true);
    expect(await purchased(buyer)).toEqual([catalogue.paidAlbum]);
  }, 120_000);
});
