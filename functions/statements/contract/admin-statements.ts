/** Contract of the `admin-statements` context: the artists' payout statements of a month, closing a month, contracts. */
import * as z from 'zod/mini';
import { endpoint, entityId, nullableText } from '../../platform/contract/endpoint.js';

const month = z.string().check(z.regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Use a month written YYYY-MM'));
/** Integer cents, as every amount of a statement. */
const cents = z.number();
/** The label's share in basis points: 5000 is half. */
const basisPoints = z.number().check(z.int(), z.minimum(0), z.maximum(10_000));

export const contractTerms = z.object({ sales: basisPoints, membership: basisPoints, merch: basisPoints });

const totals = { netCents: cents, labelCents: cents, artistCents: cents };

export const statementLine = z.object({
  kind: z.enum(['album-sales', 'membership', 'merch']),
  albumId: nullableText,
  albumTitle: nullableText,
  grossCents: cents,
  feeCents: cents,
  refundCents: cents,
  netCents: cents,
  /** Membership: the artist's members' plays, out of the month's `memberPlays`. */
  memberPlays: z.nullable(z.number()),
  labelShareBasisPoints: z.number(),
  labelCents: cents,
  artistCents: cents,
  /** The events the line comes from. */
  eventIds: z.array(z.string()),
});
export type StatementLine = z.infer<typeof statementLine>;

export const monthStatementsAnswer = z.object({
  month: z.string(),
  /** When the month was closed (frozen), or null while it is open. */
  closedAt: nullableText,
  netCents: cents,
  labelCents: cents,
  /** Revenue no artist shares: Toko+ revenue of a month without member plays, and label merch. */
  labelOnly: z.object({ membershipCents: cents, merchCents: cents }),
  artists: z.array(z.object({ artistId: z.string(), name: nullableText, ...totals })),
});
export type MonthStatementsAnswer = z.infer<typeof monthStatementsAnswer>;

export const listStatements = endpoint({ query: z.object({ month }), answer: monthStatementsAnswer });

export const artistStatementAnswer = z.object({
  month: z.string(),
  closedAt: nullableText,
  artistId: z.string(),
  name: nullableText,
  /** The terms the statement is split by: those in force when the month was closed, or now. */
  terms: contractTerms,
  lines: z.array(statementLine),
  ...totals,
});
export type ArtistStatementAnswer = z.infer<typeof artistStatementAnswer>;

export const getStatement = endpoint({ params: z.object({ artistId: entityId, month }), answer: artistStatementAnswer });

export const closeMonthAnswer = z.object({ month: z.string(), closedAt: z.string() });
export const closeMonth = endpoint({ body: z.object({ month }), answer: closeMonthAnswer });

export const contractAnswer = z.object({
  artistId: z.string(),
  /** The terms in force now: the label's default until a contract is set. */
  terms: contractTerms,
  /** True while no contract was ever set for the artist, so `terms` is the default. */
  isDefault: z.boolean(),
  /** Every change of terms, newest first: a month closed keeps the terms that were in force when it was closed. */
  history: z.array(z.object({ at: z.string(), terms: contractTerms })),
});
export type ContractAnswer = z.infer<typeof contractAnswer>;

export const getContract = endpoint({ params: z.object({ artistId: entityId }), answer: contractAnswer });

export const setContract = endpoint({
  params: z.object({ artistId: entityId }),
  body: contractTerms,
  answer: z.object({ artistId: z.string(), terms: contractTerms }),
});
