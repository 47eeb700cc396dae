/**
 * The artists' payout statements, pure: which month each ledger fact lands in, and a month's statements from the
 * entries that landed in it. The money rules (cents, centsOf, allocate) are the ledger's (functions/statements/domain/facts.ts, money.ts).
 *
 * Rounding rule: every line is split between the label and the artist by the contract's basis points with `allocate`
 * (largest remainder), the label's weight first: the label gets net × bp / 10000 rounded to the nearest cent, an exact
 * half cent going to the label, and the artist the rest, so the two always add up to the line's net. A negative net (a
 * month of refunds) is split the same way on its size. The month's Toko+ revenue is split between the artists by their
 * members' plays with `allocate` too (ties to the artist whose id sorts first); with no member plays it stays the label's.
 */
import type { DomainEvent } from '../../../events/index.js';
import { ledgerFacts, type LedgerFact } from './facts.js';
import { allocate, centsOf } from './money.js';

export const FULL_SHARE = 10_000;
/** The label's share of each kind of revenue of an artist with no contract set: half. */
export const DEFAULT_TERMS: ContractTerms = { sales: 5000, membership: 5000, merch: 5000 };

/** The label's share in basis points of each kind of revenue. */
export interface ContractTerms {
  sales: number;
  membership: number;
  merch: number;
}

/** An artist's terms from `at` on (ArtistContractSet). */
export interface ContractVersion {
  artistId: string;
  at: string;
  terms: ContractTerms;
}

/** What a month's statements are computed from: one entry per money event and album, and members' plays per artist. */
export type StatementEntry =
  | { kind: 'album'; eventId: string; artistId: string; albumId: string; grossCents: number; feeCents: number; refundCents: number }
  | { kind: 'membership'; eventId: string; revenueCents: number }
  | { kind: 'member-plays'; artistId: string; plays: number }
  | { kind: 'merch'; eventId: string; artistId: string | null; revenueCents: number };

type LineKind = 'album-sales' | 'membership' | 'merch';

interface StatementLine {
  kind: LineKind;
  /** The album of an album-sales line. */
  albumId: string | null;
  grossCents: number;
  feeCents: number;
  refundCents: number;
  /** Gross less fees and refunds; for membership, the artist's part of the month's Toko+ revenue. */
  netCents: number;
  /** Membership: the artist's member plays out of all of the month's. */
  memberPlays: number | null;
  labelShareBasisPoints: number;
  labelCents: number;
  artistCents: number;
  /** The events the line comes from. */
  eventIds: string[];
}

export interface ArtistStatement {
  artistId: string;
  lines: StatementLine[];
  netCents: number;
  labelCents: number;
  artistCents: number;
}

export interface MonthStatements {
  month: string;
  artists: ArtistStatement[];
  /** Revenue no artist shares: Toko+ revenue of a month without member plays, label merch. */
  labelOnly: { membershipCents: number; merchCents: number; eventIds: string[] };
  /** The month's net revenue: album sales less fees and refunds, Toko+ revenue, merch. */
  netCents: number;
  /** The label's share of all of it: its share of every line plus labelOnly. */
  labelCents: number;
}

export const isMonth = (s: string): boolean => /^\d{4}-(0[1-9]|1[0-2])$/.test(s);

export function nextMonth(month: string): string {
  const [y, m] = month.split('-').map(Number);
  return m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
}

/** The month a fact of `day` lands in: its own, or, when that one was closed already, the first later one still open. */
export function openMonthFor(day: string, isClosed: (month: string) => boolean): string {
  let month = day.slice(0, 7);
  while (isClosed(month)) month = nextMonth(month);
  return month;
}

/** Splits a line's net between the label and the artist (the rounding rule above). */
export function splitByTerms(netCents: number, labelBasisPoints: number): { labelCents: number; artistCents: number } {
  const [label, artist] = allocate(Math.abs(netCents), [labelBasisPoints, FULL_SHARE - labelBasisPoints]);
  return netCents < 0 ? { labelCents: -label || 0, artistCents: -artist || 0 } : { labelCents: label, artistCents: artist };
}

