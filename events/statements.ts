/**
 * The artists' payout statements' events: the split terms of an artist's contract, and a month closed (frozen) by an
 * admin. The statements themselves are computed from the ledger's facts (functions/statements/domain/).
 */
import * as z from 'zod/mini';
import { defineEvent } from './envelope.js';
import { integer, nonEmpty } from './fields.js';

/** The label's share in basis points (1/100 of a percent): 5000 is half, 10000 all of it. */
const basisPoints = integer.check(z.gte(0), z.lte(10_000));

/** Stream `contract#<artistId>`: the terms from now on; a month already closed keeps the terms it was closed under. */
export const ArtistContractSet = defineEvent(
  'ArtistContractSet',
  z.object({
    artistId: nonEmpty,
    labelShareBasisPoints: z.object({ sales: basisPoints, membership: basisPoints, merch: basisPoints }),
  }),
);

/** Stream `statement#<month>`: the month's statements are frozen; what the log records later lands in a later month. */
export const StatementClosed = defineEvent(
  'StatementClosed',
  z.object({
    /** YYYY-MM, a month already over when it was closed. */
    month: z.string().check(z.regex(/^\d{4}-(0[1-9]|1[0-2])$/)),
  }),
);
