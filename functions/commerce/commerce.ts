/**
 * Commerce with its I/O: fresh reads of carts and purchases, the albums a buyer may buy, Stripe
 * checkout sessions for albums and plans, orders as Stripe's webhooks and the success pages see them,
 * and the short-lived signed links of downloads.
 */
import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import type Stripe from 'stripe';
import type { CartLine, OrderAlbum } from '../../events/index.js';
import { brand } from '../../events/brand.js';
import { cartDecider, cartStream, type CartCommand } from './domain/cart.js';
import { orderDecider, orderStream, type OrderState } from './domain/order.js';
import { currentSubscription, membershipDecider, userStream, type MembershipCommand } from './domain/subscription.js';
import { conflict, invalid, notFound, unavailable } from '../platform/errors.js';
import {
  PLAN_AMOUNTS,
  albumPrice,
  cartTotals,
  linePrice,
  pricingChoice,
  toCents,
  type PlanAmount,
  type PricingChoice,
} from './contract/pricing.js';
import { albumKey } from '../catalogue/projections/catalogue.js';
import {
  cartKey,
  downloadKey,
  purchaseKey,
  purchasesPartition,
  type CartView,
  type DownloadView,
  type PurchaseView,
} from './projections/commerce.js';
import { runCommand, type CommandContext } from '../platform/command.js';
import { dynamoEventStore, readStream } from '../platform/event-store.js';
import { caughtUp } from '../platform/read-your-writes.js';
import { derivedKey } from '../platform/keys.js';
import { appOrigin } from '../platform/mail.js';
import { isSubscriber, type Session } from '../platform/session.js';
import { stripeClient } from './stripe.js';
import { freshUser } from '../accounts/index.js';
import { dynamoViewStore, getView, getViews, queryViews } from '../platform/views.js';

export { isSubscriber } from '../platform/session.js';

// ------------------------------------------------------------------ albums

interface SaleAlbum {
  id: string;
  title: string;
  artistName: string | null;
  artwork: string | null;
  requiredTier: string;
  isAvailableForPurchase: boolean;
  isDummyAlbum: boolean;
  stripeProductId: string | null;
  stripePriceDefault: number | null;
  stripePriceSubscriber: number | null;
}

/** The album as a cart line, or a refusal when it does not exist (not found) or is not for sale (invalid). */
export async function saleLine(albumId: string, userSelectedSubscriber: boolean): Promise<CartLine> {
  const album = await getView<SaleAlbum>(albumKey(albumId));
  if (!album) throw notFound('not_found', 'Album not found');
  const price = albumPrice(album);
  if (!album.isAvailableForPurchase || album.isDummyAlbum || !price) throw invalid('not_for_sale', `${album.title} is not for sale`);
  return { albumId, title: album.title, artistName: album.artistName, artwork: album.artwork, ...price, userSelectedSubscriber };
}

// ------------------------------------------------------------------ carts and purchases

/** The cart as of now: the view plus whatever the projector has not applied yet. */
export async function freshCart(ownerId: string): Promise<CartLine[]> {
  const view = dynamoViewStore.get(cartKey(ownerId)).then((item) => ({
    state: { lines: (item as unknown as CartView | undefined)?.lines ?? [] },
    version: (item?.v as number | undefined) ?? 0,
  }));
  const { state } = await caughtUp(dynamoEventStore, cartStream(ownerId), view, (known, tail) => tail.reduce(cartDecider.evolve, known));
  return state.lines;
}

/** Runs a cart command; answers the cart after it and the events it appended. */
export async function runCartCommand(ownerId: string, command: CartCommand, context: CommandContext) {
  const { state, events } = await runCommand(cartStream(ownerId), cartDecider, command, context);
  return { lines: state.lines, events };
}

export async function purchasesOf(userId: string): Promise<PurchaseView[]> {
  const items = await queryViews<PurchaseView>({ pk: purchasesPartition(userId) });
  return items.sort((a, b) => b.purchaseDate.localeCompare(a.purchaseDate));
}

/** The albums a user owns: what the access rules and the cart ask. */
export async function ownedAlbumIds(userId: string): Promise<Set<string>> {
  return new Set((await purchasesOf(userId)).map((p) => p.albumId));
}

export async function ownsAlbum(userId: string, albumId: string): Promise<boolean> {
  return Boolean(await getView(purchaseKey(userId, albumId)));
}

/**
 * The album's purchase still stands: it is in the purchases view and its order, read from its stream, is not refunded,
 * so a download link stops working the moment the refund is recorded, before the view catches up.
 */
export async function purchaseStands(userId: string, albumId: string): Promise<boolean> {
  const purchase = await getView<PurchaseView>(purchaseKey(userId, albumId));
  if (!purchase) return false;
  return (await readOrder(purchase.orderId)).status === 'paid';
}

