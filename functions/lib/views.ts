/** The `views` table: the DynamoDB view store projectors write through, and the reads queries use (by key only). */
import {
  BatchGetCommand,
  GetCommand,
  QueryCommand,
  TransactWriteCommand,
  type TransactWriteCommandInput,
} from '@aws-sdk/lib-dynamodb';
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { dynamoClient } from './aws.js';
import { env } from './env.js';
import type { ViewItem, ViewKey, ViewOp, ViewStore } from './projection.js';

export const checkpointKey = (projection: string, streamId: string): ViewKey => ({ pk: `checkpoint#${projection}#${streamId}`, sk: 'checkpoint' });

type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

function toTransactItem(table: string, op: ViewOp): TransactItem {
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
      const expression = [sets.length ? `SET ${sets.join(', ')}` : '', adds.length ? `ADD ${adds.join(', ')}` : '']
        .filter(Boolean)
        .join(' ');
      return {
        Update: {
          TableName: table,
          Key: op.key,
          UpdateExpression: expression,
          ExpressionAttributeNames: names,
          ExpressionAttributeValues: values,
        },
      };
    }
  }
}

const keyOf = (key: ViewKey) => `${key.pk}\u0000${key.sk}`;
const opKey = (op: ViewOp) => keyOf(op.kind === 'put' ? op.item : op.key);

/** One projector commit waiting to be written: its checkpoint move and its view ops. */
export interface PendingCommit {
  checkpoint: ViewKey;
  ops: ViewOp[];
}

/** TransactWriteItems takes at most 100 items. */
const MAX_TRANSACTION_ITEMS = 100;

/**
 * Packs commits into as few transactions as DynamoDB allows: no item twice in one transaction (two streams
 * writing one item go to different ones) and at most 100 items each. Keeps the commits' order. Pure.
 */
export function packCommits<T extends PendingCommit>(commits: T[], maxItems = MAX_TRANSACTION_ITEMS): T[][] {
  const packs: { commits: T[]; keys: Set<string>; items: number }[] = [];
  for (const commit of commits) {
    const keys = [keyOf(commit.checkpoint), ...commit.ops.map(opKey)];
    const fits = (p: (typeof packs)[number]) => p.items + keys.length <= maxItems && keys.every((k) => !p.keys.has(k));
    let pack = packs.find(fits);
    if (!pack) packs.push((pack = { commits: [], keys: new Set(), items: 0 }));
    pack.commits.push(commit);
    keys.forEach((k) => pack.keys.add(k));
    pack.items += keys.length;
  }
  return packs.map((p) => p.commits);
}

interface Waiting extends PendingCommit {
  from: number;
  to: number;
  settle: (result: { ok: boolean } | { error: unknown }) => void;
}

function checkpointItem(table: string, w: Waiting): TransactItem {
  return {
    Put: {
      TableName: table,
      Item: { ...w.checkpoint, version: w.to },
      ConditionExpression: w.from === 0 ? 'attribute_not_exists(pk)' : 'version = :from',
      ...(w.from === 0 ? {} : { ExpressionAttributeValues: { ':from': w.from } }),
    },
  };
}

/**
 * Writes commits in one transaction. A commit whose checkpoint moved is refused (false) and a `keep` put that lost
 * is dropped; the rest is written again without them. Any other failure of a shared transaction writes each commit
 * on its own, so one bad commit fails only its own record.
 */
async function writeTogether(commits: Waiting[]): Promise<void> {
  const table = env().TABLE_VIEWS;
  let live = commits;
  while (live.length) {
    try {
      await dynamoClient().send(new TransactWriteCommand({ TransactItems: live.flatMap((w) => [checkpointItem(table, w), ...w.ops.map((op) => toTransactItem(table, op))]) }));
      live.forEach((w) => w.settle({ ok: true }));
      return;
    } catch (error) {
      const reasons = error instanceof TransactionCanceledException ? (error.CancellationReasons ?? []) : [];
      const failed = (i: number) => reasons[i]?.Code === 'ConditionalCheckFailed';
      let offset = 0;
      let decided = false;
      const next: Waiting[] = [];
      for (const w of live) {
        const at = offset;
        offset += 1 + w.ops.length;
        if (failed(at)) {
          w.settle({ ok: false });
          decided = true;
          continue;
        }
        const ops = w.ops.filter((op, i) => !(op.kind === 'put' && op.keep && failed(at + 1 + i)));
        if (ops.length < w.ops.length) decided = true;
        next.push({ ...w, ops });
      }
      if (!decided) {
        if (next.length === 1) next[0].settle({ error });
        else await Promise.all(next.map((w) => writeTogether([w])));
        return;
      }
      live = next;
    }
  }
}

