/**
 * The label's daily rollups, what the admin dashboard reads (functions/dashboard/http/admin-dashboard.ts): for each UTC day, its
 * partitions (ROLLUP_DAY_SHARDS of them) holding the label's totals, an item per album, track, artist (merch) and
 * Toko+ tier that had anything that day, and the day's unique-listener sketch (rollups-sketch.ts). A dashboard load
 * reads each day's partitions of its range, whatever the number of events; a finished day is closed into one summary
 * partition (rollups-summary.ts), which a write into a day that may be closed marks dirty. Levels that are states rather than flows (accounts; members and paying members per
 * tier, whence monthly recurring revenue) are kept as their current value plus each day's and month's change, so the level at the end of
 * any day is the current value less the changes after it. The facts and their money rules come from the ledger.
 *
 * It also writes the play counts listeners see (stats.ts): one projector per plays stream, so a play moves one
 * checkpoint rather than one per counting projection.
 */
import type { DomainEvent, PlayRefusalReason } from '../../../events/index.js';
import { ledgerEvents, ledgerFacts, type LedgerFact } from '../../statements/index.js';
import {
  fnv1a,
  spreadPk,
  type Projection,
  type SpreadPartitions,
  type ViewItem,
  type ViewKey,
  type ViewOp,
  type ViewReader,
} from '../../platform/projection.js';
import { albumKey, artistKey } from '../../catalogue/projections/catalogue.js';
import { sketchPoint } from './rollups-sketch.js';
import { playsStream } from '../../listening/index.js';
import { statsProjection } from '../../listening/projections/stats.js';

/**
 * Each day's items are spread over ROLLUP_DAY_SHARDS partitions: every play adds to its album and track, which in one
 * partition would take the whole peak's writes (6,700 WCU/s at 1,000,000 daily listeners by `npm run capacity`,
 * against DynamoDB's 1,000 per partition). A count goes to the shard the store draws for its turn (ViewOp's `spread`),
 * so a batch's plays of one track are one write; a listener's sketch point to the shard their stream hashes to. A
 * reader reads a day's shards and adds them up (rollups-figures.ts). Shard 0 keeps the unsharded name, so the days
 * written before the shards read as they were.
 */
export const ROLLUP_DAY_SHARDS = 16;
export const rollupDayPartition = (day: string, shard = 0) => spreadPk(`rollups#day#${day}`, shard);
/** A day's partitions, all of them: what a reader of the day reads. */
export const rollupDayPartitions = (day: string) => Array.from({ length: ROLLUP_DAY_SHARDS }, (_, shard) => rollupDayPartition(day, shard));

/** The shard of a stream's sketch points (FNV-1a of its id): one listener's plays of a day stay together. Pure. */
export const rollupShardOf = (streamId: string): number => fnv1a(streamId) % ROLLUP_DAY_SHARDS;
export const ROLLUP_LABEL = 'label';

/** A finished day's summary (rollups-summary.ts): one partition a reader reads instead of the day's shards. */
const SUMMARY_PARTITIONS = 'rollups#day-summary#';
export const rollupSummaryPartition = (day: string) => `${SUMMARY_PARTITIONS}${day}`;
export const DIRTY_SK = 'dirty';
/** The index (gsi1) of the dirty days, which the closing job reads to find the closed days it must close again. */
export const ROLLUP_DIRTY_DAYS = 'rollups#dirty-days';
/** The UTC day of an instant. */
export const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** How long after its end a day is closed (rollups-summary.ts): its last events are projected within seconds. */
export const CLOSE_GRACE_MS = 3_600_000;
/**
 * How long before a day may be closed a write into it starts marking it dirty: longer than any projector's run from its
 * decision to its commit (a consumer's Lambda timeout, 30 s), so a write decided without a mark lands before any close.
 */
