/** Contract of the `membership` context: Toko+ checkout, the member's subscription, and the exclusive content it opens. */
import * as z from 'zod/mini';
import { emailAddress, endpoint, looseId, nullableText } from '../../platform/contract/endpoint.js';
import { PLAN_AMOUNTS, type PlanAmount } from './pricing.js';

const planAmount = z.pipe(
  z.coerce.number(),
  z.custom<PlanAmount>((n) => (PLAN_AMOUNTS as readonly unknown[]).includes(n), 'amount must be 5, 10 or 20'),
);
const sessionId = z.string().check(z.minLength(1), z.maxLength(300));
/** The filter of exclusive content (`?tier=toko_plus`). */
const tierQuery = z.object({ tier: z.optional(z.enum(['free', 'toko_plus'], { error: 'tier must be one of free, toko_plus' })) });

export const video = z.object({
  id: z.string(),
  slug: z.string(),
  title: z.string(),
  description: nullableText,
  requiredTier: z.string(),
  publishedAt: z.string(),
  locked: z.boolean(),
  /** Null while locked. */
  youtubeVideoId: nullableText,
  youtubeUrl: nullableText,
  thumbnailUrl: z.string(),
});
export type Video = z.infer<typeof video>;

export const exclusiveItem = z.discriminatedUnion('contentType', [
  z.object({
    contentType: z.literal('album'),
    id: z.string(),
    title: z.string(),
    artwork: nullableText,
    artistName: z.string(),
    releaseDate: z.string(),
  }),
  z.object({ contentType: z.literal('video'), id: z.string(), title: z.string(), slug: z.string(), thumbnailUrl: z.string() }),
]);
export type ExclusiveItem = z.infer<typeof exclusiveItem>;

export const subscription = z.object({
  active: z.boolean(),
  /** Cents, as clients of the subscription info read it. */
  amount: z.nullable(z.int()),
  nextBillingDate: nullableText,
  endsAt: z.optional(nullableText),
  cancelAtPeriodEnd: z.optional(z.boolean()),
  trialEndsAt: z.optional(nullableText),
  status: z.enum(['active', 'cancelling', 'inactive']),
  startedAt: z.optional(nullableText),
  tier: z.enum(['free', 'toko_plus']),
});
export type Subscription = z.infer<typeof subscription>;

/** As the cart's embedded checkout: the sandbox's page (`checkoutUrl`), or Stripe's form when a publishable key is set. */
export const startPlanCheckoutAnswer = z.object({
  clientSecret: nullableText,
  sessionId: z.string(),
  checkoutUrl: nullableText,
  publishableKey: nullableText,
});
export const startPlanCheckout = endpoint({ body: z.object({ amount: planAmount }), answer: startPlanCheckoutAnswer });
/** Clients read `sessionId`; `url` and `checkoutUrl` are the hosted page, as create-subscription names it. */
export const startHostedPlanCheckoutAnswer = z.object({ sessionId: z.string(), url: nullableText, checkoutUrl: nullableText });
export const startHostedPlanCheckout = endpoint({ body: z.object({ amount: planAmount }), answer: startHostedPlanCheckoutAnswer });
/** The three answers: sign in first; the cart's embedded checkout; the upgrade page's hosted one. */
export const createSubscriptionAnswer = z.union([
  z.object({ needsVerification: z.literal(true), message: z.string() }),
  z.object({ clientSecret: nullableText, sessionId: z.string(), checkoutUrl: nullableText }),
  z.object({ url: nullableText, sessionId: z.string(), needsVerification: z.literal(false), trialDays: z.nullable(z.int()) }),
]);
export const createSubscription = endpoint({
  body: z.object({
    email: z.optional(emailAddress),
    couponCode: z.optional(z.string().check(z.trim(), z.maxLength(64))),
    amount: z.optional(planAmount),
    cartItems: z.optional(z.array(z.looseObject({ albumId: looseId })).check(z.maxLength(100))),
    intent: z.optional(z.string().check(z.maxLength(50))),
  }),
  answer: createSubscriptionAnswer,
});
export const getSubscription = endpoint({ answer: subscription });
export const subscriptionStatusAnswer = z.object({ isSubscribed: z.boolean(), tier: z.enum(['free', 'toko_plus']) });
export const subscriptionStatus = endpoint({ answer: subscriptionStatusAnswer });
export const cancelSubscriptionAnswer = z.object({ cancelled: z.literal(true), endsAt: z.string() });
export const cancelSubscription = endpoint({ answer: cancelSubscriptionAnswer });
/** The cancellation taken back: the plan renews on `renewsAt`. */
export const resumeSubscriptionAnswer = z.object({ resumed: z.literal(true), renewsAt: z.string() });
export const resumeSubscription = endpoint({ answer: resumeSubscriptionAnswer });
/** Stripe's customer portal for this member (card, cancel, resume), opened at `url`; it sends them back to /account. */
export const openBillingPortalAnswer = z.object({ url: z.string() });
export const openBillingPortal = endpoint({ answer: openBillingPortalAnswer });
export const verifyCheckoutAnswer = z.object({
  success: z.boolean(),
  subscribed: z.boolean(),
  subscriptionActivated: z.boolean(),
  /** Stripe's status of the checkout session: open, complete or expired. */
  status: nullableText,
});
export const verifyCheckout = endpoint({ body: z.object({ sessionId }), answer: verifyCheckoutAnswer });
export const checkSubscriptionAnswer = z.object({ isSubscriber: z.boolean() });
export const checkSubscription = endpoint({ body: z.object({ email: emailAddress }), answer: checkSubscriptionAnswer });
export const listExclusiveContentAnswer = z.object({ hasAccess: z.boolean(), items: z.array(exclusiveItem) });
export const listExclusiveContent = endpoint({ query: tierQuery, answer: listExclusiveContentAnswer });
export const listExclusiveVideosAnswer = z.object({ hasAccess: z.boolean(), videos: z.array(video) });
export const listExclusiveVideos = endpoint({ query: tierQuery, answer: listExclusiveVideosAnswer });
export const getVideo = endpoint({ params: z.object({ slug: z.string().check(z.minLength(1), z.maxLength(120)) }), answer: video });
