/** Helpers for the commerce tests: signed-in people, the Stripe sandbox's admin endpoints, the local inbox. */
import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { expect, inject } from 'vitest';
import { issueSessionToken } from '../../functions/platform/session.js';
import { signInWithEmail } from '../../functions/accounts/users.js';
import { api, eventually } from './cloud.js';
import { dynamoEventStore } from '../../functions/platform/event-store.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The project's Stripe sandbox (its /sandbox/ admin endpoints pay, renew, cancel and end). */
    stripeSandboxUrl: string;
  }
}

export interface Person {
  userId: string;
  email: string;
  token: string;
  /** Calls the API as this person (bearer token). */
  api: typeof api;
}

/** A new account, signed in as the e-mail code sign-in does it (call useCloudEnv() first). */
export async function newPerson(name = 'fan'): Promise<Person> {
  const email = `${name}-${randomUUID().slice(0, 8)}@example.com`;
  const { user, sessionId } = await signInWithEmail(email, 'email_code', null, {
    actor: 'test',
    correlationId: randomUUID(),
    eventStore: dynamoEventStore,
  });
  const token = await issueSessionToken({ userId: user.id, sessionId });
  return {
    userId: user.id,
    email,
    token,
    api: (path, init = {}) =>
      api(path, { ...init, headers: { authorization: `Bearer ${token}`, ...(init.headers as Record<string, string> | undefined) } }),
  };
}

export interface SandboxEvent {
  id: string;
  type: string;
  data: { object: { id: string; payment_intent?: string } };
}

/** A buyer who paid for the album through the sandbox (webhooks delivered), with a download link that works. */
export async function paidBuyer(albumId: string) {
  const buyer = await newPerson('refund');
  const started = await buyer.api('/api/cart/checkout', {
    method: 'POST',
    json: { cartItems: [{ albumId }], includeSubscription: false },
  });
  expect(started.status).toBe(200);
  const paid = await sandbox(`/sandbox/checkout/sessions/${started.body.sessionId}/pay`, { email: buyer.email });
  expect(paid.statuses).toEqual([200]);
  const link: string = await eventually(async () => (await buyer.api('/api/library/purchased-albums')).body[0]?.shopifyZipUrl, 30_000);
  expect((await buyer.api(link, { redirect: 'manual' })).status).toBe(302);
  return { buyer, orderId: started.body.orderId as string, link, checkoutEvent: paid.events[0] as SandboxEvent };
}

export async function sandbox(path: string, body: unknown = {}) {
  const res = await fetch(inject('stripeSandboxUrl') + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`sandbox ${path}: ${res.status} ${await res.text()}`);
  return res.json();
}

/** Signs a payload as Stripe does, with the cloud's webhook secret; `timestamp` makes a stale one. */
export function stripeSignature(payload: string, timestamp?: number) {
  return Stripe.webhooks.generateTestHeaderString({
    payload,
    secret: inject('cloudEnv').STRIPE_WEBHOOK_SECRET,
    ...(timestamp ? { timestamp } : {}),
  });
}

export async function deliverWebhook(payload: string, signature = stripeSignature(payload)) {
  return api('/api/stripe/webhook', {
    method: 'POST',
    body: payload,
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
  });
}

export interface InboxMail {
  to: string[];
  subject: string;
  text: string;
}

/** Every mail the local inbox holds for this address. */
export async function mailTo(address: string): Promise<InboxMail[]> {
  const res = await fetch(`${inject('inboxUrl')}/store`);
  const store = (await res.json()) as { emails: { destination: { to: string[] }; subject: string; body: { text?: string } }[] };
  return store.emails
    .filter((m) => m.destination.to.includes(address))
    .map((m) => ({ to: m.destination.to, subject: m.subject, text: m.body.text ?? '' }));
}