/** The cart item, both spellings included (the server cart and the guest cart differ). */
export function cartItemDto(line: CartLine) {
  return {
    id: line.albumId,
    type: 'album' as const,
    albumId: line.albumId,
    albumTitle: line.title,
    title: line.title,
    artistName: line.artistName,
    albumArtwork: line.artwork,
    artwork: line.artwork,
    basePrice: line.basePrice,
    price: line.basePrice,
    subscriberPrice: line.subscriberPrice,
    stripePriceDefault: line.basePrice,
    stripePriceSubscriber: line.subscriberPrice,
    userSelectedSubscriber: line.userSelectedSubscriber,
    userSelectedPrice: line.userSelectedSubscriber ? line.subscriberPrice : line.basePrice,
  };
}

// ------------------------------------------------------------------ checkout

const PLAN_LOOKUP_KEY = (amount: PlanAmount) => `toko_plus_monthly_${amount}`;
const planPrices = new Map<PlanAmount, Promise<string>>();

/** The Stripe price of a plan tier, found by its lookup key (set on the label's prices in the Stripe dashboard). */
function planPriceId(amount: PlanAmount): Promise<string> {
  let found = planPrices.get(amount);
  if (!found) {
    found = stripeClient()
      .then((stripe) => stripe.prices.list({ lookup_keys: [PLAN_LOOKUP_KEY(amount)], active: true, limit: 1 }))
      .then((list) => {
        const price = list.data[0];
        if (!price) throw unavailable('plan_missing', `No Stripe price has the lookup key ${PLAN_LOOKUP_KEY(amount)}`);
        return price.id;
      });
    found.catch(() => planPrices.delete(amount));
    planPrices.set(amount, found);
  }
  return found;
}

/** Names the customer portal configuration this app makes, and the plan prices it allows (new prices, a new one). */
const PORTAL_PURPOSE = 'toko_plus_plan_changes';
let portalConfiguration: Promise<string> | undefined;

/**
 * The customer portal's configuration: a new card, cancelling at the period's end, and switching between the plan's
 * prices. A switch takes effect at once without proration (every price has the same benefits; the next renewal bills
 * the new one). Made once in Stripe and found again by its metadata, so every portal session shares it.
 */
export function portalConfigurationId(): Promise<string> {
  portalConfiguration ??= (async () => {
    const stripe = await stripeClient();
    const lookupKeys = PLAN_AMOUNTS.map(PLAN_LOOKUP_KEY);
    const prices = (await stripe.prices.list({ lookup_keys: lookupKeys, active: true, limit: lookupKeys.length })).data;
    if (prices.length < lookupKeys.length) throw unavailable('plan_missing', `Stripe has no price for some of ${lookupKeys.join(', ')}`);
    const allowed = prices.map((p) => p.id).sort();
    const metadata = { purpose: PORTAL_PURPOSE, prices: allowed.join(',') };
    const existing = await stripe.billingPortal.configurations.list({ active: true, limit: 100 });
    const same = existing.data.find((c) => c.metadata?.purpose === metadata.purpose && c.metadata.prices === metadata.prices);
    if (same) return same.id;
    const byProduct = new Map<string, string[]>();
    for (const p of prices) {
      const product = typeof p.product === 'string' ? p.product : p.product.id;
      byProduct.set(product, [...(byProduct.get(product) ?? []), p.id]);
    }
    const created = await stripe.billingPortal.configurations.create({
      features: {
        payment_method_update: { enabled: true },
        invoice_history: { enabled: true },
        subscription_cancel: { enabled: true, mode: 'at_period_end' },
        subscription_update: {
          enabled: true,
          default_allowed_updates: ['price'],
          products: [...byProduct].map(([product, ofProduct]) => ({ product, prices: ofProduct })),
          proration_behavior: 'none',
        },
      },
      metadata,
    });
    return created.id;
  })();
  portalConfiguration.catch(() => {
    portalConfiguration = undefined;
  });
  return portalConfiguration;
}

export type UiMode = 'embedded' | 'hosted';

function sessionUrls(ui: UiMode, successPath: string, cancelPath: string): Partial<Stripe.Checkout.SessionCreateParams> {
  const success = `${appOrigin()}${successPath}?session_id={CHECKOUT_SESSION_ID}`;
  return ui === 'embedded'
    ? { ui_mode: 'embedded_page', return_url: success }
    : { ui_mode: 'hosted_page', success_url: success, cancel_url: `${appOrigin()}${cancelPath}` };
}

interface AlbumCheckout {
  orderId: string;
  session: Stripe.Checkout.Session;
  total: number;
  pricing: PricingChoice;
}

