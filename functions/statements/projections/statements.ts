/**
 * The artists' statements' inputs, stored per month (functions/statements/domain/ computes the statements from them on
 * read): one partition per month holding an item per money event (its entries: album sales, fees, refunds, Toko+
 * payments, merch), a counter of members' plays per artist, and the month's closing. A statement reads one partition
 * and the contracts: a few items per sale, payment and order, never one per play. Membership and closings are kept
 * here too, so each event's entries are decided as the log's order says (statementLog in from-log.ts does the same).
 */
import type { DomainEvent, EventType } from '../../../events/index.js';
import { ledgerEvents, ledgerFacts, type LedgerFact } from '../domain/facts.js';
import {
  entriesOf,
  monthStatements,
  nextMonth,
  termsAt,
  type ContractVersion,
  type MonthStatements,
  type StatementEntry,
  type StatementLookups,
} from '../domain/statement.js';
import type { Projection, ViewItem, ViewKey, ViewOp, ViewReader } from '../../platform/projection.js';
import { albumKey } from '../../catalogue/projections/catalogue.js';

export const statementMonthPartition = (month: string) => `statements#month#${month}`;
export const STATEMENT_CLOSED_SK = 'closed';
export const STATEMENT_CONTRACTS = 'statements#contracts';
const subscriptionKey = (subscriptionId: string): ViewKey => ({ pk: `statements#subscription#${subscriptionId}`, sk: 'subscription' });
const memberKey = (userId: string): ViewKey => ({ pk: `statements#member#${userId}`, sk: 'member' });
const closedKey = (month: string): ViewKey => ({ pk: statementMonthPartition(month), sk: STATEMENT_CLOSED_SK });

/**
 * Whether `month` was closed when an event of `at` happened: a closing recorded after the event does not move it, so the
 * event lands where the log's order puts it however late it is projected, or re-projected by a heal or a drift check.
 */
async function closedBy(month: string, at: string, views: ViewReader): Promise<boolean> {
  const closing = await views.get(closedKey(month));
  return typeof closing?.closedAt === 'string' && closing.closedAt <= at;
}

/** What the facts of one event (recorded at `at`) need to know, read before they are decided. */
async function lookups(facts: LedgerFact[], at: string, views: ViewReader): Promise<StatementLookups> {
  const artists = new Map<string, string>();
  const tiers = new Map<string, number>();
  const members = new Map<string, boolean>();
  const closed = new Set<string>();
  for (const fact of facts) {
    if ('albumId' in fact && !artists.has(fact.albumId)) {
      const album = await views.get(albumKey(fact.albumId));
      if (typeof album?.artistId !== 'string') throw new Error(`Album ${fact.albumId} is not projected yet`);
      artists.set(fact.albumId, album.artistId);
    }
    if (fact.kind === 'member-renewed') {
      const sub = await views.get(subscriptionKey(fact.subscriptionId));
      if (typeof sub?.tierDollars === 'number') tiers.set(fact.subscriptionId, sub.tierDollars);
    }
    if (fact.kind === 'play' && !members.has(fact.listenerId)) {
      const member = await views.get(memberKey(fact.listenerId));
      members.set(fact.listenerId, ((member?.subscriptionIds as string[] | undefined) ?? []).length > 0);
    }
    // The fact's month and each closed one after it, up to the first still open.
    for (let month = fact.day.slice(0, 7); !closed.has(month) && (await closedBy(month, at, views)); month = nextMonth(month))
      closed.add(month);
  }
  return {
    artistOfAlbum(albumId) {
      const artistId = artists.get(albumId);
      if (!artistId) throw new Error(`Album ${albumId} was not looked up`);
      return artistId;
    },
    tierOf: (subscriptionId) => tiers.get(subscriptionId),
    isMember: (listenerId) => members.get(listenerId) ?? false,
    isClosed: (month) => closed.has(month),
  };
}

