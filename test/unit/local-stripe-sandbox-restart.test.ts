/** The Stripe sandbox goes on delivering, after a restart on its state file, the webhooks the app had not yet answered 2xx. */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newWebhookSecret, startStripeSandbox, type StripeSandbox } from '../../infra/local/stripe-sandbox/index.js';
import { eventually } from '../faults/support.js';

/** Our webhook endpoint: answers `status` and keeps each event id it is sent. */
let status = 503;
const received: string[] = [];
let app: http.Server;
let appUrl: string;
let dir: string;
beforeAll(async () => {
  app = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      received.push((JSON.parse(body) as { id: string }).id);
      res.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => app.listen(0, '127.0.0.1', resolve));
  appUrl = `http://127.0.0.1:${(app.address() as AddressInfo).port}`;
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'toko-stripe-sandbox-'));
});
afterAll(async () => {
  await new Promise((resolve) => app.close(resolve));
  fs.rmSync(dir, { recursive: true, force: true });
});

const start = (webhookRetryDelaysMs: number[]) =>
  startStripeSandbox({
    port: 0,
    appOrigin: appUrl,
    webhookUrl: `${appUrl}/api/stripe/webhook`,
    webhookSecret: newWebhookSecret(),
    stateFile: path.join(dir, 'stripe-sandbox.json'),
    webhookRetryDelaysMs,
  });

async function paidSession(sandbox: StripeSandbox, deliver: boolean): Promise<string[]> {
  const stripe = new Stripe('sk_test_x', { host: '127.0.0.1', port: sandbox.port, protocol: 'http' });
  const session = await stripe.checkout.sessions.create({
    mode: 'subscription',
    line_items: [{ price: 'price_TokoPlus5', quantity: 1 }],
    customer_email: 'restart@example.com',
    success_url: `${appUrl}/done`,
    cancel_url: `${appUrl}/back`,
  });
  const paid = await fetch(`${sandbox.url}/sandbox/checkout/sessions/${session.id}/pay`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ deliver }),
  });
  return ((await paid.json()) as { events: { id: string }[] }).events.map((e) => e.id);
}

describe('the Stripe sandbox, restarted', () => {
  it('delivers again the webhooks the app failed before the restart, and neither those it took nor those held back', async () => {
    // No retry before the restart; right away after it.
    const first = await start([60_000]);
    status = 200;
    const taken = await paidSession(first, true);
    const heldBack = await paidSession(first, false);
    status = 503;
    const failed = await paidSession(first, true);
    expect(received).toEqual([...taken, ...failed]);
    await first.stop();

    status = 200;
    received.length = 0;
    const second = await start([50]);
    second.resumeWebhooks();
    await eventually(() => Promise.resolve(received.length >= failed.length), 10_000);
    await new Promise((r) => setTimeout(r, 1_500));
    await second.stop();
    expect(received.sort()).toEqual([...failed].sort());
    expect(received).not.toContain(heldBack[0]);
  });
});