export const MARK_BEFORE_CLOSE_MS = 1_800_000;
const DAY_MS = 86_400_000;
const endOf = (day: string) => Date.parse(`${day}T00:00:00.000Z`) + DAY_MS;
/** Whether the closing job closes `day` at `now`: it ended at least CLOSE_GRACE_MS ago. Pure. */
export const isClosable = (day: string, now: number) => now >= endOf(day) + CLOSE_GRACE_MS;

/**
 * Whether a write into `day`, projected at `now`, may land in a closed day, so must mark it dirty: from
 * MARK_BEFORE_CLOSE_MS before the day may be closed, and until then no day is closed, as the job closes a day only once
 * it is closable or marked. Today's events never mark, nor do yesterday's plays projected in the first half hour after
 * midnight: the plays of 23:59 projected at 00:00 had each written one mark, the one item of its partition, at the
 * peak's rate. Pure.
 */
export const mayBeClosed = (day: string, now: number) => now >= endOf(day) + CLOSE_GRACE_MS - MARK_BEFORE_CLOSE_MS;

/**
 * The dirty mark of a day, named by the event that wrote it last: the job clears it only if no later event replaced
 * it. Many streams write it, so it counts them as a counter does, which also keeps it out of a heal and of the drift
 * check (functions/operations/heal.ts): the job clears it, so no one stream's replay can tell whether it should be there.
 */
export const dirtyMark = (day: string, token: string): ViewOp => ({
  kind: 'update',
  key: { pk: rollupSummaryPartition(day), sk: DIRTY_SK },
  add: { lateEvents: 1 },
  set: { day, token, gsi1pk: ROLLUP_DIRTY_DAYS, gsi1sk: day },
});
export const rollupSketchSk = (register: number) => `sketch#${String(register).padStart(3, '0')}`;
/** Current levels. */
export const rollupLevelsKey: ViewKey = { pk: 'rollups#levels', sk: 'now' };
/** Each day's change of the levels, by month: the days after one in its month are one Query. */
export const rollupLevelDaysPartition = (month: string) => `rollups#level-days#${month}`;
/** Each month's change of the levels: the months after one are one Query. */
export const ROLLUP_LEVEL_MONTHS = 'rollups#level-months';
/** What the rollups know of one subscription: its tier, and whether it pays yet. */
export const rollupSubscriptionKey = (subscriptionId: string): ViewKey => ({
  pk: `rollups#subscription#${subscriptionId}`,
  sk: 'subscription',
});

/** The level fields: `accounts`, and per tier (e.g. 10) `members10` (trials included) and `paying10` (past any trial). */
export const membersField = (tierDollars: number) => `members${tierDollars}`;
export const payingField = (tierDollars: number) => `paying${tierDollars}`;

interface AlbumRef {
  albumId: string;
  title: string;
  artistId: string;
  artistName: string | null;
  tracks: { id: string; title: string }[];
}

async function albumOf(albumId: string, views: ViewReader): Promise<AlbumRef> {
  const album = await views.get(albumKey(albumId));
  if (!album?.artistId) throw new Error(`Album ${albumId} is not projected yet`);
  return {
    albumId,
    title: album.title as string,
    artistId: album.artistId as string,
    artistName: (album.artistName as string | undefined) ?? null,
    tracks: (album.tracks as { id: string; title: string }[] | undefined) ?? [],
  };
}

/** An item of a day: the day and the shard of the event it comes from. */
interface Day {
  day: string;
  shard: number;
}
const dayKey = ({ day, shard }: Day, sk: string): ViewKey => ({ pk: rollupDayPartition(day, shard), sk });
type CountOp = Extract<ViewOp, { kind: 'update' }>;
const count = (key: ViewKey, add: Record<string, number>, set: Record<string, unknown> = {}): CountOp => ({
  kind: 'update',
  key,
  add,
  set,
});
/**
 * A count on a day's item, in whichever of the day's shards the store writes this turn's counts into (ViewOp's
 * `spread`): the plays of a batch, whatever their streams, add up into one write of their album and one of their track.
 */
