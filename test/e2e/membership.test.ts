/**
 * Browser journeys of Toko+ in Chromium, paid in the project's Stripe sandbox: subscribing at $10 from
 * /upgrade on the hosted checkout page, joining on a phone through /subscribe and the checkout overlay's
 * embedded form, the beta coupon's free trial, the exclusive page for members and for guests, video links,
 * member prices, the result pages, cancelling and resuming from /account, and the billing portal on a phone.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { albums, exclusiveVideos } from '../../infra/seed/catalogue.js';
import { useCloudEnv } from '../support/cloud.js';
import { signInCode } from '../support/inbox.js';
import { signedInListener, type TestListener } from '../support/signed-in.js';
import { launch, newPage, signIn, toastShown, viewports } from './browser.js';

const exclusiveAlbums = albums.filter((album) => album.requiredTier === 'toko_plus');
const nightGarden = albums.find((album) => album.albumId === 'album-night-garden')!;
const paperSatellites = albums.find((album) => album.albumId === 'album-paper-satellites')!;
const studioVideo = exclusiveVideos.find((video) => video.slug === 'first-light-in-the-studio')!;

let browser: Browser;
beforeAll(async () => {
  useCloudEnv();
  browser = await launch();
});
afterAll(async () => browser?.close());

/** Screens wait on the network, the webhooks and the lazy chunks of a loaded machine: poll generously. */
const poll = <T>(read: () => Promise<T> | T) => expect.poll(read, { timeout: 20_000 });

/** Only this machine is reachable, as on the test machines: the video site's pictures and player are refused at once. */
const elsewhere = /^https?:\/\/(?!127\.0\.0\.1[:/]|localhost[:/])/;

async function openPage(listener: TestListener | null, viewport: { width: number; height: number } = viewports.desktop) {
  const opened = await newPage(browser, viewport);
  await opened.context.route(elsewhere, (route) => route.abort('internetdisconnected'));
  opened.page.on('pageerror', (error) => console.log(`[page error] ${error.message}`));
  if (listener) await signIn(opened.context, listener);
  return opened;
}

const sandboxPage = new RegExp(`^${inject('stripeSandboxUrl').replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/pay/cs_`);
const portalPage = new RegExp(`^${inject('stripeSandboxUrl').replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/portal/bps_`);
const successPage = (page: Page) => page.locator('[data-testid=subscription-success-page]');
const toast = (page: Page, title: string) => page.locator('[data-testid=toast]', { hasText: title }).first();

/** The header shows Toko+: the badge beside the avatar on a desktop, on the avatar itself on a phone. */
async function expectPlusInHeader(page: Page, phone: boolean) {
  if (phone) await poll(() => page.locator('[data-testid=header-avatar]').getAttribute('aria-label')).toContain('(Toko+)');
  else await page.locator('[data-testid=plus-badge]').waitFor({ timeout: 20_000 });
}

