/**
 * Album pricing: the member price is the album's subscriber price or else
 * 70 % of its default price; a member pays the member total; adding the Toko+ plan at checkout costs
 * the member total plus the plan; everyone else pays the default total. Pure; money in whole cents.
 * The one copy of the money rules: it lives in the contract because the server (lib/commerce) and the SPA's
 * cart (guest carts are priced in the browser) both apply it; the domain takes prices as input.
 */
import { brand } from '../../../events/brand.js';

/** Member price when the album has no subscriber price of its own. */
export const MEMBER_PRICE_FACTOR = 0.7;
/** The Toko+ plan added at checkout, in dollars a month. */
export const PLAN_ADD_ON_DOLLARS = brand.subscriptionMonthlyUsd;
/** The plan tiers a member may choose; all have the same benefits. */
export const PLAN_AMOUNTS = [5, 10, 20] as const;
export type PlanAmount = (typeof PLAN_AMOUNTS)[number];

export const toCents = (dollars: number) => Math.round(dollars * 100);
export const toDollars = (cents: number) => Math.round(cents) / 100;

export interface AlbumPrices {
  stripePriceDefault: number | null;
  stripePriceSubscriber: number | null;
}

/** The prices an album sells at, or null when it has no price (then it is not for sale). */
export function albumPrice(album: AlbumPrices): { basePrice: number; subscriberPrice: number } | null {
  if (album.stripePriceDefault === null) return null;
  const base = toCents(album.stripePriceDefault);
  const member = album.stripePriceSubscriber !== null ? toCents(album.stripePriceSubscriber) : Math.round(base * MEMBER_PRICE_FACTOR);
  return { basePrice: toDollars(base), subscriberPrice: toDollars(Math.min(member, base)) };
}

export interface PricedLine {
  basePrice: number;
  subscriberPrice: number;
}

export type PricingChoice = 'default' | 'subscriber' | 'subscriber_with_plan';

/** Which price applies: members pay the member price; a non-member who adds the plan pays it too, plus the plan. */
export function pricingChoice(opts: { isSubscriber: boolean; includeSubscription: boolean }): PricingChoice {
  if (opts.isSubscriber) return 'subscriber';
  return opts.includeSubscription ? 'subscriber_with_plan' : 'default';
}

export interface CartTotals {
  defaultTotal: number;
  subscriberTotal: number;
  /** What this buyer pays with this choice, the plan included. */
  total: number;
  /** Default total minus member total; null when there is nothing to save (the banner then stays hidden). */
  savings: number | null;
  planAddOn: number | null;
  currency: 'USD';
}

export function cartTotals(lines: readonly PricedLine[], choice: PricingChoice): CartTotals {
  const defaultCents = lines.reduce((sum, l) => sum + toCents(l.basePrice), 0);
  const memberCents = lines.reduce((sum, l) => sum + toCents(l.subscriberPrice), 0);
  const planCents = choice === 'subscriber_with_plan' ? toCents(PLAN_ADD_ON_DOLLARS) : 0;
  const totalCents = choice === 'default' ? defaultCents : memberCents + planCents;
  const savingsCents = defaultCents - memberCents;
  return {
    defaultTotal: toDollars(defaultCents),
    subscriberTotal: toDollars(memberCents),
    total: toDollars(totalCents),
    savings: savingsCents > 0 ? toDollars(savingsCents) : null,
    planAddOn: planCents ? toDollars(planCents) : null,
    currency: 'USD',
  };
}

/**
 * What a percentage discount takes off an amount, in cents: the shop's member discount code on a bag's items, rounded
 * to the cent as Shopify rounds a percentage code (half a cent up).
 */
export function percentOffCents(amountCents: number, percent: number): number {
  return Math.round((amountCents * percent) / 100);
}

/** The price of one line under a choice. */
export function linePrice(line: PricedLine, choice: PricingChoice): number {
  return choice === 'default' ? line.basePrice : line.subscriberPrice;
}

/** USD with 2 decimals, en-US: $9.99. */
export function formatUsd(dollars: number): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2 }).format(dollars);
}
