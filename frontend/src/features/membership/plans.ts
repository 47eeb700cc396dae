/**
 * What Toko+ is sold as: the three monthly amounts (the same benefits at each), the benefits, the beta
 * coupon's spelling rule and the waits of the result pages.
 */
import { brand } from '../../lib/brand';

export const PLAN_AMOUNTS = [5, 10, 20] as const;
export type PlanAmount = (typeof PLAN_AMOUNTS)[number];

interface PlanTier {
  amount: PlanAmount;
  name: string;
  /** The tier most people pick, marked on the cards. */
  popular: boolean;
}

export const planTiers: readonly PlanTier[] = [
  { amount: 5, name: 'Supporter', popular: false },
  { amount: 10, name: 'Popular', popular: true },
  { amount: 20, name: 'Super Fan', popular: false },
];

/** The smallest amount: the price the rest of the app quotes. */
export const DEFAULT_PLAN_AMOUNT: PlanAmount = brand.subscriptionMonthlyUsd;

export const plusBenefits: readonly string[] = [
  'Exclusive and unreleased tracks',
  'Early access to new releases',
  'High-quality downloads',
  '30% off albums',
  'Merch discounts',
  'Direct artist support',
];

/** An amount from a link (?amount=10) when it is one of the tiers, else null. */
export function planAmountFrom(raw: string | null | undefined): PlanAmount | null {
  const amount = Number(raw);
  return (PLAN_AMOUNTS as readonly number[]).includes(amount) ? (amount as PlanAmount) : null;
}

/** Coupons are typed in any case and sent uppercased; an empty one is not sent. */
export function normalizeCoupon(code: string): string | undefined {
  const normalized = code.trim().toUpperCase();
  return normalized || undefined;
}

/** The activation page waits this long before its first check. */
export const ACTIVATION_CHECK_DELAY_MS = 1000;
/** The success page shows "verifying" this long before asking the server. */
export const SUBSCRIPTION_VERIFY_DELAY_MS = 2000;
/** How often the result pages ask again while the payment is still being recorded. */
export const ACTIVATION_POLL_MS = 2000;
/** Premium activation takes up to 5 minutes: the pages stop asking after that. */
export const ACTIVATION_GIVE_UP_MS = 5 * 60 * 1000;
/** The embedded checkout's minimum height: its payment form fits without scrolling inside the frame. */
export const EMBEDDED_CHECKOUT_MIN_HEIGHT_PX = 620;
/** Non-members see this many albums and this many videos of the exclusive catalogue. */
export const EXCLUSIVE_PREVIEW_SIZE = 3;

/** Where the label's listeners talk to each other; derived from the brand's site so a rebrand moves it too. */
export const communityChatUrl = new URL('/community', brand.siteUrl).href;
