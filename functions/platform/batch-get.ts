/** DynamoDB's BatchGetItem for any number of keys: 100 keys a call, and the keys a call left unprocessed asked again. */
import { BatchGetCommand } from '@aws-sdk/lib-dynamodb';
import { dynamoClient } from './aws.js';

type Key = Record<string, string>;

/**
 * The items stored under `keys` (each with its table), in no particular order; a key with no item gives nothing.
 * `consistent`: strongly consistent reads, for a writer that then writes on what it read.
 */
export async function batchGetItems<T = Record<string, unknown>>(
  keys: { table: string; key: Key }[],
  { consistent = false }: { consistent?: boolean } = {},
): Promise<T[]> {
  const found: T[] = [];
  for (let i = 0; i < keys.length; i += 100) {
    let request: Record<string, { Keys: Key[]; ConsistentRead?: boolean }> | undefined = {};
    for (const { table, key } of keys.slice(i, i + 100))
      (request[table] ??= { Keys: [], ...(consistent ? { ConsistentRead: true } : {}) }).Keys.push(key);
    while (request && Object.keys(request).length) {
      const out = await dynamoClient().send(new BatchGetCommand({ RequestItems: request }));
      for (const items of Object.values(out.Responses ?? {})) found.push(...(items as T[]));
      request = out.UnprocessedKeys as typeof request;
    }
  }
  return found;
}
