/** How the profile and account pages word a subscription: tier, status, and how long it has run. */
import { brand } from '../../lib/brand';
import { formatMoney } from '../../lib/format';
import { isAdmin, type SessionUser } from '../../lib/session';
import type { Subscription } from '#contract/membership.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Paid means Toko+, the subscriber flag, or a Stripe subscription on file. */
export const isPaid = (user: SessionUser): boolean =>
  user.subscriptionTier === brand.tierPlus || Boolean(user.isSubscriber) || Boolean(user.stripeSubscriptionId);

export function tierLabel(user: SessionUser): string {
  if (user.subscriptionTier === 'admin') return 'Admin';
  if (isPaid(user)) return brand.productPlus;
  return 'Free';
}

/** The plan as the account names it: the tier, with a Stripe plan's monthly price ("Toko+ $10.00/month"). */
export function planLabel(user: SessionUser, plan: Pick<Subscription, 'active' | 'amount'> | undefined): string {
  const tier = tierLabel(user);
  return plan?.active && plan.amount ? `${tier} ${formatMoney(plan.amount / 100)}/month` : tier;
}

/**
 * cancelled reads 'Cancelled' while the member keeps the plan to the end of the period and 'Not Subscribed' after it,
 * inactive reads 'Free Access', others as they are (capitalised).
 */
export function statusLabel(user: SessionUser): string {
  const status = user.subscriptionStatus?.trim();
  if (!status) return isPaid(user) || isAdmin(user) ? 'Active' : 'Free Access';
  if (status === 'cancelled' || status === 'canceled') return user.subscriptionTier === brand.tierPlus ? 'Cancelled' : 'Not Subscribed';
  if (status === 'inactive') return 'Free Access';
  return status.charAt(0).toUpperCase() + status.slice(1).replace(/_/g, ' ');
}

/** The status of a live Stripe subscription, in the same words as `statusLabel`. */
export function liveStatusLabel(plan: Pick<Subscription, 'cancelAtPeriodEnd'>, user: SessionUser): string {
  if (plan.cancelAtPeriodEnd) return 'Cancelled';
  return user.subscriptionStatus === 'trialing' ? 'Trialing' : 'Active';
}

const plural = (count: number, unit: string) => `${count} ${unit}${count === 1 ? '' : 's'}`;

/**
 * How long since `startIso`, in days under 30 days and in whole calendar months after that
 * ("12 days", "1 month", "14 months"); null when the date is missing or unreadable.
 */
export function durationSince(startIso: string | null | undefined, now: Date): string | null {
  if (!startIso) return null;
  const start = new Date(startIso);
  if (Number.isNaN(start.getTime())) return null;
  const days = Math.max(0, Math.floor((now.getTime() - start.getTime()) / DAY_MS));
  if (days < 30) return days === 0 ? 'less than a day' : plural(days, 'day');
  let months = (now.getUTCFullYear() - start.getUTCFullYear()) * 12 + (now.getUTCMonth() - start.getUTCMonth());
  if (now.getUTCDate() < start.getUTCDate()) months -= 1;
  return plural(Math.max(1, months), 'month');
}
