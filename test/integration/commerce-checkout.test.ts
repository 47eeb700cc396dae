import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { signedDownloadPath } from '../../functions/commerce/commerce.js';
import { api, eventually, useCloudEnv } from '../support/cloud.js';
import { mailTo, newPerson, type Person } from '../support/commerce.js';

const ALBUM = 'album-after-hours';
const dir = mkdtempSync(join(tmpdir(), 'toko-downloads-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('album checkout through the Stripe sandbox', () => {
  let buyer: Person;
  let other: Person;
  let sessionId: string;
  beforeAll(async () => {
    useCloudEnv();
    [buyer, other] = await Promise.all([newPerson('buyer'), newPerson('other')]);
  });

  it('creates an embedded checkout session with the real Stripe SDK, priced by the catalogue', async () => {
    await buyer.api('/api/cart/add', { method: 'POST', json: { albumId: ALBUM } });
    const started = await buyer.api('/api/cart/checkout', {
      method: 'POST',
      json: { cartItems: [{ albumId: ALBUM, basePrice: 0.01 }], includeSubscription: false },
    });
    expect(started.status).toBe(200);
    expect(started.body).toMatchObject({
      clientSecret: expect.stringContaining('_secret_'),
      sessionId: expect.stringMatching(/^cs_test_/),
      total: 9.99,
      // The sandbox's own page stands in for the embedded form; with no publishable key, Stripe.js is not used.
      checkoutUrl: expect.stringContaining('/pay/cs_test_'),
      publishableKey: null,
    });
    sessionId = started.body.sessionId;
    const env = inject('cloudEnv');
    const stripe = new Stripe(env.STRIPE_SECRET_KEY, { host: env.STRIPE_API_HOST, port: Number(env.STRIPE_API_PORT), protocol: 'http' });
    const session = await stripe.checkout.sessions.retrieve(sessionId, { expand: ['line_items'] });
    expect(session.amount_total).toBe(999);
    expect(session.line_items?.data.map((li) => li.description)).toEqual(['After Hours']);
    const pending = await buyer.api(`/api/purchases/check-session/${sessionId}`);
    expect(pending.body).toMatchObject({ success: false, purchases: [] });
  });

  it('pays on the hosted page: the Pay button completes the session, sends the webhook, returns to the app', async () => {
    const page = await fetch(`${inject('stripeSandboxUrl')}/pay/${sessionId}`);
    const html = await page.text();
    expect(html).toContain('After Hours');
    expect(html).toContain('Pay $9.99');
    const paid = await fetch(`${inject('stripeSandboxUrl')}/pay/${sessionId}`, {
      method: 'POST',
      body: new URLSearchParams({ email: buyer.email, action: 'pay' }),
      redirect: 'manual',
    });
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(`${inject('baseUrl')}/checkout/success?session_id=${sessionId}`);
    const result = await buyer.api(`/api/purchases/check-session/${sessionId}`);
    expect(result.body).toMatchObject({ success: true, total: 9.99, purchases: [{ albumId: ALBUM, albumTitle: 'After Hours' }] });
    const verified = await buyer.api('/api/stripe/verify-cart-purchase', { method: 'POST', json: { sessionId } });
    expect(verified.body.purchases).toHaveLength(1);
  });

  it('records the purchase, empties the cart of it, mails one receipt and refuses to sell it again', async () => {
    const purchases = await eventually(async () => {
      const res = await buyer.api('/api/purchases');
      return res.body.purchases.length ? res.body.purchases : null;
    });
    expect(purchases).toEqual([
      expect.objectContaining({ albumId: ALBUM, title: 'After Hours', purchasePrice: 9.99, artistName: 'Sol & Ember' }),
    ]);
    expect((await buyer.api('/api/cart')).body).toEqual([]);
    const receipts = await eventually(async () => {
      const mails = (await mailTo(buyer.email)).filter((m) => m.subject.includes('receipt'));
      return mails.length ? mails : null;
    });
    expect(receipts).toHaveLength(1);
    expect(receipts[0].text).toContain('After Hours');
    const again = await buyer.api('/api/cart/add', { method: 'POST', json: { albumId: ALBUM } });
    expect(again).toMatchObject({ status: 409, body: { message: 'You already own this album' } });
  });

  it('lets the buyer download a valid ZIP through a short-lived signed URL', async () => {
    const album = await eventually(
      async () => {
        const list = (await buyer.api('/api/library/purchased-albums')).body as { albumId: string; shopifyZipUrl: string | null }[];
        const found = list.find((a) => a.albumId === ALBUM);
        return found?.shopifyZipUrl ? found : null;
      },
      90_000,
      500,
    );
    expect(album.shopifyZipUrl).toMatch(/^\/api\/downloads\/album-after-hours\?expires=\d+&signature=/);
    const redirect = await buyer.api(album.shopifyZipUrl!, { redirect: 'manual' });
    expect(redirect.status).toBe(302);
    const location = redirect.headers.get('location')!;
    expect(location).toMatch(/X-Amz-Signature=/);
    expect(location).toMatch(/X-Amz-Expires=300/);
    const zip = Buffer.from(await (await fetch(location)).arrayBuffer());
    const file = join(dir, 'after-hours.zip');
    writeFileSync(file, zip);
    expect(execFileSync('unzip', ['-t', file], { encoding: 'utf8' })).toMatch(/No errors detected/);
    const names = execFileSync('unzip', ['-Z1', file], { encoding: 'utf8' }).trim().split('\n');
    expect(names).toContain('cover.jpg');
    expect(names).toContain('MP3/01 Doors at Ten.mp3');
    expect(names).toContain('WAV/07 Sunrise Set.wav');
    expect(names).toContain('Instrumentals/07 Sunrise Set (Instrumental).wav');
    expect(names).toContain('README.txt');
  });

  it('keeps purchases, sessions and downloads to their buyer', async () => {
    expect((await other.api('/api/purchases')).body.purchases).toEqual([]);
    expect((await other.api('/api/library/purchased-albums')).body).toEqual([]);
    expect((await other.api(`/api/purchases/check-session/${sessionId}`)).status).toBe(404);
    const buyersLink = signedDownloadPath(buyer.userId, ALBUM, new Date());
    expect((await other.api(buyersLink, { redirect: 'manual' })).status).toBe(403);
    const ownLinkUnbought = signedDownloadPath(other.userId, ALBUM, new Date());
    expect(await other.api(ownLinkUnbought, { redirect: 'manual' })).toMatchObject({ status: 403, body: { error: 'not_purchased' } });
    expect((await api(buyersLink, { redirect: 'manual' })).status).toBe(401);
  });

  it('requires the signature and honours the expiry of a download link', async () => {
    const unsigned = `/api/downloads/${ALBUM}`;
    expect((await buyer.api(unsigned, { redirect: 'manual' })).status).toBe(400);
    const tampered = signedDownloadPath(buyer.userId, ALBUM, new Date()).replace(/expires=(\d+)/, (_m, n) => `expires=${Number(n) + 3600}`);
    expect(await buyer.api(tampered, { redirect: 'manual' })).toMatchObject({ status: 403, body: { error: 'invalid_signature' } });
    const expired = signedDownloadPath(buyer.userId, ALBUM, new Date(Date.now() - 60 * 60 * 1000));
    expect(await buyer.api(expired, { redirect: 'manual' })).toMatchObject({ status: 410, body: { error: 'link_expired' } });
  });

  it('falls back to a hosted checkout URL, and adds the $5 plan at the member price', async () => {
    const fan = await newPerson('fan');
    const hosted = await fan.api('/api/simple-checkout', { method: 'POST', json: { cartItems: [{ albumId: 'album-paper-satellites' }] } });
    expect(hosted.body.checkoutUrl).toBe(`${inject('stripeSandboxUrl')}/pay/${hosted.body.sessionId}`);
    const withPlan = await fan.api('/api/cart/checkout', {
      method: 'POST',
      json: { cartItems: [{ albumId: 'album-paper-satellites' }], includeSubscription: true },
    });
    expect(withPlan.body).toMatchObject({ total: 11.99, pricing: 'subscriber_with_plan' });
    expect((await fan.api('/api/cart/checkout', { method: 'POST', json: { cartItems: [] } })).body).toMatchObject({ error: 'empty_cart' });
  });

  it('reads a Stripe product', async () => {
    const product = await api('/api/stripe/product/prod_TokoAfterHours');
    expect(product.body).toMatchObject({
      success: true,
      product: { name: 'After Hours', images: [expect.stringMatching(/album-after-hours\.jpg$/)] },
    });
    expect((await api('/api/stripe/product/prod_nope')).status).toBe(404);
  });
});
