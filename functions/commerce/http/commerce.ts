/**
 * HTTP context `commerce`: the album cart, album checkout through Stripe, what the success pages read,
 * purchases and downloads. Payment itself is recorded only by the Stripe webhook (stripe-webhook.ts).
 */
import { GetObjectCommand } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { CartLine } from '../../../events/index.js';
import { s3Client } from '../../platform/aws.js';
import {
  cartItemDto,
  checkDownloadSignature,
  checkoutResult,
  downloadLinks,
  freshCart,
  ownCheckoutSession,
  ownsAlbum,
  purchasesOf,
  purchaseStands,
  runCartCommand,
  saleLine,
  startAlbumCheckout,
  STORAGE_URL_SECONDS,
  type UiMode,
} from '../commerce.js';
import { commandContexts } from '../../platform/command.js';
import { dynamoEventStore } from '../../platform/event-store.js';
import { env } from '../../platform/env.js';
import { authorizer } from '../../accounts/index.js';
import { contextHandler, HttpError, reply, type RouteInput } from '../../platform/http.js';
import { commerceRoutes } from '../../routes.js';
import { stripeClient, isMissing, stripePublishableKey } from '../stripe.js';
import { syncGuestCart } from '../guest-cart.js';
import { getView } from '../../platform/views.js';
import { downloadKey, type DownloadView } from '../projections/commerce.js';

/** This Lambda's commands run on the events table. */
const commandContext = commandContexts(dynamoEventStore);

const cartAnswer = (lines: CartLine[]) => lines.map(cartItemDto);

async function checkout(input: Pick<RouteInput<'POST /api/cart/checkout'>, 'body' | 'session' | 'request'>, ui: UiMode) {
  const session = input.session;
  const albumIds = input.body.cartItems?.length
    ? input.body.cartItems.map((i) => i.albumId)
    : (await freshCart(session.userId)).map((l) => l.albumId);
  return startAlbumCheckout({
    session,
    albumIds,
    email: input.body.email,
    includeSubscription: Boolean(input.body.includeSubscription ?? input.body.subscribeSelected),
    ui,
    context: commandContext(session, input.request),
  });
}

async function clearCart({ session, request }: RouteInput<'DELETE /api/cart'>) {
  const { lines } = await runCartCommand(session.userId, { type: 'EmptyCart', ownerId: session.userId }, commandContext(session, request));
  return { success: true as const, cart: cartAnswer(lines) };
}

