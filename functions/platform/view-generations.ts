/**
 * View generations: which version of each projection's items the readers and the live projector use.
 *
 * A projection's items live in the shared `views` and `counters` tables under its own partitions (the owners below).
 * Generation 0 is the items as they have always been stored; generation n > 0 stores the same items with their `pk`
 * (and `gsi1pk`) prefixed `~g<n>~`, so a rebuild writes a whole new version of one projection beside the live one, in
 * the same tables, with nothing to create in a deployment. The active generation of every projection is one item, read
 * by every view reader and cached briefly (GENERATIONS_CACHE_MS): switching readers is one write. Keys and items never
 * leave views.ts physical: callers see the logical keys whatever the generation.
 */
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { dynamoClient } from './aws.js';
import { env } from './env.js';
import type { ViewItem, ViewKey, ViewOp } from './projection.js';

/**
 * The partitions (and index partitions) each projection writes, by the start of their key; the longest match wins. A
 * partition no projection owns (the sync manager's telemetry, this module's own setting) has no generations. The
 * rebuild refuses an op outside its projection's partitions, so a new partition cannot be forgotten here unnoticed.
 */
export const partitionOwners: Record<string, readonly string[]> = {
  catalogue: ['album#', 'track#', 'artist#', 'albums', 'artists', 'archived-artists'],
  library: ['library#', 'artist-fans#', 'recent#'],
  search: ['search', 'search-hidden'],
  'admin-releases': ['release#', 'releases#', 'stats#releases', 'due#'],
  playlists: ['playlist#', 'playlists'],
  users: ['user#', 'user-email#', 'user-pending-email#', 'user-username#', 'user-activity#', 'user-search#', 'user-order#'],
  notifications: ['notifications#'],
  commerce: ['cart#', 'purchases#', 'sales#', 'album-sales#', 'download#', 'video#', 'video-slug#', 'videos'],
  // With the listeners' play counts (projections/stats.ts), which the rollups projection writes.
  rollups: ['rollups#', 'stats#album#', 'stats#track#', 'stats#user#'],
  statements: ['statements#'],
};

/** Prefixes ending in `#` match a partition's start; the others (single partitions such as `search`) match it whole. */
const owners = Object.entries(partitionOwners)
  .flatMap(([projection, prefixes]) => prefixes.map((prefix) => ({ projection, prefix })))
  .sort((a, b) => b.prefix.length - a.prefix.length);

const GENERATION = /^~g(\d+)~/;

/** The logical partition key of a stored one. Pure. */
export const logicalPk = (pk: string) => pk.replace(GENERATION, '');

/** The generation a stored partition key belongs to. Pure. */
export const generationOfPk = (pk: string) => Number(GENERATION.exec(pk)?.[1] ?? 0);

/** The projection owning a logical partition (or index partition) key, if any. Pure. */
export function ownerOf(pk: string): string | undefined {
  const checkpoint = /^checkpoint#([^#]+)#/.exec(pk);
  if (checkpoint) return checkpoint[1];
  return owners.find(({ prefix }) => (prefix.endsWith('#') ? pk.startsWith(prefix) : pk === prefix || pk.startsWith(`${prefix}#`)))
    ?.projection;
}

/** Each projection's generation; absent means 0. */
export type Generations = Readonly<Record<string, number>>;

/** The stored key of a logical partition key under `generations`. Pure. */
export function physicalPk(pk: string, generations: Generations): string {
  const owner = ownerOf(pk);
  const generation = owner ? (generations[owner] ?? 0) : 0;
  return generation ? `~g${generation}~${pk}` : pk;
}

/** An item (or key) as stored under `generations`: its `pk` and `gsi1pk` prefixed. Pure. */
export function physicalItem<T extends { pk: string }>(item: T, generations: Generations): T {
  const out: Record<string, unknown> = { ...item, pk: physicalPk(item.pk, generations) };
  if (typeof out.gsi1pk === 'string') out.gsi1pk = physicalPk(out.gsi1pk, generations);
  return out as T;
}

/** A stored item as its readers know it: without its generation's prefixes. Pure. */
export function logicalItem<T>(item: T): T {
  const stored = item as ViewItem;
  if (!stored || typeof stored.pk !== 'string' || !GENERATION.test(stored.pk)) return item;
  const out: ViewItem = { ...stored, pk: logicalPk(stored.pk) };
  if (typeof out.gsi1pk === 'string') out.gsi1pk = logicalPk(out.gsi1pk);
  return out as T;
}

/** A view op as written under `generations` (an update setting `gsi1pk` sets the prefixed one). Pure. */
export function physicalOp(op: ViewOp, generations: Generations): ViewOp {
  switch (op.kind) {
    case 'put':
      return { ...op, item: physicalItem(op.item, generations) };
    case 'delete':
      return { ...op, key: physicalItem(op.key, generations) };
    case 'update': {
      const key: ViewKey = physicalItem(op.key, generations);
      const gsi1pk = op.set?.gsi1pk;
      return typeof gsi1pk === 'string' ? { ...op, key, set: { ...op.set, gsi1pk: physicalPk(gsi1pk, generations) } } : { ...op, key };
    }
  }
}

/** The setting: one item of `views` in a partition no projection owns (an upgrade reads it too: infra/local/upgrade-data.ts). */
export const generationsSettingKey = { pk: 'ops-view-generations', sk: 'active' };

/** How long a process trusts the setting it read: a switch reaches every reader within this time. */
export const GENERATIONS_CACHE_MS = 5000;

let cached: { at: number; value: Promise<Generations> } | undefined;

async function readSetting(): Promise<{ generations: Generations; revision: number }> {
  const out = await dynamoClient().send(new GetCommand({ TableName: env().TABLE_VIEWS, Key: generationsSettingKey, ConsistentRead: true }));
  return {
    generations: (out.Item?.generations as Generations | undefined) ?? {},
    revision: (out.Item?.revision as number | undefined) ?? 0,
  };
}

const readGenerations = async () => (await readSetting()).generations;

/** The active generation of every projection, cached for GENERATIONS_CACHE_MS. */
export function activeGenerations(now = Date.now()): Promise<Generations> {
  if (!cached || now - cached.at >= GENERATIONS_CACHE_MS) {
    const value = readGenerations();
    cached = { at: now, value };
    // A failed read is not cached: the next reader tries again.
    value.catch(() => {
      if (cached?.value === value) cached = undefined;
    });
  }
  return cached.value;
}

/** Reads the setting now, past the cache (the rebuild deciding what to write). */
export async function currentGenerations(): Promise<Generations> {
  const value = await readGenerations();
  cached = { at: Date.now(), value: Promise.resolve(value) };
  return value;
}

/** Makes `generation` the one `projection`'s readers and live projector use, in one write, if the setting is still `expected`. */
export async function setActiveGeneration(projection: string, generation: number, expected: number): Promise<void> {
  const { generations, revision } = await readSetting();
  const current = generations[projection] ?? 0;
  if (current !== expected) throw new Error(`${projection} is at generation ${current}, not ${expected}`);
  await dynamoClient().send(
    new PutCommand({
      TableName: env().TABLE_VIEWS,
      Item: { ...generationsSettingKey, generations: { ...generations, [projection]: generation }, revision: revision + 1 },
      // Two switches of different projections at once must not lose one of them: the loser fails and is asked again.
      ConditionExpression: 'attribute_not_exists(pk) OR revision = :revision',
      ExpressionAttributeValues: { ':revision': revision },
    }),
  );
  cached = undefined;
}