const dayCount = (day: string, sk: string, add: Record<string, number>, set: Record<string, unknown> = {}): CountOp => ({
  ...count({ pk: rollupDayPartition(day), sk }, add, set),
  spread: ROLLUP_DAY_SHARDS,
});

/**
 * One event's album figures, added to the day's album item alone: its artist's and the label's are the sums of their
 * albums' (rollups-figures.ts), which keeps a play to two writes (its album and track) rather than four.
 */
function albumOps(day: Day, album: AlbumRef, add: Record<string, number>): ViewOp[] {
  return [
    dayCount(day.day, `album#${album.albumId}`, add, {
      albumId: album.albumId,
      title: album.title,
      artistId: album.artistId,
      artistName: album.artistName,
    }),
  ];
}

/** A change of the levels: now, that day's and that month's. */
function levelOps(day: string, add: Record<string, number>): ViewOp[] {
  const month = day.slice(0, 7);
  return [
    count(rollupLevelsKey, add),
    count({ pk: rollupLevelDaysPartition(month), sk: day }, add, { day }),
    count({ pk: ROLLUP_LEVEL_MONTHS, sk: month }, add, { month }),
  ];
}

interface SubscriptionRecord {
  tierDollars: number;
  paying: boolean;
}

async function subscriptionOf(subscriptionId: string, views: ViewReader): Promise<(SubscriptionRecord & ViewItem) | undefined> {
  return (await views.get(rollupSubscriptionKey(subscriptionId))) as (SubscriptionRecord & ViewItem) | undefined;
}

/**
 * Whether `event` is a later play in its listener's plays stream of the fact's day: the stream's first play put the
 * listener's sketch point into this very shard (the shard is the stream's), and a listener's point is always the same,
 * so no later one of theirs can raise it. Its read is saved: one per play, on the hot path.
 */
function laterPlayOfTheDay(event: DomainEvent, fact: Extract<LedgerFact, { kind: 'play' }>): boolean {
  if (event.type !== 'PlayRecorded' || event.version === 1) return false;
  return event.streamId === playsStream(fact.listenerId, new Date(`${fact.day}T00:00:00.000Z`), event.data.userId !== null);
}