export const handler = contextHandler(commerceRoutes, authorizer, {
  'GET /api/cart': async ({ session }) => (session ? cartAnswer(await freshCart(session.userId)) : []),

  'POST /api/cart/add': async ({ body, session, request }) => {
    const userId = session.userId;
    const [line, alreadyOwned] = await Promise.all([saleLine(body.albumId, body.userSelectedSubscriber), ownsAlbum(userId, body.albumId)]);
    const { lines } = await runCartCommand(
      userId,
      { type: 'AddToCart', ownerId: userId, line, alreadyOwned },
      commandContext(session, request),
    );
    return { success: true, item: cartItemDto(line), cart: cartAnswer(lines) };
  },

  'DELETE /api/cart/{id}': async ({ params, session, request }) => {
    const { lines } = await runCartCommand(
      session.userId,
      { type: 'RemoveFromCart', ownerId: session.userId, albumId: params.id },
      commandContext(session, request),
    );
    return { success: true, cart: cartAnswer(lines) };
  },

  'DELETE /api/cart': clearCart,
  'DELETE /api/cart/clear': clearCart,
  'POST /api/cart/clear': clearCart,

  'POST /api/cart/sync': async ({ body, session, request }) => {
    const synced = await syncGuestCart(session.userId, body.guestCartItems, commandContext(session, request));
    return { success: true, syncedItems: synced.syncedItems, received: body.guestCartItems.length, cart: cartAnswer(synced.cart) };
  },

  'POST /api/cart/checkout': async (input) => {
    const started = await checkout(input, 'embedded');
    return {
      clientSecret: started.session.client_secret,
      sessionId: started.session.id,
      orderId: started.orderId,
      total: started.total,
      pricing: started.pricing,
      // Stripe gives embedded sessions no URL; a Stripe-compatible sandbox may, as a stand-in for the embedded form.
      checkoutUrl: started.session.url ?? null,
      publishableKey: stripePublishableKey(),
    };
  },

  'POST /api/simple-checkout': async (input) => {
    const started = await checkout(input, 'hosted');
    if (!started.session.url) throw new HttpError(502, 'checkout_failed', 'Failed to create payment session. Please try again.');
    return { checkoutUrl: started.session.url, sessionId: started.session.id, orderId: started.orderId, total: started.total };
  },

  'POST /api/stripe/verify-cart-purchase': async ({ body, session, request }) => {
    const result = await checkoutResult(await ownCheckoutSession(body.sessionId, session.userId), session.userId, request.receivedAt);
    return { success: result.success, purchases: result.purchases, status: result.status, emailSent: result.emailSent };
  },

  'GET /api/purchases/check-session/{sessionId}': async ({ params, session, request }) => {
    return checkoutResult(await ownCheckoutSession(params.sessionId, session.userId), session.userId, request.receivedAt);
  },

  'GET /api/stripe/product/{productId}': async ({ params }) => {
    try {
      const product = await (await stripeClient()).products.retrieve(params.productId);
      return { success: true, product: { id: product.id, name: product.name, images: product.images } };
    } catch (error) {
      if (isMissing(error)) throw new HttpError(404, 'not_found', 'Product not found');
      throw error;
    }
  },

  'GET /api/purchases': async ({ session }) => {
    const purchases = await purchasesOf(session.userId);
    return {
      purchases: purchases.map((p) => ({
        id: p.id,
        albumId: p.albumId,
        title: p.title,
        albumTitle: p.title,
        artistName: p.artistName,
        artwork: p.artwork,
        purchaseDate: p.purchaseDate,
        purchasePrice: p.purchasePrice,
      })),
    };
  },

  'GET /api/library/purchased-albums': async ({ session, request }) => {
    const purchases = await purchasesOf(session.userId);
    const links = await downloadLinks(
      session.userId,
      purchases.map((p) => p.albumId),
      request.receivedAt,
    );
    return purchases.map((p) => ({
      id: p.albumId,
      albumId: p.albumId,
      title: p.title,
      artwork: p.artwork,
      artistName: p.artistName,
      purchaseDate: p.purchaseDate,
      purchasePrice: p.purchasePrice,
      shopifyZipUrl: links.get(p.albumId) ?? null,
      downloadStatus: links.get(p.albumId) ? 'ready' : 'pending',
    }));
  },

  'GET /api/downloads/{albumId}': async ({ params, query, session, request }) => {
    const userId = session.userId;
    const check = checkDownloadSignature(userId, params.albumId, query.expires, query.signature, request.receivedAt);
    if (check === 'invalid') throw new HttpError(403, 'invalid_signature', 'This download link is not valid');
    if (check === 'expired')
      throw new HttpError(410, 'link_expired', 'This download link has expired. Open your Downloads again for a fresh one.');
    if (!(await purchaseStands(userId, params.albumId))) throw new HttpError(403, 'not_purchased', 'Purchase Required');
    const download = await getView<DownloadView>(downloadKey(params.albumId));
    if (!download) throw new HttpError(404, 'download_pending', 'Download Pending');
    const fileName = download.key.split('/').pop()!;
    const url = await getSignedUrl(
      s3Client(),
      new GetObjectCommand({
        Bucket: env().MEDIA_BUCKET,
        Key: download.key,
        ResponseContentDisposition: `attachment; filename="${fileName.replace(/"/g, '')}"`,
        ResponseContentType: 'application/zip',
      }),
      { expiresIn: STORAGE_URL_SECONDS },
    );
    return reply({ status: 302, headers: { location: url, 'cache-control': 'no-store' } });
  },
});
