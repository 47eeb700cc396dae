/** What the benches that seed the local cloud share: view items written straight into their tables, and an admin's session. */
import { randomUUID } from 'node:crypto';
import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import { setAdminRole } from '../../functions/accounts/admin-roster.js';
import { dynamoClient } from '../../functions/platform/aws.js';
import { hashPassword } from '../../functions/accounts/passwords.js';
import type { ViewItem } from '../../functions/platform/projection.js';
import { issueSessionToken, recordAdminActivity } from '../../functions/platform/session.js';
import { runUserCommand, signInWithEmail } from '../../functions/accounts/users.js';
import { tableOf } from '../../functions/platform/views.js';
import { dynamoEventStore } from '../../functions/platform/event-store.js';

/** DynamoDB's BatchWriteItem limit. */
const BATCH = 25;
const WRITERS = 8;

/** Writes `items` into the tables their keys belong to, 25 to a batch and 8 batches at a time; answers how many. */
export async function writeViewItems(items: readonly ViewItem[]): Promise<number> {
  const byTable = new Map<string, ViewItem[]>();
  // Pushed onto each table's list, not spread into a new one: a copy per item is quadratic, hours for the dashboard's 200,000.
  for (const item of items) {
    const table = tableOf(item);
    const of = byTable.get(table);
    if (of) of.push(item);
    else byTable.set(table, [item]);
  }
  const batches = [...byTable].flatMap(([table, of]) =>
    Array.from({ length: Math.ceil(of.length / BATCH) }, (_, i) => ({ table, items: of.slice(i * BATCH, i * BATCH + BATCH) })),
  );
  let next = 0;
  await Promise.all(
    Array.from({ length: WRITERS }, async () => {
      while (next < batches.length) {
        const batch = batches[next++];
        let request: Record<string, { PutRequest: { Item: Record<string, unknown> } }[]> | undefined = {
          [batch.table]: batch.items.map((Item) => ({ PutRequest: { Item } })),
        };
        while (request && Object.keys(request).length) {
          const out = await dynamoClient().send(new BatchWriteCommand({ RequestItems: request }));
          request = out.UnprocessedItems as typeof request;
        }
      }
    }),
  );
  return items.length;
}

/** The session token of a new admin, active now, for the admin routes a bench times. */
export async function adminToken(): Promise<string> {
  const context = { actor: 'bench', correlationId: `bench-${randomUUID()}`, eventStore: dynamoEventStore };
  const { user } = await signInWithEmail(`bench-admin-${randomUUID().slice(0, 8)}@example.com`, 'email_code', 'Bench', context);
  await runUserCommand(user.id, { type: 'SetPassword', passwordHash: await hashPassword(randomUUID()) }, context);
  await setAdminRole(user.id, { role: 'admin', permissions: ['owner'] }, 'bench', context);
  const sessionId = randomUUID();
  await recordAdminActivity(sessionId);
  return issueSessionToken({ userId: user.id, sessionId });
}