/** Membership kept for the plays and renewals after it: a renewal after a plan change pays the new price. */
async function membershipOps(event: DomainEvent, views: ViewReader): Promise<ViewOp[]> {
  if (event.type === 'SubscriptionPlanChanged')
    return [{ kind: 'update', key: subscriptionKey(event.data.stripeSubscriptionId), set: { tierDollars: event.data.amount } }];
  if (event.type !== 'SubscriptionStarted' && event.type !== 'SubscriptionEnded') return [];
  const { userId, stripeSubscriptionId: id } = event.data;
  const held = ((await views.get(memberKey(userId)))?.subscriptionIds as string[] | undefined) ?? [];
  if (event.type === 'SubscriptionEnded')
    return [{ kind: 'put', item: { ...memberKey(userId), subscriptionIds: held.filter((s) => s !== id) } }];
  return [
    { kind: 'put', item: { ...subscriptionKey(id), tierDollars: event.data.amount, userId } },
    { kind: 'put', item: { ...memberKey(userId), subscriptionIds: [...new Set([...held, id])] } },
  ];
}

/**
 * The ledger's events that give a statement nothing: a cancelled member stays one until SubscriptionEnded, and the
 * beta coupon's use, a new account and the end of a play (members' plays are counted once, when they count) earn nothing.
 */
const UNCOUNTED = new Set<EventType>(['SubscriptionCancelled', 'SubscriptionTierChanged', 'UserRegistered', 'PlayCompleted']);

export const statementsProjection: Projection = {
  name: 'statements',
  events: [...ledgerEvents.filter((type) => !UNCOUNTED.has(type)), 'ArtistContractSet', 'StatementClosed'],
  async apply(event: DomainEvent, views): Promise<ViewOp[]> {
    if (event.type === 'StatementClosed') {
      // The first closing stands; the command refuses a second, and a duplicate delivery is the checkpoint's.
      return [
        {
          kind: 'put',
          item: { ...closedKey(event.data.month), month: event.data.month, closedAt: event.meta.at },
          keep: { field: 'closedAt', winner: 'lowest' },
        },
      ];
    }
    if (event.type === 'ArtistContractSet') {
      const { artistId, labelShareBasisPoints } = event.data;
      return [
        {
          kind: 'put',
          item: { pk: STATEMENT_CONTRACTS, sk: `${artistId}#${event.meta.at}`, artistId, at: event.meta.at, terms: labelShareBasisPoints },
        },
      ];
    }
    const facts = ledgerFacts(event);
    const entries = entriesOf(event, await lookups(facts, event.meta.at, views));
    const byMonth = new Map<string, StatementEntry[]>();
    const ops: ViewOp[] = [];
    for (const { month, entry } of entries) {
      if (entry.kind === 'member-plays')
        ops.push({
          kind: 'update',
          key: { pk: statementMonthPartition(month), sk: `plays#${entry.artistId}` },
          add: { plays: entry.plays },
          set: { artistId: entry.artistId },
        });
      else byMonth.set(month, [...(byMonth.get(month) ?? []), entry]);
    }
    for (const [month, monthEntries] of byMonth)
      ops.push({ kind: 'put', item: { pk: statementMonthPartition(month), sk: `event#${event.meta.eventId}`, entries: monthEntries } });
    return [...ops, ...(await membershipOps(event, views))];
  },
};

/** A month's statements from its partition's items and the contracts' items: the terms at its closing, or at `now`. */
export function statementsFromViews(
  month: string,
  monthItems: readonly ViewItem[],
  contractItems: readonly ViewItem[],
  now: string,
): MonthStatements & { closedAt: string | null } {
  const entries: StatementEntry[] = [];
  let closedAt: string | null = null;
  for (const item of monthItems) {
    if (item.sk === STATEMENT_CLOSED_SK) closedAt = item.closedAt as string;
    else if (item.sk.startsWith('plays#'))
      entries.push({ kind: 'member-plays', artistId: item.artistId as string, plays: item.plays as number });
    else if (item.sk.startsWith('event#')) entries.push(...(item.entries as StatementEntry[]));
  }
  const contracts = contractsFromViews(contractItems);
  const cutoff = closedAt ?? now;
  return { ...monthStatements(month, entries, (artistId) => termsAt(contracts, artistId, cutoff)), closedAt };
}

export const contractsFromViews = (items: readonly ViewItem[]): ContractVersion[] =>
  items.map((c) => ({ artistId: c.artistId as string, at: c.at as string, terms: c.terms as ContractVersion['terms'] }));