/**
 * Starts a checkout of albums (and the $5 plan when a non-member adds it): prices come from the
 * catalogue, never from the client; albums already owned are left out. Records CheckoutStarted first,
 * so the webhook always finds the order it pays.
 */
export async function startAlbumCheckout(opts: {
  session: Session;
  albumIds: string[];
  email: string | undefined;
  includeSubscription: boolean;
  ui: UiMode;
  context: CommandContext;
}): Promise<AlbumCheckout> {
  const { session } = opts;
  const email = opts.email?.trim() || (await freshUser(session.userId))?.email;
  if (!email) throw invalid('email_required', 'Email verification required for checkout');
  const unique = [...new Set(opts.albumIds)];
  if (!unique.length) throw invalid('empty_cart', 'Add some albums to your cart first');
  const owned = await ownedAlbumIds(session.userId);
  const wanted = unique.filter((id) => !owned.has(id));
  if (!wanted.length) throw conflict('already_owned', 'You already own this album');
  const lines = await Promise.all(wanted.map((id) => saleLine(id, false)));
  const pricing = pricingChoice({ isSubscriber: isSubscriber(session), includeSubscription: opts.includeSubscription });
  const totals = cartTotals(lines, pricing);
  const albums: OrderAlbum[] = lines.map((l) => ({
    albumId: l.albumId,
    title: l.title,
    artistName: l.artistName,
    artwork: l.artwork,
    price: linePrice(l, pricing),
  }));
  const planAmount = pricing === 'subscriber_with_plan' ? brand.subscriptionMonthlyUsd : null;
  const orderId = randomUUID();
  await runCommand(
    orderStream(orderId),
    orderDecider,
    {
      type: 'StartCheckout',
      order: { orderId, userId: session.userId, email, albums, planAmount, total: totals.total, currency: 'usd', pricing },
    },
    { ...opts.context, actor: session.userId },
  );

  const albumItems = await Promise.all(
    lines.map(async (line, i) => {
      const album = await getView<SaleAlbum>(albumKey(line.albumId));
      const product = album?.stripeProductId;
      const images = line.artwork ? [new URL(line.artwork, appOrigin()).href] : [];
      return {
        quantity: 1,
        price_data: {
          currency: 'usd',
          unit_amount: toCents(albums[i].price),
          ...(product ? { product } : { product_data: { name: line.title, images, metadata: { albumId: line.albumId } } }),
        },
      } satisfies Stripe.Checkout.SessionCreateParams.LineItem;
    }),
  );
  // The checkout's correlation id rides along, so the webhook's events carry it too: one trace from checkout to receipt.
  const metadata = { orderId, userId: session.userId, kind: 'albums', correlationId: opts.context.correlationId };
  const params: Stripe.Checkout.SessionCreateParams = {
    mode: planAmount ? 'subscription' : 'payment',
    line_items: planAmount ? [...albumItems, { price: await planPriceId(planAmount), quantity: 1 }] : albumItems,
    customer_email: email,
    client_reference_id: session.userId,
    metadata,
    // The payment names its order, so a refund of it (charge.refunded) finds the order again.
    ...(planAmount
      ? { subscription_data: { metadata: { userId: session.userId, email, orderId } } }
      : { payment_intent_data: { metadata } }),
    ...sessionUrls(opts.ui, '/checkout/success', '/cart'),
  };
  const checkout = await (await stripeClient()).checkout.sessions.create(params, { idempotencyKey: `checkout-${orderId}` });
  return { orderId, session: checkout, total: totals.total, pricing };
}

/** A promotion code (uppercased) and the free trial its metadata grants, e.g. TOKO-PLUS-BETA → 60 days. */
export async function promotionTrialDays(couponCode: string): Promise<number> {
  const code = couponCode.trim().toUpperCase();
  const found = await (await stripeClient()).promotionCodes.list({ code, active: true, limit: 1 });
  const promotion = found.data[0];
  if (!promotion) throw invalid('invalid_coupon', `Coupon ${code} is not valid`);
  const days = Number(promotion.metadata?.trial_days ?? 0);
  if (!Number.isInteger(days) || days <= 0) throw invalid('invalid_coupon', `Coupon ${code} gives no trial`);
  return days;
}

export async function startPlanCheckout(opts: {
  session: Session;
  amount: PlanAmount;
  ui: UiMode;
  email?: string;
  trialDays?: number;
}): Promise<Stripe.Checkout.Session> {
  const { session } = opts;
  if (isSubscriber(session)) throw conflict('already_subscribed', `You already have ${brand.productPlus}`);
  const email = opts.email?.trim() || (await freshUser(session.userId))?.email;
  if (!email) throw invalid('email_required', 'Please make sure your account has a valid email address');
  const metadata = { userId: session.userId, email, kind: 'plan' };
  return (await stripeClient()).checkout.sessions.create({
    mode: 'subscription',
    line_items: [{ price: await planPriceId(opts.amount), quantity: 1 }],
    customer_email: email,
    client_reference_id: session.userId,
    metadata,
    subscription_data: { metadata, ...(opts.trialDays ? { trial_period_days: opts.trialDays } : {}) },
    ...sessionUrls(opts.ui, '/subscription/success', '/upgrade'),
  });
}

