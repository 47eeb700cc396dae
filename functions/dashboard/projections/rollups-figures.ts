/**
 * The dashboard's figures from the daily rollups (rollups.ts): a range's days summed into plays, sales, memberships
 * and merch, per day, album, track, artist and tier, and the levels (members, monthly recurring revenue) at a day's
 * end. Money stays integer cents. Pure: the handler reads the items, this adds them up.
 */
import type { ViewItem } from '../../platform/projection.js';
import { playRefusalReasons } from '../../../events/index.js';
import { ROLLUP_LABEL, SUSPICIOUS_PLAYS, membersField, payingField, suspiciousPlaysField } from './rollups.js';
import { emptySketch, estimate, mergeSketch, type Sketch } from './rollups-sketch.js';

/** The tiers always shown (the plans on sale: $5 / $10 / $20), besides any other amount found. */
export const TIERS = [5, 10, 20] as const;
export const MAX_RANGE_DAYS = 366;

const DAY_MS = 86_400_000;
const dayNumber = (day: string) => Date.parse(`${day}T00:00:00.000Z`) / DAY_MS;
const dayText = (n: number) => new Date(n * DAY_MS).toISOString().slice(0, 10);

/** Whether `text` is a real calendar day written YYYY-MM-DD. */
export const isDay = (text: string) => /^\d{4}-\d{2}-\d{2}$/.test(text) && dayText(dayNumber(text)) === text;

/** Every day from `from` to `to`, both included. */
export function daysOf(from: string, to: string): string[] {
  const days: string[] = [];
  for (let n = dayNumber(from); n <= dayNumber(to); n++) days.push(dayText(n));
  return days;
}

/** The period of the same length just before. */
export function previousPeriod(from: string, to: string): { from: string; to: string } {
  const length = dayNumber(to) - dayNumber(from) + 1;
  return { from: dayText(dayNumber(from) - length), to: dayText(dayNumber(from) - 1) };
}

export const dayBefore = (day: string) => dayText(dayNumber(day) - 1);

/** Levels by field: `accounts`, `members<tier>`, `paying<tier>`. */
export type Levels = Record<string, number>;

const numberFields = (item: ViewItem): Levels =>
  Object.fromEntries(Object.entries(item).filter((e): e is [string, number] => typeof e[1] === 'number'));

/** The levels at the end of a day: the current levels less every change after it (its month's later days, later months). */
export function levelsAt(now: ViewItem | undefined, laterChanges: ViewItem[]): Levels {
  const levels = now ? numberFields(now) : {};
  for (const change of laterChanges)
    for (const [field, n] of Object.entries(numberFields(change))) levels[field] = (levels[field] ?? 0) - n;
  return levels;
}

/** One day's rollup partition, as read. */
export interface RollupDay {
  day: string;
  items: ViewItem[];
}

const n = (item: Levels | ViewItem | undefined, field: string) => (typeof item?.[field] === 'number' ? item[field] : 0);
const text = (item: ViewItem, field: string) => (typeof item[field] === 'string' ? item[field] : null);

function sumBy<T extends { [k: string]: unknown }>(rows: Map<string, T>, id: string, init: () => T, item: ViewItem, fields: string[]) {
  const row = rows.get(id) ?? init();
  for (const field of fields) (row as Record<string, unknown>)[field] = ((row[field] as number | undefined) ?? 0) + n(item, field);
  rows.set(id, row);
}

const SALES = ['albumsSold', 'grossCents', 'feeCents', 'albumsRefunded', 'refundCents'] as const;
const PLAYS = ['plays', 'completedPlays'] as const;
/** What the album items count: the label's and the artists' plays and sales are the sums of their albums'. */
const ALBUM_FIELDS: readonly string[] = [...SALES, ...PLAYS, 'albumsWithFee'];
/** Net revenue of album sales: what buyers paid, less Stripe's fees and refunds. */
const netOf = (r: { grossCents: number; feeCents: number; refundCents: number }) => r.grossCents - r.feeCents - r.refundCents;
const share = (part: number, whole: number) => (whole > 0 ? part / whole : null);

