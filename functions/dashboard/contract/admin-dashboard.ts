/** Contract of the `admin-dashboard` context: the label's figures for a range of days, beside the period before it. */
import * as z from 'zod/mini';
import { playRefusalReasons } from '../../../events/play-refusals.js';
import { endpoint, nullableText } from '../../platform/contract/endpoint.js';

const count = z.number();
/** Integer cents, as every amount of the dashboard. */
const cents = z.number();
/** A share between 0 and 1, or null where there is nothing to divide by. */
const share = z.nullable(z.number());
const day = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a day written YYYY-MM-DD'));

const salesFigures = {
  albumsSold: count,
  grossCents: cents,
  feeCents: cents,
  albumsRefunded: count,
  refundCents: cents,
  /** Gross less Stripe's fees and refunds. */
  netCents: cents,
};

export const dashboardPeriod = z.object({
  from: z.string(),
  to: z.string(),
  plays: z.object({
    total: count,
    completed: count,
    completedShare: share,
    /** Estimated (HyperLogLog, about 6.5% standard error; exact for small numbers). */
    uniqueListeners: count,
    /** Play reports the server refused (no or bad token, too early, a repeat, past a listener's daily ceiling), by reason. */
    suspicious: z.object({ total: count, reasons: z.array(z.object({ reason: z.enum(playRefusalReasons), count })) }),
    albums: z.array(z.object({ albumId: z.string(), title: z.string(), artistName: nullableText, plays: count, completedPlays: count })),
    tracks: z.array(
      z.object({
        trackId: z.string(),
        title: nullableText,
        albumId: z.string(),
        artistName: nullableText,
        plays: count,
        completedPlays: count,
      }),
    ),
    artists: z.array(z.object({ artistId: z.string(), name: nullableText, plays: count, completedPlays: count })),
  }),
  sales: z.object({
    ...salesFigures,
    /** Albums sold in orders whose Stripe fee was never recorded (paid before fees were); their fee is not in feeCents. */
    albumsWithoutFee: count,
    albums: z.array(z.object({ albumId: z.string(), title: z.string(), artistName: nullableText, ...salesFigures })),
    artists: z.array(z.object({ artistId: z.string(), name: nullableText, merchCents: cents, ...salesFigures })),
  }),
  membership: z.object({
    /** At the end of the period, trials included. */
    activeMembers: count,
    payingMembers: count,
    /** Monthly recurring revenue at the end of the period: paying members × their tier. */
    mrrCents: cents,
    tiers: z.array(
      z.object({
        tierDollars: z.number(),
        activeMembers: count,
        payingMembers: count,
        mrrCents: cents,
        newMembers: count,
        cancelledMembers: count,
        endedMembers: count,
      }),
    ),
    newMembers: count,
    trials: count,
    cancelledMembers: count,
    endedMembers: count,
    accountsOpened: count,
    /** New members ÷ accounts that were free at the start or opened during the period. */
    conversionRate: share,
    /** Uses of the TOKO-PLUS-BETA coupon: trials at checkout and beta signups. */
    couponUses: count,
    months: z.array(z.object({ month: z.string(), newMembers: count, cancelledMembers: count })),
  }),
  merch: z.object({ orders: count, revenueCents: cents }),
  days: z.array(
    z.object({
      day: z.string(),
      plays: count,
      completedPlays: count,
      uniqueListeners: count,
      albumsSold: count,
      grossCents: cents,
      feeCents: cents,
      refundCents: cents,
      netCents: cents,
      newMembers: count,
      cancelledMembers: count,
      merchOrders: count,
      merchCents: cents,
    }),
  ),
});
export type DashboardPeriod = z.infer<typeof dashboardPeriod>;

export const dashboardAnswer = z.object({ current: dashboardPeriod, previous: dashboardPeriod });
export type DashboardAnswer = z.infer<typeof dashboardAnswer>;

/** `from` and `to` are UTC days, both included, at most 366 days apart; the previous period has the same length. */
export const getDashboard = endpoint({ query: z.object({ from: day, to: day }), answer: dashboardAnswer });