describe('Toko+ in the browser', () => {
  it('a listener subscribes at $10 from /upgrade, becomes a member, plays an exclusive album, sees member prices and cancels', async () => {
    const listener = await signedInListener('free');
    const { page, context } = await openPage(listener);

    await page.goto('/upgrade');
    await page.getByRole('heading', { name: 'Upgrade to Toko+' }).waitFor();
    expect(await page.locator('[data-testid=checkout-email]').textContent()).toBe(listener.email);
    expect(
      await page.locator('[data-testid=plan-tier]').evaluateAll((tiers) => tiers.map((tier) => tier.getAttribute('data-amount'))),
    ).toEqual(['5', '10', '20']);
    await page.getByRole('button', { name: 'Choose $10.00/month' }).click();

    // Stripe's hosted checkout page, as the sandbox serves it: $10 a month, paid with the Pay button.
    await page.waitForURL(sandboxPage, { timeout: 20_000 });
    expect(await page.getByTestId('total').textContent()).toBe('$10.00');
    await page.getByRole('button', { name: 'Pay $10.00' }).click();

    await page.waitForURL(/\/subscription\/success\?session_id=cs_/, { timeout: 20_000 });
    await poll(() => successPage(page).getAttribute('data-state')).toBe('subscribed');
    await page.getByRole('heading', { name: 'Welcome to Toko+!' }).waitFor();
    await poll(() => page.locator('[data-testid=plan-summary]').textContent()).toContain('$10.00/month');
    await expectPlusInHeader(page, false);

    // The exclusive page opens its tabs to a member; the exclusive album plays.
    await page.getByRole('link', { name: 'Explore Exclusive Content' }).click();
    await poll(() => page.locator('[data-testid=exclusive-page]').getAttribute('data-access')).toBe('member');
    await page.getByRole('tab', { name: 'Videos' }).waitFor();
    expect(await page.getByRole('tab', { name: 'Albums' }).getAttribute('aria-selected')).toBe('true');
    await page.getByRole('button', { name: `Play ${nightGarden.title}` }).click();
    await poll(() => page.locator('[data-testid=player-bar]').getAttribute('data-state')).toBe('playing');
    expect(await page.locator('[data-testid=player-track-title]').first().textContent()).toBe(nightGarden.tracks[0].title);

    // A video opens in the player on this page, with the way to the video site beside it.
    await page.getByRole('tab', { name: 'Videos' }).click();
    await page.getByRole('button', { name: `Watch ${studioVideo.title}` }).click();
    await page.waitForURL(new RegExp(`/exclusive\\?video=${studioVideo.videoId}$`));
    const player = page.locator('[data-testid=video-player]');
    await player.getByRole('button', { name: `Play ${studioVideo.title}` }).waitFor();
    expect(await player.getByRole('link', { name: /Watch on YouTube/ }).getAttribute('href')).toBe(
      `https://www.youtube.com/watch?v=${studioVideo.youtubeVideoId}`,
    );

    // Member prices on an album for sale.
    await page.goto(`/album/${paperSatellites.albumId}`);
    await poll(() => page.locator('[data-testid=price-hint]').textContent()).toBe('Your Price: $6.99');
    // And in the cart: the member price, the savings banner, and a total at the member price.
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await toast(page, 'Added to Cart').getByRole('button', { name: 'View Cart' }).click();
    const cart = page.locator('[data-testid=cart-contents]');
    await cart.waitFor({ timeout: 30_000 });
    await poll(() => cart.locator('[data-testid=cart-total]').textContent()).toBe('$6.99');
    expect(await cart.locator('[data-testid=cart-member-savings]').textContent()).toContain('$3.00');
    await page.keyboard.press('Escape');

    // Cancelling asks first; keeping changes nothing, confirming ends the membership at the period's end.
    await page.goto('/account');
    const billing = page.locator('[data-testid=subscription-billing]');
    await poll(() => billing.getAttribute('data-state')).toBe('active');
    expect(await billing.textContent()).toContain('$10.00/month');
    await billing.getByRole('button', { name: 'Cancel Subscription' }).click();
    const confirm = page.getByRole('dialog', { name: 'Cancel your Toko+ subscription?' });
    await confirm.getByRole('button', { name: 'Keep Toko+' }).click();
    await confirm.waitFor({ state: 'detached' });
    expect(await billing.getAttribute('data-state')).toBe('active');
    await billing.getByRole('button', { name: 'Cancel Subscription' }).click();
    await confirm.getByRole('button', { name: 'Yes, cancel' }).click();
    await toastShown(page, 'Subscription cancelled');
    await poll(() => billing.getAttribute('data-state')).toBe('ending');
    await billing.locator('[data-testid=ends-on]').waitFor();
    // The status above the billing says the same as the billing: cancelled, ending on the same day.
    const status = page.locator('[data-testid=subscription-status]');
    await poll(() => status.textContent()).toBe('Cancelled');
    const endsOn = await billing.locator('[data-testid=ends-on]').textContent();
    expect(await page.locator('[data-testid=subscription-details]').textContent()).toContain(`Ends on${endsOn}`);

    // Resuming before the period ends takes the cancellation back.
    await billing.getByRole('button', { name: 'Resume Subscription' }).click();
    await toastShown(page, 'Subscription resumed');
    await poll(() => billing.getAttribute('data-state')).toBe('active');
    await poll(() => status.textContent()).toBe('Active');
    expect(await page.locator('[data-testid=subscription-details]').textContent()).toContain('Renews on');
    await context.close();

    // On a phone, Manage Subscription opens the billing portal: a new card, cancelling there, and back to the account.
    const phone = await openPage(listener, viewports.phone);
    await phone.page.goto('/account');
    await phone.page.getByRole('button', { name: 'Manage Subscription' }).click();
    await phone.page.waitForURL(portalPage, { timeout: 20_000 });
    expect(await phone.page.getByRole('list', { name: 'Plan' }).textContent()).toContain('$10.00/month');
    await phone.page.getByLabel('New card number').fill('4000 0566 5566 5556');
    await phone.page.getByRole('button', { name: 'Update card' }).click();
    await poll(() => phone.page.getByTestId('card').textContent()).toBe('Card ending in 5556');
    await phone.page.getByRole('button', { name: 'Cancel plan' }).click();
    await phone.page.getByRole('button', { name: 'Renew plan' }).waitFor();
    await phone.page.getByRole('link', { name: 'Return to Toko' }).click();
    await phone.page.waitForURL(/\/account$/);
    await poll(() => phone.page.locator('[data-testid=subscription-billing]').getAttribute('data-state')).toBe('ending');
    await poll(() => phone.page.locator('[data-testid=subscription-status]').textContent()).toBe('Cancelled');
    // And resumed from the portal, the account reads it as renewing again.
    await phone.page.getByRole('button', { name: 'Manage Subscription' }).click();
    await phone.page.waitForURL(portalPage, { timeout: 20_000 });
    await phone.page.getByRole('button', { name: 'Renew plan' }).click();
    await phone.page.getByRole('button', { name: 'Cancel plan' }).waitFor();
    await phone.page.getByRole('link', { name: 'Return to Toko' }).click();
    await poll(() => phone.page.locator('[data-testid=subscription-status]').textContent()).toBe('Active');
    await phone.context.close();
  });

  it('a guest on a phone joins on /subscribe with the code from the e-mail and pays in the checkout overlay', async () => {
    const email = `join-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
    const { page, context } = await openPage(null, viewports.phone);

    await page.goto(`/subscribe?name=Robin&email=${encodeURIComponent(email)}`);
    await page.getByRole('heading', { name: 'Robin, get closer to the music' }).waitFor();
    await page.getByRole('tab', { name: 'Sign In' }).waitFor();
    expect(await page.getByRole('tab', { name: 'Sign Up' }).getAttribute('aria-selected')).toBe('true');
    // The link's e-mail is filled in already.
    expect(await page.getByLabel('Email').inputValue()).toBe(email);
    await page.getByRole('button', { name: 'Continue to Toko+ Checkout' }).click();
    await page.getByLabel('6-digit code').fill(await signInCode(email));

    // Signed in with the Toko+ intent: home, with the overlay's pricing choice on top.
    const overlay = page.getByRole('dialog');
    await overlay.locator('[data-step=pricing]').waitFor({ timeout: 20_000 });
    expect(new URL(page.url()).pathname).toBe('/');
    await overlay.getByRole('button', { name: 'Choose $20.00/month' }).click();

    // The sandbox page stands in for Stripe's embedded form, at least 620 px high.
    const form = overlay.locator('[data-testid=embedded-checkout]');
    await form.waitFor({ timeout: 20_000 });
    expect((await form.boundingBox())!.height).toBeGreaterThanOrEqual(620);
    const embedded = page.frameLocator('[data-testid=embedded-checkout]');
    expect(await embedded.getByTestId('total').textContent()).toBe('$20.00');
    await embedded.getByRole('button', { name: 'Pay $20.00' }).click();

    await page.waitForURL(/\/subscription\/success\?session_id=cs_/, { timeout: 20_000 });
    await poll(() => successPage(page).getAttribute('data-state')).toBe('subscribed');
    await expectPlusInHeader(page, true);

    // A member who comes back to /subscribe goes straight to the exclusive content.
    await page.goto('/subscribe');
    await page.waitForURL(/\/exclusive$/);
    await poll(() => page.locator('[data-testid=exclusive-page]').getAttribute('data-access')).toBe('member');
    await context.close();
  });

  it('a listener on a phone starts the 2-month free trial with the beta coupon typed in lowercase', async () => {
    const listener = await signedInListener('free');
    const { page, context } = await openPage(listener, viewports.phone);

    await page.goto('/upgrade?intent=subscription');
    await page.locator('[data-testid=finish-join]').waitFor();
    const coupon = page.getByLabel('Beta coupon (optional)');
    await coupon.fill('nope');
    await page.getByRole('button', { name: 'Choose $5.00/month' }).click();
    await page.getByText('Coupon NOPE is not valid').waitFor();

    await coupon.fill('toko-plus-beta');
    await page.getByRole('button', { name: 'Choose $5.00/month' }).click();
    await page.waitForURL(sandboxPage, { timeout: 20_000 });
    await page.getByText('Free for 60 days, then billed monthly.').waitFor();
    expect(await page.getByTestId('total').textContent()).toBe('$0.00');
    await page.getByRole('button', { name: 'Pay $0.00' }).click();

    await page.waitForURL(/\/subscription\/success\?session_id=cs_/, { timeout: 20_000 });
    await poll(() => successPage(page).getAttribute('data-state')).toBe('subscribed');
    await poll(() => page.locator('[data-testid=trial-note]').textContent()).toMatch(/Your free trial runs until \w+ \d+, \d{4}/);
    await expectPlusInHeader(page, true);
    await context.close();
  });

  it('a guest sees the pitch with a preview of the exclusive albums and 3 videos, and video links explain themselves', async () => {
    const { page, context } = await openPage(null);

    await page.goto('/exclusive');
    await poll(() => page.locator('[data-testid=exclusive-page]').getAttribute('data-access')).toBe('preview');
    await page.getByRole('heading', { name: 'Join Toko+ to unlock everything' }).waitFor();
    expect(await page.getByRole('tab').count()).toBe(0);
    await poll(() => page.locator('[data-testid=exclusive-video]').count()).toBe(3);
    // As many albums as the catalogue has, up to 3.
    await poll(() => page.locator('[data-testid=exclusive-album]').count()).toBe(Math.min(3, exclusiveAlbums.length));
    expect(await page.getByRole('button', { name: `Play ${nightGarden.title}` }).count()).toBe(0);

    // A shared video link opens the video on the exclusive page, locked for a guest.
    await page.goto(`/video/${studioVideo.slug}`);
    await page.waitForURL(new RegExp(`/exclusive\\?video=${studioVideo.videoId}$`));
    await poll(() => page.locator('[data-testid=video-locked]').textContent()).toContain(
      `This video requires a Toko+ subscription. ${studioVideo.title}`,
    );

    // A link to a video that does not exist says so.
    await page.goto('/video/no-such-video');
    await page.waitForURL(/\/exclusive\?error=video_not_found$/);
    const error = page.locator('[data-testid=exclusive-error]');
    expect(await error.textContent()).toContain('The requested video was not found.');
    await error.getByRole('button', { name: 'Dismiss' }).click();
    await error.waitFor({ state: 'detached' });
    await context.close();
  });

  it('a member finds the membership on the activation page, is welcomed to the beta and sees the exclusive tabs', async () => {
    const member = await signedInListener('toko_plus');
    const { page, context } = await openPage(member);

    await page.goto('/subscription-activated');
    await poll(() => page.locator('[data-testid=activation-page]').getAttribute('data-state')).toBe('found');
    await page.getByRole('link', { name: 'Go to Exclusive Content' }).waitFor();

    await page.goto('/beta-welcome');
    await page.getByRole('heading', { name: /^Welcome to the Toko beta/ }).waitFor();
    const places = page.getByRole('navigation', { name: 'Where to start' });
    expect(
      await places.getByRole('link').evaluateAll((links) => links.map((link) => new URL((link as HTMLAnchorElement).href).pathname)),
    ).toEqual(['/', '/exclusive', '/library', '/community']);

    await page.goto('/exclusive');
    await page.getByRole('tab', { name: 'Albums' }).waitFor();
    // The label's exclusive albums are all there (other tests may have released more since the seed).
    const shown = () =>
      page.locator('[data-testid=exclusive-album]').evaluateAll((cards) => cards.map((card) => card.getAttribute('data-album-id')));
    await poll(shown).toEqual(expect.arrayContaining(exclusiveAlbums.map((album) => album.albumId)));
    await context.close();
  });
});