async function factOps(fact: LedgerFact, event: DomainEvent, views: ViewReader): Promise<ViewOp[]> {
  const day: Day = { day: fact.day, shard: rollupShardOf(event.streamId) };
  switch (fact.kind) {
    case 'play': {
      const album = await albumOf(fact.albumId, views);
      const add = { plays: 1, completedPlays: fact.completed ? 1 : 0 };
      const track = album.tracks.find((t) => t.id === fact.trackId);
      const ops = [
        ...albumOps(day, album, add),
        dayCount(day.day, `track#${fact.trackId}`, add, {
          trackId: fact.trackId,
          title: track?.title ?? null,
          albumId: album.albumId,
          artistName: album.artistName,
        }),
      ];
      if (laterPlayOfTheDay(event, fact)) return ops;
      // Read first, so a listener who raises nothing (most plays) writes nothing; `keep` settles two raising at once.
      const { register, rank } = sketchPoint(fact.listenerId);
      const key = dayKey(day, rollupSketchSk(register));
      const stored = (await views.get(key))?.rank as number | undefined;
      if (!stored || rank > stored) ops.push({ kind: 'put', item: { ...key, register, rank }, keep: { field: 'rank', winner: 'highest' } });
      return ops;
    }
    case 'play-completed': {
      const album = await albumOf(fact.albumId, views);
      const track = album.tracks.find((t) => t.id === fact.trackId);
      return [
        ...albumOps(day, album, { completedPlays: 1 }),
        dayCount(
          day.day,
          `track#${fact.trackId}`,
          { completedPlays: 1 },
          {
            trackId: fact.trackId,
            title: track?.title ?? null,
            albumId: album.albumId,
            artistName: album.artistName,
          },
        ),
      ];
    }
    case 'album-sold':
      return albumOps(day, await albumOf(fact.albumId, views), { albumsSold: 1, grossCents: fact.grossCents });
    case 'album-fee':
      return albumOps(day, await albumOf(fact.albumId, views), { feeCents: fact.feeCents, albumsWithFee: 1 });
    case 'album-refunded':
      return albumOps(day, await albumOf(fact.albumId, views), { albumsRefunded: 1, refundCents: fact.refundCents });
    case 'member-joined': {
      const tier = fact.tierDollars;
      const paying = !fact.trial;
      const flows = { newMembers: 1, trials: fact.trial ? 1 : 0 };
      return [
        { kind: 'put', item: { ...rollupSubscriptionKey(fact.subscriptionId), tierDollars: tier, paying } },
        dayCount(day.day, `tier#${tier}`, flows, { tierDollars: tier }),
        dayCount(day.day, ROLLUP_LABEL, flows),
        ...levelOps(day.day, { [membersField(tier)]: 1, [payingField(tier)]: paying ? 1 : 0 }),
      ];
    }
    case 'member-renewed': {
      const sub = await subscriptionOf(fact.subscriptionId, views);
      // A renewal of a paying member changes nothing counted; the first payment after a trial makes one paying.
      if (!sub || sub.paying) return [];
      return [
        { kind: 'update', key: rollupSubscriptionKey(fact.subscriptionId), set: { paying: true } },
        ...levelOps(day.day, { [payingField(sub.tierDollars)]: 1 }),
      ];
    }
    case 'member-switched': {
      const sub = await subscriptionOf(fact.subscriptionId, views);
      // The member counts in the new tier from the switch on, paying or in a trial as before.
      if (!sub || sub.tierDollars === fact.tierDollars) return [];
      const paying = sub.paying ? 1 : 0;
      return [
        { kind: 'update', key: rollupSubscriptionKey(fact.subscriptionId), set: { tierDollars: fact.tierDollars } },
        ...levelOps(day.day, {
          [membersField(sub.tierDollars)]: -1,
          [payingField(sub.tierDollars)]: -paying,
          [membersField(fact.tierDollars)]: 1,
          [payingField(fact.tierDollars)]: paying,
        }),
      ];
    }
    case 'member-cancelled': {
      const sub = await subscriptionOf(fact.subscriptionId, views);
      if (!sub) return [];
      return [
        dayCount(day.day, `tier#${sub.tierDollars}`, { cancelledMembers: 1 }, { tierDollars: sub.tierDollars }),
        dayCount(day.day, ROLLUP_LABEL, { cancelledMembers: 1 }),
      ];
    }
    case 'member-left': {
      const sub = await subscriptionOf(fact.subscriptionId, views);
      if (!sub) return [];
      const tier = sub.tierDollars;
      return [
        { kind: 'delete', key: rollupSubscriptionKey(fact.subscriptionId) },
        dayCount(day.day, `tier#${tier}`, { endedMembers: 1 }, { tierDollars: tier }),
        dayCount(day.day, ROLLUP_LABEL, { endedMembers: 1 }),
        ...levelOps(day.day, { [membersField(tier)]: -1, [payingField(tier)]: sub.paying ? -1 : 0 }),
      ];
    }
    case 'coupon-used':
      return [dayCount(day.day, ROLLUP_LABEL, { couponUses: 1 })];
    case 'merch-ordered': {
      const artists = await Promise.all(
        fact.artists
          .filter((a): a is { artistId: string; revenueCents: number } => a.artistId !== null)
          .map(async (a) => ({ ...a, name: ((await views.get(artistKey(a.artistId)))?.name as string | undefined) ?? null })),
      );
      return [
        dayCount(day.day, ROLLUP_LABEL, { merchOrders: 1, merchCents: fact.revenueCents }),
        ...artists.map((a) =>
          dayCount(day.day, `artist#${a.artistId}`, { merchCents: a.revenueCents }, { artistId: a.artistId, name: a.name }),
        ),
      ];
    }
    case 'account-opened':
      return [dayCount(day.day, ROLLUP_LABEL, { accountsOpened: 1 }), ...levelOps(day.day, { accounts: 1 })];
    default: {
      const never: never = fact;
      throw new Error(`Unknown ledger fact ${JSON.stringify(never)}`);
    }
  }
}