let waiting: Waiting[] = [];

/** Writes what was committed during one turn of the event loop (a FIFO batch's streams) in as few transactions as it can. */
function flush() {
  const commits = waiting;
  waiting = [];
  for (const pack of packCommits(commits)) void writeTogether(pack);
}

export const dynamoViewStore: ViewStore = {
  async get(key) {
    const out = await dynamoClient().send(new GetCommand({ TableName: env().TABLE_VIEWS, Key: key, ConsistentRead: true }));
    return out.Item as ViewItem | undefined;
  },
  async checkpoint(projection, streamId) {
    const out = await dynamoClient().send(
      new GetCommand({ TableName: env().TABLE_VIEWS, Key: checkpointKey(projection, streamId), ConsistentRead: true }),
    );
    return (out.Item?.version as number | undefined) ?? 0;
  },
  commit(projection, streamId, from, to, ops) {
    return new Promise<boolean>((resolve, reject) => {
      if (waiting.length === 0) setImmediate(flush);
      waiting.push({
        checkpoint: checkpointKey(projection, streamId),
        ops,
        from,
        to,
        settle: (result) => ('ok' in result ? resolve(result.ok) : reject(result.error)),
      });
    });
  },
};

/** Reads for the query side. */
export async function getView<T = ViewItem>(key: ViewKey): Promise<T | undefined> {
  const out = await dynamoClient().send(new GetCommand({ TableName: env().TABLE_VIEWS, Key: key }));
  return out.Item as T | undefined;
}

export async function getViews<T = ViewItem>(keys: ViewKey[]): Promise<T[]> {
  const unique = [...new Map(keys.map((k) => [`${k.pk}|${k.sk}`, k])).values()];
  const found: T[] = [];
  for (let i = 0; i < unique.length; i += 100) {
    let request: Record<string, { Keys: ViewKey[] }> | undefined = { [env().TABLE_VIEWS]: { Keys: unique.slice(i, i + 100) } };
    while (request && Object.keys(request).length) {
      const out = await dynamoClient().send(new BatchGetCommand({ RequestItems: request }));
      found.push(...((out.Responses?.[env().TABLE_VIEWS] ?? []) as T[]));
      request = out.UnprocessedKeys as typeof request;
    }
  }
  return found;
}

/** All items of one partition (or one GSI partition), in sort-key order. */
export async function queryViews<T = ViewItem>(
  partition: { pk: string } | { gsi1pk: string },
  options: { skPrefix?: string; descending?: boolean; limit?: number } = {},
): Promise<T[]> {
  const onIndex = 'gsi1pk' in partition;
  const [pkName, skName] = onIndex ? ['gsi1pk', 'gsi1sk'] : ['pk', 'sk'];
  const items: T[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const out = await dynamoClient().send(
      new QueryCommand({
        TableName: env().TABLE_VIEWS,
        IndexName: onIndex ? 'gsi1' : undefined,
        KeyConditionExpression: options.skPrefix ? '#pk = :pk AND begins_with(#sk, :sk)' : '#pk = :pk',
        ExpressionAttributeNames: options.skPrefix ? { '#pk': pkName, '#sk': skName } : { '#pk': pkName },
        ExpressionAttributeValues: {
          ':pk': onIndex ? partition.gsi1pk : (partition as { pk: string }).pk,
          ...(options.skPrefix ? { ':sk': options.skPrefix } : {}),
        },
        ScanIndexForward: !options.descending,
        Limit: options.limit,
        ExclusiveStartKey: startKey,
      }),
    );
    items.push(...((out.Items ?? []) as T[]));
    startKey = options.limit && items.length >= options.limit ? undefined : out.LastEvaluatedKey;
  } while (startKey);
  return items;
}
