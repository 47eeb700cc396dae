/**
 * HTTP context `membership`: Toko+ checkout (embedded, hosted, the upgrade page with its coupon and
 * the cart variant), the member's subscription, its cancellation and its billing portal (card, plan, cancel), and the
 * exclusive content it opens.
 */
import { brand } from '../../../events/brand.js';
import type { SubscriptionTier } from '../../../events/index.js';
import { currentSubscription, type MemberSubscription } from '../domain/subscription.js';
import {
  checkoutResult,
  freshCart,
  isSubscriber,
  ownCheckoutSession,
  portalConfigurationId,
  promotionTrialDays,
  readMembership,
  startAlbumCheckout,
  startPlanCheckout,
} from '../commerce.js';
import { commandContexts } from '../../platform/command.js';
import { dynamoEventStore } from '../../platform/event-store.js';
import { contextHandler, HttpError } from '../../platform/http.js';
import { membershipRoutes } from '../../routes.js';
import { stripeClient, stripePublishableKey } from '../stripe.js';
import { syncSubscription } from '../stripe-events.js';
import { appOrigin } from '../../platform/mail.js';
import { authorizer, freshUser } from '../../accounts/index.js';
import { getView, queryViews } from '../../platform/views.js';
import { ALBUMS_INDEX } from '../../catalogue/projections/catalogue.js';
import { VIDEOS_INDEX, videoKey, videoSlugKey, type VideoView } from '../projections/commerce.js';

/** This Lambda's commands run on the events table. */
const commandContext = commandContexts(dynamoEventStore);

/** Non-members see this many of each kind of exclusive content as a preview. */
export const PREVIEW_SIZE = 3;

function videoDto(video: VideoView, unlocked: boolean) {
  return {
    id: video.id,
    slug: video.slug,
    title: video.title,
    description: video.description,
    requiredTier: video.requiredTier,
    publishedAt: video.publishedAt,
    locked: !unlocked,
    youtubeVideoId: unlocked ? video.youtubeVideoId : null,
    youtubeUrl: unlocked ? `https://www.youtube.com/watch?v=${video.youtubeVideoId}` : null,
    thumbnailUrl: `https://i.ytimg.com/vi/${video.youtubeVideoId}/hqdefault.jpg`,
  };
}

async function exclusiveVideos() {
  return queryViews<VideoView>({ gsi1pk: VIDEOS_INDEX }, { descending: true });
}

/**
 * `?tier=` of the exclusive lists (`?tier=toko_plus`): only the content that requires this tier.
 * Without it, all of it; a tier that does not exist is refused.
 */
const ofTier = (tier: SubscriptionTier | undefined) => (item: { requiredTier: string }) => tier === undefined || item.requiredTier === tier;

interface ExclusiveAlbum {
  id: string;
  title: string;
  artwork: string | null;
  artistName: string;
  releaseDate: string;
  requiredTier: string;
  isExclusive: boolean;
}

/** The listener's subscription that Stripe still bills or is ending, or 404 when there is none. */
async function liveSubscriptionOf(userId: string): Promise<MemberSubscription> {
  const live = currentSubscription(await readMembership(userId));
  if (!live) throw new HttpError(404, 'no_subscription', 'No Active Subscription');
  return live;
}

/**
 * Cancels at the period's end, or takes that back, at Stripe, and records Stripe's answer at once (the webhook that
 * follows finds it recorded); answers the end of the period.
 */
async function cancelAtPeriodEnd(live: MemberSubscription, cancel: boolean, context: ReturnType<typeof commandContext>): Promise<string> {
  await (await stripeClient()).subscriptions.update(live.stripeSubscriptionId, { cancel_at_period_end: cancel });
  const membership = await syncSubscription(live.stripeSubscriptionId, null, context);
  const after = membership ? currentSubscription(membership) : null;
  return (after ?? live).currentPeriodEnd;
}