/** One update per item: an event's facts often count on one item (a refund of two albums of one artist). */
function addedUp(ops: ViewOp[]): ViewOp[] {
  const byKey = new Map<string, ViewOp>();
  for (const op of ops) {
    const key = op.kind === 'put' ? op.item : op.key;
    const id = `${key.pk}|${key.sk}`;
    const seen = byKey.get(id);
    if (seen?.kind === 'update' && op.kind === 'update') {
      const add = { ...seen.add };
      for (const [field, n] of Object.entries(op.add ?? {})) add[field] = (add[field] ?? 0) + n;
      byKey.set(id, { ...seen, add, set: { ...seen.set, ...op.set } });
    } else byKey.set(id, op);
  }
  return [...byKey.values()];
}

/** A day's shards: where its counts land (dayCount) and its sketch points; compared with the shards added up. */
const daySpread: SpreadPartitions = {
  baseOf: (pk) => /^(rollups#day#\d{4}-\d{2}-\d{2})(#\d+)?$/.exec(pk)?.[1],
  partitionsOf: (base) => rollupDayPartitions(base.slice('rollups#day#'.length)),
  values: ['tierDollars', 'register', 'rank'],
};

/** The label item's fields of refused play reports: all of them, and by reason (`suspiciousPlays_repeat`). */
export const SUSPICIOUS_PLAYS = 'suspiciousPlays';
export const suspiciousPlaysField = (reason: PlayRefusalReason) => `${SUSPICIOUS_PLAYS}_${reason}`;
/** The sync manager's time buckets of refused play reports: ten minutes each, an item of the day (same fields). */
export const SUSPICIOUS_BUCKET_MINUTES = 10;
/** `suspiciousPlays#21:40`: the bucket of an ISO instant, in its UTC day's partitions. Pure. */
export const suspiciousBucketSk = (at: string) => `${SUSPICIOUS_PLAYS}#${at.slice(11, 15)}0`;

export const rollupsProjection: Projection = {
  name: 'rollups',
  events: [...ledgerEvents, 'PlayRefused'],
  spread: daySpread,
  // A day's summary is the closing job's, and its dirty mark is set by the clock at projection time and cleared by the
  // job: a rebuilt generation has neither as the live one does. The dashboard reads a day without a summary from its
  // shards, and the job closes the marked and recent days again in the new generation.
  beyondTheLog: (pk) => pk.startsWith(SUMMARY_PARTITIONS),
  async apply(event: DomainEvent, views): Promise<ViewOp[]> {
    // A play's counts for the listeners (stats.ts) go with the dashboard's, under one checkpoint.
    const ops: ViewOp[] = event.type === 'PlayRecorded' ? [...(await statsProjection.apply(event, views))] : [];
    const now = Date.now();
    if (event.type === 'PlayRefused') {
      const day = utcDay(Date.parse(event.meta.at));
      const counts = { [SUSPICIOUS_PLAYS]: 1, [suspiciousPlaysField(event.data.reason)]: 1 };
      ops.push(dayCount(day, ROLLUP_LABEL, counts), dayCount(day, suspiciousBucketSk(event.meta.at), counts));
      if (mayBeClosed(day, now)) ops.push(dirtyMark(day, event.meta.eventId));
    }
    for (const fact of ledgerFacts(event)) {
      const factOpsOf = await factOps(fact, event, views);
      ops.push(...factOpsOf);
      const writesDay = factOpsOf.some((op) => (op.kind === 'put' ? op.item : op.key).pk.startsWith(`rollups#day#${fact.day}`));
      if (writesDay && mayBeClosed(fact.day, now)) ops.push(dirtyMark(fact.day, event.meta.eventId));
    }
    return addedUp(ops);
  },
};