export function periodFigures(period: { from: string; to: string }, days: RollupDay[], atStart: Levels, atEnd: Levels) {
  type AlbumRow = { albumId: string; title: string; artistName: string | null } & Record<(typeof SALES | typeof PLAYS)[number], number>;
  type ArtistRow = { artistId: string; name: string | null; merchCents: number } & Record<(typeof SALES | typeof PLAYS)[number], number>;
  type TrackRow = {
    trackId: string;
    title: string | null;
    albumId: string;
    artistName: string | null;
    plays: number;
    completedPlays: number;
  };
  type TierFlows = { newMembers: number; cancelledMembers: number; endedMembers: number };
  const zero = () => Object.fromEntries([...SALES, ...PLAYS].map((f) => [f, 0])) as Record<(typeof SALES | typeof PLAYS)[number], number>;
  const albums = new Map<string, AlbumRow>();
  const artists = new Map<string, ArtistRow>();
  const tracks = new Map<string, TrackRow>();
  const tiers = new Map<number, TierFlows>(TIERS.map((t) => [t, { newMembers: 0, cancelledMembers: 0, endedMembers: 0 }]));
  const total: Record<string, number> = {};
  const sketch: Sketch = emptySketch();
  const months = new Map<string, { month: string; newMembers: number; cancelledMembers: number }>();

  const perDay = days.map(({ day, items }) => {
    // The day's label figures: its label items' own (members, merch, accounts; one item per shard, rollups.ts), and
    // the plays and sales of its albums, which only the album items count.
    const label: Levels = {};
    const add = (field: string, value: number) => {
      label[field] = (label[field] ?? 0) + value;
      total[field] = (total[field] ?? 0) + value;
    };
    const daySketch = emptySketch();
    for (const item of items) {
      const sk = item.sk;
      if (sk === ROLLUP_LABEL) {
        // Days written before the albums alone counted plays and sales hold them on the label too: not counted twice.
        for (const [field, value] of Object.entries(numberFields(item))) if (!ALBUM_FIELDS.includes(field)) add(field, value);
      } else if (sk.startsWith('album#')) {
        sumBy(
          albums,
          sk,
          () => ({
            albumId: text(item, 'albumId') ?? sk.slice(6),
            title: text(item, 'title') ?? '',
            artistName: text(item, 'artistName'),
            ...zero(),
          }),
          item,
          [...SALES, ...PLAYS],
        );
        const artistId = text(item, 'artistId');
        if (artistId)
          sumBy(artists, `artist#${artistId}`, () => ({ artistId, name: text(item, 'artistName'), merchCents: 0, ...zero() }), item, [
            ...SALES,
            ...PLAYS,
          ]);
        for (const field of ALBUM_FIELDS) add(field, n(item, field));
      } else if (sk.startsWith('artist#'))
        // An artist's own item counts its merch; its plays and sales are its albums'.
        sumBy(artists, sk, () => ({ artistId: sk.slice(7), name: text(item, 'name'), merchCents: 0, ...zero() }), item, ['merchCents']);
      else if (sk.startsWith('track#'))
        sumBy(
          tracks,
          sk,
          () => ({
            trackId: sk.slice(6),
            title: text(item, 'title'),
            albumId: text(item, 'albumId') ?? '',
            artistName: text(item, 'artistName'),
            plays: 0,
            completedPlays: 0,
          }),
          item,
          [...PLAYS],
        );
      else if (sk.startsWith('tier#')) {
        const tier = n(item, 'tierDollars');
        const row = tiers.get(tier) ?? { newMembers: 0, cancelledMembers: 0, endedMembers: 0 };
        row.newMembers += n(item, 'newMembers');
        row.cancelledMembers += n(item, 'cancelledMembers');
        row.endedMembers += n(item, 'endedMembers');
        tiers.set(tier, row);
      } else if (sk.startsWith('sketch#')) {
        const point = [{ register: n(item, 'register'), rank: n(item, 'rank') }];
        mergeSketch(daySketch, point);
        mergeSketch(sketch, point);
      }
    }
    const month = months.get(day.slice(0, 7)) ?? { month: day.slice(0, 7), newMembers: 0, cancelledMembers: 0 };
    month.newMembers += n(label, 'newMembers');
    month.cancelledMembers += n(label, 'cancelledMembers');
    months.set(month.month, month);
    const grossCents = n(label, 'grossCents');
    const feeCents = n(label, 'feeCents');
    const refundCents = n(label, 'refundCents');
    return {
      day,
      plays: n(label, 'plays'),
      completedPlays: n(label, 'completedPlays'),
      uniqueListeners: estimate(daySketch),
      albumsSold: n(label, 'albumsSold'),
      grossCents,
      feeCents,
      refundCents,
      netCents: netOf({ grossCents, feeCents, refundCents }),
      newMembers: n(label, 'newMembers'),
      cancelledMembers: n(label, 'cancelledMembers'),
      merchOrders: n(label, 'merchOrders'),
      merchCents: n(label, 'merchCents'),
    };
  });

  const t = (field: string) => total[field] ?? 0;
  // Ties go by id, so an answer lists the same rows in the same order however the items were read.
  const byDesc =
    <T>(rank: (row: T) => number, id: (row: T) => string) =>
    (a: T, b: T) =>
      rank(b) - rank(a) || id(a).localeCompare(id(b));
  const tierRows = [...tiers.keys()]
    .sort((a, b) => a - b)
    .map((tierDollars) => {
      const paying = atEnd[payingField(tierDollars)] ?? 0;
      return {
        tierDollars,
        activeMembers: atEnd[membersField(tierDollars)] ?? 0,
        payingMembers: paying,
        mrrCents: paying * tierDollars * 100,
        ...tiers.get(tierDollars)!,
      };
    });
  const membersAtStart = [...tiers.keys()].reduce((sum, tier) => sum + (atStart[membersField(tier)] ?? 0), 0);
  const freeAtStart = (atStart.accounts ?? 0) - membersAtStart;
  const salesRow = <R extends Record<(typeof SALES)[number], number>>(r: R) => ({ ...r, netCents: netOf(r) });

  return {
    from: period.from,
    to: period.to,
    plays: {
      total: t('plays'),
      completed: t('completedPlays'),
      completedShare: share(t('completedPlays'), t('plays')),
      uniqueListeners: estimate(sketch),
      suspicious: {
        total: t(SUSPICIOUS_PLAYS),
        reasons: playRefusalReasons
          .map((reason) => ({ reason, count: t(suspiciousPlaysField(reason)) }))
          .filter((r) => r.count > 0)
          .sort((a, b) => b.count - a.count || a.reason.localeCompare(b.reason)),
      },
      albums: [...albums.values()]
        .filter((a) => a.plays > 0)
        .sort(
          byDesc(
            (a) => a.plays,
            (a) => a.albumId,
          ),
        )
        .map(({ albumId, title, artistName, plays, completedPlays }) => ({ albumId, title, artistName, plays, completedPlays })),
      tracks: [...tracks.values()].sort(
        byDesc(
          (r) => r.plays,
          (r) => r.trackId,
        ),
      ),
      artists: [...artists.values()]
        .filter((a) => a.plays > 0)
        .sort(
          byDesc(
            (a) => a.plays,
            (a) => a.artistId,
          ),
        )
        .map(({ artistId, name, plays, completedPlays }) => ({ artistId, name, plays, completedPlays })),
    },
    sales: {
      albumsSold: t('albumsSold'),
      grossCents: t('grossCents'),
      feeCents: t('feeCents'),
      albumsRefunded: t('albumsRefunded'),
      refundCents: t('refundCents'),
      netCents: netOf({ grossCents: t('grossCents'), feeCents: t('feeCents'), refundCents: t('refundCents') }),
      /** Albums sold in orders for which Stripe's fee was never recorded (paid before fees were); their fee is not in feeCents. */
      albumsWithoutFee: Math.max(0, t('albumsSold') - t('albumsWithFee')),
      albums: [...albums.values()]
        .filter((a) => a.albumsSold + a.albumsRefunded > 0)
        .sort(
          byDesc(
            (a) => a.grossCents,
            (a) => a.albumId,
          ),
        )
        .map(({ albumId, title, artistName, albumsSold, grossCents, feeCents, albumsRefunded, refundCents }) =>
          salesRow({ albumId, title, artistName, albumsSold, grossCents, feeCents, albumsRefunded, refundCents }),
        ),
      artists: [...artists.values()]
        .filter((a) => a.albumsSold + a.albumsRefunded + a.merchCents > 0)
        .sort(
          byDesc(
            (a) => a.grossCents,
            (a) => a.artistId,
          ),
        )
        .map(({ artistId, name, albumsSold, grossCents, feeCents, albumsRefunded, refundCents, merchCents }) =>
          salesRow({ artistId, name, albumsSold, grossCents, feeCents, albumsRefunded, refundCents, merchCents }),
        ),
    },
    membership: {
      activeMembers: tierRows.reduce((sum, r) => sum + r.activeMembers, 0),
      payingMembers: tierRows.reduce((sum, r) => sum + r.payingMembers, 0),
      mrrCents: tierRows.reduce((sum, r) => sum + r.mrrCents, 0),
      tiers: tierRows,
      newMembers: t('newMembers'),
      trials: t('trials'),
      cancelledMembers: t('cancelledMembers'),
      endedMembers: t('endedMembers'),
      accountsOpened: t('accountsOpened'),
      /** New members ÷ the accounts that could convert: free at the start, or opened during the period. */
      conversionRate: share(t('newMembers'), Math.max(0, freeAtStart) + t('accountsOpened')),
      couponUses: t('couponUses'),
      months: [...months.values()],
    },
    merch: { orders: t('merchOrders'), revenueCents: t('merchCents') },
    days: perDay,
  };
}

export type PeriodFigures = ReturnType<typeof periodFigures>;