/** The artist's terms in force at `cutoff` (the month's closing, or now): the last set at or before it, else 50/50. */
export function termsAt(contracts: readonly ContractVersion[], artistId: string, cutoff: string): ContractTerms {
  let found: ContractVersion | undefined;
  for (const c of contracts) if (c.artistId === artistId && c.at <= cutoff && (!found || c.at >= found.at)) found = c;
  return found?.terms ?? DEFAULT_TERMS;
}

/** What a fact needs to know of what came before it in the log. */
export interface StatementLookups {
  artistOfAlbum(albumId: string): string;
  /** The monthly price of a subscription that started, in dollars. */
  tierOf(subscriptionId: string): number | undefined;
  /** Whether the listener is a Toko+ member (trial included) now. */
  isMember(listenerId: string): boolean;
  isClosed(month: string): boolean;
}

/** The entries of one event's facts, each with the month it lands in; none for facts statements do not count. */
export function entriesOf(event: DomainEvent, known: StatementLookups): { month: string; entry: StatementEntry }[] {
  const eventId = event.meta.eventId;
  return ledgerFacts(event).flatMap((fact) => {
    const month = openMonthFor(fact.day, (m) => known.isClosed(m));
    return entriesOfFact(fact, eventId, known).map((entry) => ({ month, entry }));
  });
}

function entriesOfFact(fact: LedgerFact, eventId: string, known: StatementLookups): StatementEntry[] {
  const album = (albumId: string, money: { grossCents?: number; feeCents?: number; refundCents?: number }): StatementEntry[] => [
    {
      kind: 'album',
      eventId,
      artistId: known.artistOfAlbum(albumId),
      albumId,
      grossCents: money.grossCents ?? 0,
      feeCents: money.feeCents ?? 0,
      refundCents: money.refundCents ?? 0,
    },
  ];
  switch (fact.kind) {
    case 'album-sold':
      return album(fact.albumId, { grossCents: fact.grossCents });
    case 'album-fee':
      return album(fact.albumId, { feeCents: fact.feeCents });
    case 'album-refunded':
      return album(fact.albumId, { refundCents: fact.refundCents });
    case 'member-joined':
      // A trial pays nothing yet: its first payment is a renewal.
      return fact.trial ? [] : [{ kind: 'membership', eventId, revenueCents: centsOf(fact.tierDollars) }];
    case 'member-renewed': {
      const tier = known.tierOf(fact.subscriptionId);
      return tier === undefined ? [] : [{ kind: 'membership', eventId, revenueCents: centsOf(tier) }];
    }
    case 'play':
      return known.isMember(fact.listenerId) ? [{ kind: 'member-plays', artistId: known.artistOfAlbum(fact.albumId), plays: 1 }] : [];
    case 'merch-ordered':
      return fact.artists.map((a) => ({ kind: 'merch', eventId, artistId: a.artistId, revenueCents: a.revenueCents }));
    case 'play-completed':
    case 'member-switched':
    case 'member-cancelled':
    case 'member-left':
    case 'coupon-used':
    case 'account-opened':
      return [];
    default: {
      const never: never = fact;
      throw new Error(`Unknown ledger fact ${JSON.stringify(never)}`);
    }
  }
}

const emptyLine = (kind: LineKind, albumId: string | null, memberPlays: number | null): StatementLine => ({
  kind,
  albumId,
  grossCents: 0,
  feeCents: 0,
  refundCents: 0,
  netCents: 0,
  memberPlays,
  labelShareBasisPoints: 0,
  labelCents: 0,
  artistCents: 0,
  eventIds: [],
});

/** Event ids in one order whatever order the entries came in (the log's, or a stored partition's). */
const byId = (ids: string[]) => [...ids].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));

const addEventId = (line: StatementLine, eventId: string) => {
  if (!line.eventIds.includes(eventId)) line.eventIds.push(eventId);
};