export const handler = contextHandler(membershipRoutes, authorizer, {
  'POST /api/subscription/checkout': async ({ body, session }) => {
    const checkout = await startPlanCheckout({ session: session, amount: body.amount, ui: 'embedded' });
    return {
      clientSecret: checkout.client_secret,
      sessionId: checkout.id,
      checkoutUrl: checkout.url ?? null,
      publishableKey: stripePublishableKey(),
    };
  },

  'POST /api/subscription/checkout/hosted': async ({ body, session }) => {
    const checkout = await startPlanCheckout({ session: session, amount: body.amount, ui: 'hosted' });
    return { sessionId: checkout.id, url: checkout.url, checkoutUrl: checkout.url };
  },

  'POST /api/create-subscription': async ({ body, session, request }) => {
    if (!session) {
      // The upgrade page signs the person in by e-mail code first, then comes back here.
      return {
        needsVerification: true,
        message: `Sign in with ${body.email ?? 'your e-mail'} to continue to ${brand.productPlus} checkout`,
      };
    }
    if (body.cartItems?.length || body.intent === 'cart_checkout') {
      const albumIds = body.cartItems?.length
        ? body.cartItems.map((i) => i.albumId)
        : (await freshCart(session.userId)).map((l) => l.albumId);
      const started = await startAlbumCheckout({
        session,
        albumIds,
        email: body.email,
        includeSubscription: true,
        ui: 'embedded',
        context: commandContext(session, request),
      });
      return { clientSecret: started.session.client_secret, sessionId: started.session.id, checkoutUrl: started.session.url ?? null };
    }
    const trialDays = body.couponCode ? await promotionTrialDays(body.couponCode) : undefined;
    const checkout = await startPlanCheckout({ session, amount: body.amount ?? 5, ui: 'hosted', email: body.email, trialDays });
    return { url: checkout.url, sessionId: checkout.id, needsVerification: false, trialDays: trialDays ?? null };
  },

  'GET /api/subscription/me': async ({ session }) => {
    const live = currentSubscription(await readMembership(session.userId));
    if (!live)
      return {
        active: false,
        amount: null,
        nextBillingDate: null,
        status: isSubscriber(session) ? 'active' : 'inactive',
        tier: session.tier,
      };
    return {
      active: true,
      // Cents, as clients of the subscription info read it.
      amount: live.amount * 100,
      nextBillingDate: live.phase === 'cancelling' ? null : live.currentPeriodEnd,
      endsAt: live.phase === 'cancelling' ? live.currentPeriodEnd : null,
      cancelAtPeriodEnd: live.phase === 'cancelling',
      trialEndsAt: live.trialEndsAt,
      status: live.phase === 'cancelling' ? 'cancelling' : 'active',
      startedAt: live.startedAt,
      tier: 'toko_plus',
    };
  },

  'GET /api/subscription/status': ({ session }) =>
    Promise.resolve({
      isSubscribed: isSubscriber(session),
      tier: session?.tier ?? 'free',
    }),

  'POST /api/subscription/cancel': async ({ session, request }) => {
    const live = await liveSubscriptionOf(session.userId);
    return { cancelled: true, endsAt: await cancelAtPeriodEnd(live, true, commandContext(session, request)) };
  },

  'POST /api/subscription/resume': async ({ session, request }) => {
    const live = await liveSubscriptionOf(session.userId);
    if (live.phase !== 'cancelling') throw new HttpError(409, 'not_cancelled', 'Your subscription is not cancelled: it already renews');
    return { resumed: true, renewsAt: await cancelAtPeriodEnd(live, false, commandContext(session, request)) };
  },

  'POST /api/subscription/portal': async ({ session }) => {
    const live = await liveSubscriptionOf(session.userId);
    const portal = await (
      await stripeClient()
    ).billingPortal.sessions.create({
      customer: live.stripeCustomerId,
      configuration: await portalConfigurationId(),
      return_url: `${appOrigin()}/account`,
    });
    return { url: portal.url };
  },

  'POST /api/stripe/verify-checkout': async ({ body, session, request }) => {
    const result = await checkoutResult(await ownCheckoutSession(body.sessionId, session.userId), session.userId, request.receivedAt);
    return {
      success: result.success,
      subscribed: result.subscribed,
      subscriptionActivated: result.subscriptionActivated,
      status: result.status,
    };
  },

  'POST /api/shopify/check-subscription': async ({ body, session }) => {
    const user = await freshUser(session.userId);
    // A person may check only their own account's subscription.
    if (!user || user.email !== body.email.toLowerCase())
      throw new HttpError(403, 'forbidden', 'Enter the e-mail of the account you are signed in with');
    return { isSubscriber: isSubscriber(session) };
  },

  'GET /api/exclusive-content': async ({ query, session }) => {
    const unlocked = isSubscriber(session);
    const albums = (await queryViews<ExclusiveAlbum>({ gsi1pk: ALBUMS_INDEX }, { descending: true }))
      .filter((a) => a.requiredTier === 'toko_plus')
      .filter(ofTier(query.tier));
    const videos = (await exclusiveVideos()).filter(ofTier(query.tier));
    const shownAlbums = unlocked ? albums : albums.slice(0, PREVIEW_SIZE);
    const shownVideos = unlocked ? videos : videos.slice(0, PREVIEW_SIZE);
    return {
      hasAccess: unlocked,
      items: [
        ...shownAlbums.map((a) => ({
          id: a.id,
          title: a.title,
          contentType: 'album' as const,
          artwork: a.artwork,
          artistName: a.artistName,
          releaseDate: a.releaseDate,
        })),
        ...shownVideos.map((v) => ({
          id: v.id,
          title: v.title,
          contentType: 'video' as const,
          slug: v.slug,
          thumbnailUrl: videoDto(v, false).thumbnailUrl,
        })),
      ],
    };
  },

  'GET /api/exclusive-videos': async ({ query, session }) => {
    const unlocked = isSubscriber(session);
    const videos = (await exclusiveVideos()).filter(ofTier(query.tier));
    return {
      hasAccess: unlocked,
      videos: (unlocked ? videos : videos.slice(0, PREVIEW_SIZE)).map((v) => videoDto(v, unlocked || v.requiredTier === 'free')),
    };
  },

  'GET /api/video-by-slug/{slug}': async ({ params, session }) => {
    const link = await getView<{ videoId: string }>(videoSlugKey(params.slug.toLowerCase()));
    const video = link && (await getView<VideoView>(videoKey(link.videoId)));
    if (!video || video.hidden) throw new HttpError(404, 'video_not_found', 'Video not found');
    return videoDto(video, isSubscriber(session) || video.requiredTier === 'free');
  },
});
