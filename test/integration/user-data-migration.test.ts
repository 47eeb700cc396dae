/** Events written before personal data was encrypted (infra/local/upgrade-data.ts): sealed in place, once. */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, DynamoDBDocumentClient, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registry } from '../../events/index.js';
import { personalDataVault, tableKeyStore } from '../../functions/platform/personal-data.js';
import { scratchTables, type ScratchTables } from '../../infra/local/dynamodb-local.js';
import { sealPersonalDataInPlace } from '../../infra/local/upgrade-data.js';
import { cloudDynamoConfig } from '../support/cloud.js';

let tables: ScratchTables<'events' | 'keys' | 'ephemeral'>;
const client = DynamoDBDocumentClient.from(new DynamoDBClient(cloudDynamoConfig()));
const secret = 'migration-secret-'.padEnd(40, 'x');
const meta = { eventId: 'e', at: '2026-10-01T10:00:00.000Z', actor: 'test', correlationId: 'migration' };

const registered = {
  streamId: 'user#old',
  version: 1,
  type: 'UserRegistered',
  schemaVersion: 1,
  data: { userId: 'old', email: 'old@example.com', username: null, displayName: 'Old Timer', source: 'email_code' },
  meta,
};
const fan = {
  streamId: 'band#dirtytexans',
  version: 1,
  type: 'FanSignedUp',
  schemaVersion: 1,
  data: { band: 'dirtytexans', email: 'fan@example.com' },
  meta,
};
const play = {
  streamId: 'plays#old#2026-10-01',
  version: 1,
  type: 'PlayRecorded',
  schemaVersion: 1,
  data: { trackId: 't', albumId: 'a', listenerId: 'old', userId: 'old', playDuration: 40, trackLength: 100 },
  meta,
};
const reservation = { streamId: 'reservation#email#old@example.com', version: 0, owner: 'old', reservedAt: meta.at };

const item = async (streamId: string, version: number) =>
  (await client.send(new GetCommand({ TableName: tables.names.events, Key: { streamId, version }, ConsistentRead: true }))).Item!;

beforeAll(async () => {
  tables = await scratchTables(cloudDynamoConfig(), ['events', 'keys', 'ephemeral'], 'seal');
});
afterAll(() => tables.drop());

describe('sealing personal fields written in clear', () => {
  it('seals every event with personal fields once, leaves the rest, and reads give the same events', async () => {
    for (const Item of [registered, fan, play, reservation]) await client.send(new PutCommand({ TableName: tables.names.events, Item }));

    expect(await sealPersonalDataInPlace(cloudDynamoConfig(), tables.names, secret)).toBe(2);

    const vault = personalDataVault({
      store: tableKeyStore(
        () => client,
        () => tables.names.keys,
      ),
      secret: () => secret,
    });
    for (const event of [registered, fan]) {
      const stored = await item(event.streamId, event.version);
      expect(stored.personal).toMatchObject({ fields: expect.any(Array), box: expect.stringMatching(/^v1\./) });
      expect(JSON.stringify(stored)).not.toMatch(/old@example|fan@example|Old Timer/);
      expect(registry.upcast(await vault.openEvent(stored))).toEqual(registry.upcast(event));
    }
    expect(await item(play.streamId, 1)).toEqual(play);
    expect(await item(reservation.streamId, 0)).toEqual(reservation);

    // Done once; and a run cut short before its end starts again harmlessly: nothing is sealed twice.
    expect(await sealPersonalDataInPlace(cloudDynamoConfig(), tables.names, secret)).toBe(0);
    await client.send(new DeleteCommand({ TableName: tables.names.ephemeral, Key: { pk: 'upgrade#seal-personal-data', sk: 'done' } }));
    const before = await item(registered.streamId, 1);
    expect(await sealPersonalDataInPlace(cloudDynamoConfig(), tables.names, secret)).toBe(0);
    expect(await item(registered.streamId, 1)).toEqual(before);
  });
});
