/**
 * The statements rebuilt from the log alone, pure: the events folded in their order into each month's entries, the
 * months closed and the contracts set. What the stored statements (functions/statements/projections/statements.ts) must equal.
 */
import type { DomainEvent } from '../../../events/index.js';
import { entriesOf, monthStatements, termsAt, type ContractVersion, type MonthStatements, type StatementEntry } from './statement.js';

interface StatementLog {
  entries: Map<string, StatementEntry[]>;
  /** Month → when it was closed. */
  closed: Map<string, string>;
  contracts: ContractVersion[];
}

/** Folds `events` (in log order); `albumArtists` names each album's artist. */
export function statementLog(events: readonly DomainEvent[], albumArtists: ReadonlyMap<string, string>): StatementLog {
  const log: StatementLog = { entries: new Map(), closed: new Map(), contracts: [] };
  const tiers = new Map<string, { tierDollars: number; userId: string }>();
  const members = new Map<string, Set<string>>();
  const known = {
    artistOfAlbum(albumId: string) {
      const artistId = albumArtists.get(albumId);
      if (!artistId) throw new Error(`No artist for album ${albumId}`);
      return artistId;
    },
    tierOf: (subscriptionId: string) => tiers.get(subscriptionId)?.tierDollars,
    isMember: (listenerId: string) => (members.get(listenerId)?.size ?? 0) > 0,
    isClosed: (month: string) => log.closed.has(month),
  };
  for (const event of events) {
    if (event.type === 'StatementClosed') {
      if (!log.closed.has(event.data.month)) log.closed.set(event.data.month, event.meta.at);
      continue;
    }
    if (event.type === 'ArtistContractSet') {
      log.contracts.push({ artistId: event.data.artistId, at: event.meta.at, terms: event.data.labelShareBasisPoints });
      continue;
    }
    for (const { month, entry } of entriesOf(event, known)) log.entries.set(month, [...(log.entries.get(month) ?? []), entry]);
    // Membership after the event's own entries: a play counts for whom is a member when it is played.
    if (event.type === 'SubscriptionStarted') {
      const { stripeSubscriptionId: id, userId, amount } = event.data;
      tiers.set(id, { tierDollars: amount, userId });
      members.set(userId, new Set([...(members.get(userId) ?? []), id]));
    } else if (event.type === 'SubscriptionPlanChanged') {
      const sub = tiers.get(event.data.stripeSubscriptionId);
      if (sub) tiers.set(event.data.stripeSubscriptionId, { ...sub, tierDollars: event.data.amount });
    } else if (event.type === 'SubscriptionEnded') {
      const sub = tiers.get(event.data.stripeSubscriptionId);
      if (sub) members.get(sub.userId)?.delete(event.data.stripeSubscriptionId);
    }
  }
  return log;
}

/** A month's statements from the log: the terms in force when it was closed, or at `now` while it is open. */
export function statementsOfMonth(log: StatementLog, month: string, now: string): MonthStatements {
  const cutoff = log.closed.get(month) ?? now;
  return monthStatements(month, log.entries.get(month) ?? [], (artistId) => termsAt(log.contracts, artistId, cutoff));
}