// ------------------------------------------------------------------ orders and membership as the pages read them

export async function readOrder(orderId: string): Promise<OrderState> {
  return (await readStream(orderStream(orderId))).reduce(orderDecider.evolve, orderDecider.initialState);
}

export async function readMembership(userId: string) {
  return (await readStream(userStream(userId))).reduce(membershipDecider.evolve, membershipDecider.initialState);
}

export async function runMembershipCommand(userId: string, command: MembershipCommand, context: CommandContext) {
  return (await runCommand(userStream(userId), membershipDecider, command, context)).state;
}

/** The checkout session of this user, or a 404 (another user's session is not found either). */
export async function ownCheckoutSession(sessionId: string, userId: string): Promise<Stripe.Checkout.Session> {
  let checkout: Stripe.Checkout.Session;
  try {
    checkout = await (await stripeClient()).checkout.sessions.retrieve(sessionId);
  } catch (error) {
    if ((error as { statusCode?: number }).statusCode === 404) throw notFound('not_found', 'Checkout session not found');
    throw error;
  }
  if (checkout.metadata?.userId !== userId) throw notFound('not_found', 'Checkout session not found');
  return checkout;
}

/** What the success pages show: the order's albums once the webhook has recorded the payment. */
export async function checkoutResult(checkout: Stripe.Checkout.Session, userId: string, now: Date) {
  const orderId = checkout.metadata?.orderId;
  const order = orderId ? await readOrder(orderId) : null;
  const paid = order?.status === 'paid';
  const links = paid
    ? await downloadLinks(
        userId,
        order.paidAlbums.map((a) => a.albumId),
        now,
      )
    : new Map<string, string | null>();
  const purchases = paid
    ? order.paidAlbums.map((a) => ({
        albumId: a.albumId,
        albumTitle: a.title,
        title: a.title,
        artistName: a.artistName,
        artwork: a.artwork,
        purchasePrice: a.price,
        downloadUrl: links.get(a.albumId) ?? null,
      }))
    : [];
  const membership = checkout.subscription ? await readMembership(userId) : null;
  const live = membership ? currentSubscription(membership) : null;
  const subscriptionActivated = Boolean(
    live && live.stripeSubscriptionId === (typeof checkout.subscription === 'string' ? checkout.subscription : checkout.subscription?.id),
  );
  return {
    success: checkout.status === 'complete' && (orderId ? paid : subscriptionActivated),
    status: checkout.status,
    paymentStatus: checkout.payment_status,
    purchases,
    subscribed: Boolean(live),
    subscriptionActivated,
    total: (checkout.amount_total ?? 0) / 100,
    emailSent: paid,
  };
}

// ------------------------------------------------------------------ downloads

/** How long a download link from the app stays valid, and the storage URL it redirects to. */
const DOWNLOAD_LINK_SECONDS = 15 * 60;
export const STORAGE_URL_SECONDS = 5 * 60;

/** Signed under the download links' own key: rotating the session secret leaves the links handed out valid. */
const linkSignature = (userId: string, albumId: string, expires: number) =>
  createHmac('sha256', derivedKey('DOWNLOAD_LINK_SECRET', 'album download links'))
    .update(`download:${userId}:${albumId}:${expires}`)
    .digest('base64url');

export function signedDownloadPath(userId: string, albumId: string, now: Date): string {
  const expires = Math.floor(now.getTime() / 1000) + DOWNLOAD_LINK_SECONDS;
  return `/api/downloads/${encodeURIComponent(albumId)}?expires=${expires}&signature=${linkSignature(userId, albumId, expires)}`;
}

export function checkDownloadSignature(
  userId: string,
  albumId: string,
  expires: number,
  signature: string,
  now: Date,
): 'ok' | 'expired' | 'invalid' {
  const expected = Buffer.from(linkSignature(userId, albumId, expires));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return 'invalid';
  return expires * 1000 < now.getTime() ? 'expired' : 'ok';
}

/** A signed link per album whose ZIP is ready; null while it is being built ("Download Pending"). */
export async function downloadLinks(userId: string, albumIds: string[], now: Date): Promise<Map<string, string | null>> {
  const ready = new Set((await getViews<DownloadView>(albumIds.map(downloadKey))).map((d) => d.albumId));
  return new Map(albumIds.map((id) => [id, ready.has(id) ? signedDownloadPath(userId, id, now) : null]));
}
