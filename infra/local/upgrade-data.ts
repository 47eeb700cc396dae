/**
 * Brings a `.local/` data directory written by an older version up to date before the projectors start.
 *
 * The view store was one `views` table; checkpoints and play counters now live in `counters` (infra/tables.ts).
 * Left in `views`, they would be invisible: the projectors would restart every stream at version 0 and wait
 * forever for events already applied. So they move, each copied unless the copy exists, then deleted from
 * `views`; a record in `ephemeral` (no expiry) says it is done, so later starts skip the scan. A start cut short
 * mid-move simply moves the rest next time.
 */
import { DynamoDBClient, type DynamoDBClientConfig } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, DynamoDBDocumentClient, GetCommand, PutCommand, ScanCommand, type ScanCommandOutput } from '@aws-sdk/lib-dynamodb';
import { isCounterKey } from '../../functions/lib/views.js';

const DONE = { pk: 'upgrade#counters-table', sk: 'done' };

/**
 * Moves checkpoints and counters from `views` to `counters` once; resolves to how many items moved. Any DynamoDB
 * client config will do: the local cloud's, or a deployment's (run it before the new functions take traffic).
 */
export async function moveCountersOutOfViews(
  config: DynamoDBClientConfig,
  tables: { views: string; counters: string; ephemeral: string },
): Promise<number> {
  const client = DynamoDBDocumentClient.from(new DynamoDBClient(config));
  try {
    if ((await client.send(new GetCommand({ TableName: tables.ephemeral, Key: DONE, ConsistentRead: true }))).Item) return 0;
    let moved = 0;
    let start: ScanCommandOutput['LastEvaluatedKey'];
    do {
      const page = await client.send(new ScanCommand({ TableName: tables.views, ExclusiveStartKey: start, ConsistentRead: true }));
      for (const item of (page.Items ?? []) as { pk: string; sk: string }[]) {
        if (!isCounterKey(item)) continue;
        await client
          .send(new PutCommand({ TableName: tables.counters, Item: item, ConditionExpression: 'attribute_not_exists(pk)' }))
          .catch((error: unknown) => {
            if ((error as { name?: string }).name !== 'ConditionalCheckFailedException') throw error;
          });
        await client.send(new DeleteCommand({ TableName: tables.views, Key: { pk: item.pk, sk: item.sk } }));
        moved++;
      }
      start = page.LastEvaluatedKey;
    } while (start);
    await client.send(new PutCommand({ TableName: tables.ephemeral, Item: { ...DONE, at: new Date().toISOString() } }));
    return moved;
  } finally {
    client.destroy();
  }
}
