import { randomUUID } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { DELETED } from '../../events/index.js';
import { dynamoClient } from '../../functions/platform/aws.js';
import { env } from '../../functions/platform/env.js';
import { appendToStream, dynamoEventStore, readStream } from '../../functions/platform/event-store.js';
import { eraseAccount, erasureEffects } from '../../functions/accounts/personal-data-deletion.js';
import { personalData } from '../../functions/platform/personal-data.js';
import { scanEventLog } from '../../functions/operations/rebuild-views.js';
import { runUserCommand, signInWithEmail } from '../../functions/accounts/users.js';
import { useCloudEnv } from '../support/cloud.js';
import { signedInListener } from '../support/signed-in.js';

beforeAll(useCloudEnv);

const ctx = { actor: 'test', correlationId: 'personal-data-test', eventStore: dynamoEventStore };
const rawItem = async (streamId: string, version: number) =>
  (await dynamoClient().send(new GetCommand({ TableName: env().TABLE_EVENTS, Key: { streamId, version }, ConsistentRead: true }))).Item;

describe('personal fields in the event log (DynamoDB Local)', () => {
  it('are stored sealed with the owner’s data key, and every read of the log opens them', async () => {
    const email = `sealed-${randomUUID().slice(0, 8)}@example.com`;
    const { user } = await signInWithEmail(email, 'email_code', 'Sealed Person', ctx);
    const item = await rawItem(`user#${user.id}`, 1);
    expect(item).toMatchObject({ type: 'UserRegistered', personal: { fields: expect.arrayContaining(['email', 'displayName']) } });
    expect(JSON.stringify(item)).not.toContain(email);
    expect(JSON.stringify(item)).not.toContain('Sealed Person');
    const keys = await dynamoClient().send(
      new GetCommand({ TableName: env().TABLE_KEYS, Key: { pk: `key#${personalData.keyIdOf(`user:${user.id}`)}`, sk: 'key' } }),
    );
    expect(keys.Item).toMatchObject({ wrapped: expect.stringMatching(/^v1\./) });

    const [registered] = await readStream(`user#${user.id}`);
    expect(registered.data).toMatchObject({ email, displayName: 'Sealed Person' });
  });

  it('read as their placeholders everywhere once the owner is forgotten, while the rest of the event stays', async () => {
    const listener = await signedInListener();
    const fanStream = `band#test-${randomUUID().slice(0, 8)}`;
    await appendToStream(fanStream, 0, [{ type: 'FanSignedUp', data: { band: 'test', email: listener.email } }], ctx);
    expect((await readStream(fanStream))[0].data).toMatchObject({ email: listener.email });

    // The deletion a confirmed code records, and the erasure its consumer runs (here at once, beside the consumer's own
    // run), so the shared cloud's live views show this listener as deleted, as a rebuild of them does (rebuild-views.test.ts).
    await runUserCommand(listener.userId, { type: 'DeleteAccount' }, ctx);
    await eraseAccount(
      listener.userId,
      erasureEffects({ eventId: randomUUID(), correlationId: ctx.correlationId, at: new Date() }, dynamoEventStore),
    );

    const [registered] = await readStream(`user#${listener.userId}`);
    expect(registered.data).toMatchObject({ userId: listener.userId, email: DELETED.email, displayName: DELETED.name });
    expect((await readStream(fanStream))[0].data).toEqual({ band: 'test', email: DELETED.email });
    const { events } = await scanEventLog();
    expect(JSON.stringify(events)).not.toContain(listener.email);
  });
});
