/**
 * The view store over DynamoDB: what projectors write through, and the reads queries use. It spans two tables
 * (infra/tables.ts): `counters` holds the partitions written on nearly every event, the projectors' checkpoints and
 * the play statistics (functions/listening/projections/stats.ts); `views` holds every other item. Each item goes by its
 * partition key, so no caller names a table. Each projection's items are read and written in its active generation
 * (functions/platform/view-generations.ts): callers name logical keys and get logical items back.
 */
import { GetCommand, QueryCommand, TransactWriteCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { dynamoClient } from './aws.js';
import { batchGetItems } from './batch-get.js';
import { env } from './env.js';
import { opKeyOf, spreadOp, viewKeyId, type ViewItem, type ViewKey, type ViewOp, type ViewStore } from './projection.js';
import { activeGenerations, logicalItem, logicalPk, physicalItem, physicalOp, physicalPk, type Generations } from './view-generations.js';

export const checkpointKey = (projection: string, streamId: string): ViewKey => ({
  pk: `checkpoint#${projection}#${streamId}`,
  sk: 'checkpoint',
});

const COUNTER_PARTITIONS = ['checkpoint#', 'stats#'];

/** Whether an item lives in the `counters` table rather than `views` (of any generation). Pure. */
export const isCounterKey = (key: { pk: string }) => COUNTER_PARTITIONS.some((prefix) => logicalPk(key.pk).startsWith(prefix));

/** The table holding an item, or a partition. */
export const tableOf = (key: { pk: string }) => (isCounterKey(key) ? env().TABLE_COUNTERS : env().TABLE_VIEWS);

type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/** One view op as an item of a TransactWriteItems request, in the table its key belongs to. */
export function toTransactItem(op: ViewOp): TransactItem {
  const table = tableOf(op.kind === 'put' ? op.item : op.key);
  switch (op.kind) {
    case 'put':
      return {
        Put: {
          TableName: table,
          Item: op.item,
          ...(op.keep
            ? {
                ConditionExpression: `attribute_not_exists(pk) OR #keep ${op.keep.winner === 'lowest' ? '>' : '<'} :keep`,
                ExpressionAttributeNames: { '#keep': op.keep.field },
                ExpressionAttributeValues: { ':keep': op.item[op.keep.field] },
              }
            : {}),
        },
      };
    case 'delete':
      return { Delete: { TableName: table, Key: op.key } };
    case 'update': {
      const names: Record<string, string> = {};
      const values: Record<string, unknown> = {};
      const sets: string[] = [];
      const adds: string[] = [];
      const removes = (op.remove ?? []).map((field, i) => {
        names[`#r${i}`] = field;
        return `#r${i}`;
      });
      Object.entries(op.set ?? {}).forEach(([field, value], i) => {
        names[`#s${i}`] = field;
        values[`:s${i}`] = value;
        sets.push(`#s${i} = :s${i}`);
      });
      Object.entries(op.add ?? {}).forEach(([field, value], i) => {
        names[`#a${i}`] = field;
        values[`:a${i}`] = value;
        adds.push(`#a${i} :a${i}`);
      });
      const expression = [
        sets.length ? `SET ${sets.join(', ')}` : '',
        adds.length ? `ADD ${adds.join(', ')}` : '',
        removes.length ? `REMOVE ${removes.join(', ')}` : '',
      ]
        .filter(Boolean)
        .join(' ');
      return {
        Update: {
          TableName: table,
          Key: op.key,
          UpdateExpression: expression,
          ExpressionAttributeNames: names,
          // DynamoDB refuses an empty map: an update that only removes has no values.
          ExpressionAttributeValues: Object.keys(values).length ? values : undefined,
        },
      };
    }
  }
}

const opKey = (op: ViewOp) => viewKeyId(opKeyOf(op));

/** One projector commit waiting to be written: its checkpoint move and its view ops. */
export interface PendingCommit {
  checkpoint: ViewKey;
  ops: ViewOp[];
}

/** TransactWriteItems takes at most 100 items. */
const MAX_TRANSACTION_ITEMS = 100;

/** Commits written in one transaction, and its view ops: theirs, with counter updates of one item added up. */
export interface Pack<T extends PendingCommit> {
  commits: T[];
  ops: ViewOp[];
}

/** Two updates of one item that only add to counters and set the same values are one update adding both. */
function addedUp(a: ViewOp, b: ViewOp): ViewOp | undefined {
  if (a.kind !== 'update' || b.kind !== 'update' || !a.add || !b.add) return undefined;
  if (JSON.stringify(a.set ?? {}) !== JSON.stringify(b.set ?? {})) return undefined;
  const add = { ...a.add };
  for (const [field, n] of Object.entries(b.add)) add[field] = (add[field] ?? 0) + n;
  return { ...a, add };
}

/**
 * Packs commits into as few transactions as DynamoDB allows: at most 100 items each, and no item twice in one.
 * Where two streams write one item, counter updates are added up into one update (many listeners' plays of one
 * track); any other write of an item already in a pack goes to another transaction. Keeps the commits' order. Pure.
 */
export function packCommits<T extends PendingCommit>(commits: T[], maxItems = MAX_TRANSACTION_ITEMS): Pack<T>[] {
  const packs: { commits: T[]; ops: Map<string, ViewOp>; checkpoints: Set<string> }[] = [];
  const place = (pack: (typeof packs)[number], commit: T): boolean => {
    const checkpoint = viewKeyId(commit.checkpoint);
    if (pack.checkpoints.has(checkpoint) || pack.ops.has(checkpoint)) return false;
    const merged = new Map<string, ViewOp>();
    for (const op of commit.ops) {
      const key = opKey(op);
      if (key === checkpoint || pack.checkpoints.has(key)) return false;
      const stored = merged.get(key) ?? pack.ops.get(key);
      const next = stored ? addedUp(stored, op) : op;
      if (!next) return false;
      merged.set(key, next);
    }
    const added = [...merged.keys()].filter((key) => !pack.ops.has(key)).length;
    if (pack.checkpoints.size + pack.ops.size + 1 + added > maxItems && pack.commits.length > 0) return false;
    pack.commits.push(commit);
    pack.checkpoints.add(checkpoint);
    merged.forEach((op, key) => pack.ops.set(key, op));
    return true;
  };
  for (const commit of commits) {
    if (packs.some((pack) => place(pack, commit))) continue;
    const pack = { commits: [] as T[], ops: new Map<string, ViewOp>(), checkpoints: new Set<string>() };
    packs.push(pack);
    if (!place(pack, commit)) {
      // A commit that writes one item twice: DynamoDB refuses it alone as well, and says why.
      pack.commits.push(commit);
      commit.ops.forEach((op, i) => pack.ops.set(`${opKey(op)}#${i}`, op));
    }
  }
  return packs.map((pack) => ({ commits: pack.commits, ops: [...pack.ops.values()] }));
}

interface Waiting extends PendingCommit {
  from: number;
  to: number;
  settle: (result: { ok: boolean } | { error: Error }) => void;
}

function checkpointItem(w: Waiting): TransactItem {
  return {
    Put: {
      TableName: tableOf(w.checkpoint),
      Item: { ...w.checkpoint, version: w.to },
      ConditionExpression: w.from === 0 ? 'attribute_not_exists(pk)' : 'version = :from',
      ...(w.from === 0 ? {} : { ExpressionAttributeValues: { ':from': w.from } }),
    },
  };
}

/** `ops` without the `keep` puts that lost: those whose cancellation reason, counted from `at`, is a failed condition. */
const withoutLostKeeps = (ops: ViewOp[], failed: (i: number) => boolean, at: number) =>
  ops.filter((op, j) => !(op.kind === 'put' && op.keep && failed(at + j)));

/**
 * Writes a pack in one transaction. A commit whose checkpoint moved is refused (false) and a `keep` put that lost
 * is dropped; the rest is written again without them. Any other failure, or any failure of a pack whose counters
 * were added up, writes each commit on its own, so one bad commit fails only its own record.
 */
async function writeTogether({ commits, ops }: Pack<Waiting>): Promise<void> {
  const merged = ops.length !== commits.reduce((n, w) => n + w.ops.length, 0);
  let live = commits;
  let liveOps = ops;
  while (live.length) {
    try {
      await dynamoClient().send(new TransactWriteCommand({ TransactItems: [...live.map(checkpointItem), ...liveOps.map(toTransactItem)] }));
      live.forEach((w) => w.settle({ ok: true }));
      return;
    } catch (error) {
      const reasons = error instanceof TransactionCanceledException ? (error.CancellationReasons ?? []) : [];
      const failed = (i: number) => reasons[i]?.Code === 'ConditionalCheckFailed';
      if (merged || live.length === 1 || !reasons.some((_, i) => failed(i))) {
        if (live.length === 1 && !merged) return writeAlone(live[0], error, reasons);
        await Promise.all(live.map((w) => writeTogether({ commits: [w], ops: w.ops })));
        return;
      }
      // Checkpoints come first, then each commit's ops in turn.
      let at = live.length;
      const next: Waiting[] = [];
      live.forEach((w, i) => {
        const mine = at;
        at += w.ops.length;
        if (failed(i)) return w.settle({ ok: false });
        next.push({ ...w, ops: withoutLostKeeps(w.ops, failed, mine) });
      });
      if (next.length === live.length && next.every((w, i) => w.ops.length === live[i].ops.length)) {
        // A condition failed that no rule here explains: each commit on its own, to find whose it is.
        await Promise.all(live.map((w) => writeTogether({ commits: [w], ops: w.ops })));
        return;
      }
      live = next;
      liveOps = next.flatMap((w) => w.ops);
    }
  }
}

/** The answer for one commit whose transaction was cancelled: refused, or written again without its losing `keep` puts. */
function writeAlone(w: Waiting, error: unknown, reasons: Array<{ Code?: string }>): Promise<void> | void {
  const failed = (i: number) => reasons[i]?.Code === 'ConditionalCheckFailed';
  if (failed(0)) return w.settle({ ok: false });
  const ops = withoutLostKeeps(w.ops, failed, 1);
  if (ops.length === w.ops.length) {
    return w.settle({ error: error instanceof Error ? error : new Error('The view transaction failed', { cause: error }) });
  }
  return writeTogether({ commits: [{ ...w, ops }], ops });
}

let waiting: Waiting[] = [];
/**
 * The partition of this turn's spread updates (ViewOp's `spread`): one for all of them, so the plays of a batch add up
 * into one write of each item; drawn at random each turn, so the turns of all the functions spread over the partitions.
 */
let turnPartition = 0;

/** Writes what was committed during one turn of the event loop (a FIFO batch's streams) in as few transactions as it can. */
function flush() {
  const commits = waiting;
  waiting = [];
  for (const pack of packCommits(commits)) void writeTogether(pack);
}

/** The view store over the generations `generations` names (a rebuild's catch-up writes its own one this way). */
export const viewStoreAt = (generations: () => Promise<Generations>): ViewStore => ({
  async get(key) {
    const stored = physicalItem(key, await generations());
    const out = await dynamoClient().send(new GetCommand({ TableName: tableOf(key), Key: stored, ConsistentRead: true }));
    return logicalItem(out.Item as ViewItem | undefined);
  },
  async checkpoint(projection, streamId) {
    const key = physicalItem(checkpointKey(projection, streamId), await generations());
    const out = await dynamoClient().send(new GetCommand({ TableName: tableOf(key), Key: key, ConsistentRead: true }));
    return (out.Item?.version as number | undefined) ?? 0;
  },
  async commit(projection, streamId, from, to, ops) {
    // Cached but for one read every few seconds: the commits of one turn still meet in one flush.
    const at = await generations();
    return new Promise<boolean>((resolve, reject) => {
      if (waiting.length === 0) {
        turnPartition = Math.floor(Math.random() * 1024);
        setImmediate(flush);
      }
      waiting.push({
        checkpoint: physicalItem(checkpointKey(projection, streamId), at),
        ops: ops.map((op) => physicalOp(spreadOp(op, turnPartition), at)),
        from,
        to,
        settle: (result) => ('ok' in result ? resolve(result.ok) : reject(result.error)),
      });
    });
  },
});

/** What the live projectors write through: every projection in its active generation. */
export const dynamoViewStore: ViewStore = viewStoreAt(activeGenerations);

/** The stored key of a partition (or index partition) in its projection's active generation, for a caller's own Query. */
export const storedPk = async (pk: string) => physicalPk(pk, await activeGenerations());

/** Reads for the query side. */
export async function getView<T = ViewItem>(key: ViewKey): Promise<T | undefined> {
  const out = await dynamoClient().send(new GetCommand({ TableName: tableOf(key), Key: physicalItem(key, await activeGenerations()) }));
  return logicalItem(out.Item as T | undefined);
}

export async function getViews<T = ViewItem>(keys: ViewKey[]): Promise<T[]> {
  const generations = await activeGenerations();
  const unique = [...new Map(keys.map((k) => [`${k.pk}|${k.sk}`, physicalItem({ pk: k.pk, sk: k.sk }, generations)])).values()];
  return (await batchGetItems<T>(unique.map((key) => ({ table: tableOf(key), key })))).map(logicalItem);
}

/** All items of one partition (or one GSI partition), in sort-key order. */
export async function queryViews<T = ViewItem>(
  partition: { pk: string } | { gsi1pk: string },
  /** `consistent`: a strongly consistent read (the table's partitions only), for a writer that reads what it then replaces. */
  options: { skPrefix?: string; descending?: boolean; limit?: number; consistent?: boolean } = {},
): Promise<T[]> {
  const onIndex = 'gsi1pk' in partition;
  const generations = await activeGenerations();
  const [pkName, skName] = onIndex ? ['gsi1pk', 'gsi1sk'] : ['pk', 'sk'];
  const items: T[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const out = await dynamoClient().send(
      new QueryCommand({
        TableName: onIndex ? env().TABLE_VIEWS : tableOf(partition),
        IndexName: onIndex ? 'gsi1' : undefined,
        KeyConditionExpression: options.skPrefix ? '#pk = :pk AND begins_with(#sk, :sk)' : '#pk = :pk',
        ExpressionAttributeNames: options.skPrefix ? { '#pk': pkName, '#sk': skName } : { '#pk': pkName },
        ExpressionAttributeValues: {
          ':pk': physicalPk(onIndex ? partition.gsi1pk : partition.pk, generations),
          ...(options.skPrefix ? { ':sk': options.skPrefix } : {}),
        },
        ScanIndexForward: !options.descending,
        ConsistentRead: options.consistent,
        Limit: options.limit,
        ExclusiveStartKey: startKey,
      }),
    );
    items.push(...((out.Items ?? []) as T[]).map(logicalItem));
    startKey = options.limit && items.length >= options.limit ? undefined : out.LastEvaluatedKey;
  } while (startKey);
  return items;
}
