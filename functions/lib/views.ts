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
  async commit(projection, streamId, from, to, ops) {
    const table = env().TABLE_VIEWS;
    const checkpoint: TransactItem = {
      Put: {
        TableName: table,
        Item: { ...checkpointKey(projection, streamId), version: to },
        ConditionExpression: from === 0 ? 'attribute_not_exists(pk)' : 'version = :from',
        ...(from === 0 ? {} : { ExpressionAttributeValues: { ':from': from } }),
      },
    };
    let pending = ops;
    for (;;) {
      try {
        await dynamoClient().send(
          new TransactWriteCommand({ TransactItems: [checkpoint, ...pending.map((op) => toTransactItem(table, op))] }),
        );
        return true;
      } catch (error) {
        if (!(error instanceof TransactionCanceledException)) throw error;
        const reasons = error.CancellationReasons ?? [];
        if (reasons[0]?.Code === 'ConditionalCheckFailed') return false;
        // A `keep` put that lost to the stored item is a no-op: write the rest without it.
        const lost = new Set(pending.filter((op, i) => op.kind === 'put' && op.keep && reasons[i + 1]?.Code === 'ConditionalCheckFailed'));
        if (lost.size === 0) throw error;
        pending = pending.filter((op) => !lost.has(op));
      }
    }
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
