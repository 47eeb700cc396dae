import { describe, expect, it } from 'vitest';
import type { NewEvent } from '../../events/index.js';
import { memoryEventStore } from './memory-event-store.js';
import { eventStoreContract } from './testing/event-store-contract.js';

describe('the memory event store decides as the DynamoDB one does', () => {
  eventStoreContract(memoryEventStore, { guardTable: () => 'ephemeral' });
});

const saved = (albumId: string): NewEvent => ({ type: 'LibraryAlbumAdded', data: { userId: 'u1', albumId } });
const ctx = { actor: 'test', correlationId: 'c' };

describe('the memory event store', () => {
  it('hands out copies: changing an event read or appended changes nothing stored', async () => {
    const events = memoryEventStore();
    const [appended] = await events.appendToStream('library#u1', 0, [saved('al1')], ctx);
    (appended.data as { albumId: string }).albumId = 'changed';
    const [read] = await events.readStream('library#u1');
    (read.data as { albumId: string }).albumId = 'changed too';
    expect((await events.readStream('library#u1')).map((e) => e.data)).toEqual([{ userId: 'u1', albumId: 'al1' }]);
  });

  it('lists every event in the order it landed, across streams', async () => {
    const events = memoryEventStore();
    await events.appendToStream('library#u1', 0, [saved('al1')], ctx);
    await events.appendToStream('library#u2', 0, [{ type: 'LibraryAlbumAdded', data: { userId: 'u2', albumId: 'al2' } }], ctx);
    await events.appendBlind('library#u1', [saved('al3')], ctx);
    expect(events.all().map((e) => [e.streamId, e.version])).toEqual([
      ['library#u1', 1],
      ['library#u2', 1],
      ['library#u1', 2],
    ]);
  });

  it('refuses a guard whose condition it cannot judge, rather than pass it', async () => {
    const events = memoryEventStore();
    const guard = {
      TableName: 'ephemeral',
      Key: { pk: 'p', sk: 's' },
      UpdateExpression: 'SET n = n + :one',
      ConditionExpression: 'n < :max',
    };
    await expect(events.appendBlind('library#u1', [saved('al1')], ctx, { guard })).rejects.toThrow(/cannot judge/);
    expect(await events.streamVersion('library#u1')).toBe(0);
  });
});