/** A month's statements from the entries that landed in it and each artist's terms. */
export function monthStatements(
  month: string,
  entries: readonly StatementEntry[],
  termsOf: (artistId: string) => ContractTerms,
): MonthStatements {
  const lines = new Map<string, Map<string, StatementLine>>();
  const lineOf = (artistId: string, key: string, make: () => StatementLine) => {
    const artist = lines.get(artistId) ?? new Map<string, StatementLine>();
    lines.set(artistId, artist);
    const line = artist.get(key) ?? make();
    artist.set(key, line);
    return line;
  };
  const labelOnly = { membershipCents: 0, merchCents: 0, eventIds: [] as string[] };
  let poolCents = 0;
  const poolEvents: string[] = [];
  const plays = new Map<string, number>();

  for (const e of entries) {
    switch (e.kind) {
      case 'album': {
        const line = lineOf(e.artistId, `album#${e.albumId}`, () => emptyLine('album-sales', e.albumId, null));
        line.grossCents += e.grossCents;
        line.feeCents += e.feeCents;
        line.refundCents += e.refundCents;
        line.netCents += e.grossCents - e.feeCents - e.refundCents;
        addEventId(line, e.eventId);
        break;
      }
      case 'membership':
        poolCents += e.revenueCents;
        if (!poolEvents.includes(e.eventId)) poolEvents.push(e.eventId);
        break;
      case 'member-plays':
        plays.set(e.artistId, (plays.get(e.artistId) ?? 0) + e.plays);
        break;
      case 'merch': {
        if (e.artistId === null) {
          labelOnly.merchCents += e.revenueCents;
          if (!labelOnly.eventIds.includes(e.eventId)) labelOnly.eventIds.push(e.eventId);
          break;
        }
        const line = lineOf(e.artistId, 'merch', () => emptyLine('merch', null, null));
        line.grossCents += e.revenueCents;
        line.netCents += e.revenueCents;
        addEventId(line, e.eventId);
        break;
      }
      default: {
        const never: never = e;
        throw new Error(`Unknown statement entry ${JSON.stringify(never)}`);
      }
    }
  }

  const players = [...plays].filter(([, n]) => n > 0).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  if (players.length === 0) {
    labelOnly.membershipCents = poolCents;
    labelOnly.eventIds.push(...poolEvents);
  } else {
    const shares = allocate(
      poolCents,
      players.map(([, n]) => n),
    );
    players.forEach(([artistId, n], i) => {
      const line = lineOf(artistId, 'membership', () => emptyLine('membership', null, n));
      line.grossCents = shares[i];
      line.netCents = shares[i];
      line.memberPlays = n;
      line.eventIds = [...poolEvents];
    });
  }

  const order: Record<LineKind, number> = { 'album-sales': 0, membership: 1, merch: 2 };
  const artists = [...lines]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([artistId, byKey]): ArtistStatement => {
      const terms = termsOf(artistId);
      const artistLines = [...byKey.values()]
        .sort((a, b) => order[a.kind] - order[b.kind] || (a.albumId ?? '').localeCompare(b.albumId ?? ''))
        .map((line) => {
          const bp = line.kind === 'album-sales' ? terms.sales : line.kind === 'membership' ? terms.membership : terms.merch;
          return { ...line, eventIds: byId(line.eventIds), labelShareBasisPoints: bp, ...splitByTerms(line.netCents, bp) };
        });
      const sum = (f: (l: StatementLine) => number) => artistLines.reduce((s, l) => s + f(l), 0);
      return {
        artistId,
        lines: artistLines,
        netCents: sum((l) => l.netCents),
        labelCents: sum((l) => l.labelCents),
        artistCents: sum((l) => l.artistCents),
      };
    });
  const labelOnlyCents = labelOnly.membershipCents + labelOnly.merchCents;
  return {
    month,
    artists,
    labelOnly: { ...labelOnly, eventIds: byId(labelOnly.eventIds) },
    netCents: artists.reduce((s, a) => s + a.netCents, 0) + labelOnlyCents,
    labelCents: artists.reduce((s, a) => s + a.labelCents, 0) + labelOnlyCents,
  };
}
