import type { SQSRecord } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import type { DomainEvent } from '../../events/index.js';
import { albumData, trackData } from '../catalogue/domain/catalogue.fixtures.js';
import { albumKey, catalogueProjection } from '../catalogue/projections/catalogue.js';
import { batchStore, projectionConsumer } from './consumer.js';
import { memoryViewStore } from './memory-view-store.js';
import { memoryOpsRecorder } from './memory-ops-recorder.js';
import type { ViewKey } from './projection.js';

const album = { pk: 'album#a1', sk: 'album' };
const register = { pk: 'rollups#day#2026-11-28#3', sk: 'sketch#7' };

function countingStore() {
  const store = memoryViewStore();
  const reads: string[] = [];
  let failNext = false;
  return {
    store: {
      ...store,
      get: (key: ViewKey) => {
        reads.push(key.pk);
        if (failNext) {
          failNext = false;
          return Promise.reject(new Error('throttled'));
        }
        return store.get(key);
      },
    },
    seed: (items: Array<ViewKey & Record<string, unknown>>) =>
      store.commit(
        'seed',
        'seed',
        0,
        1,
        items.map((item) => ({ kind: 'put', item })),
      ),
    reads,
    failOnce: () => (failNext = true),
  };
}

describe('the store of one batch', () => {
  it('reads another projection’s item once, and the projection’s own items every time', async () => {
    const { store, seed, reads } = countingStore();
    await seed([
      { ...album, title: 'First Light' },
      { ...register, rank: 2 },
    ]);
    const views = batchStore(store, 'rollups');
    for (let i = 0; i < 3; i++) {
      expect(await views.get(album)).toMatchObject({ title: 'First Light' });
      expect(await views.get(register)).toMatchObject({ rank: 2 });
    }
    expect(reads.filter((pk) => pk === album.pk)).toHaveLength(1);
    expect(reads.filter((pk) => pk === register.pk)).toHaveLength(3);
    // A reader that changes what it got changes nobody else's copy.
    (await views.get(album))!.title = 'Changed';
    expect(await views.get(album)).toMatchObject({ title: 'First Light' });
    // The next batch reads again.
    await batchStore(store, 'rollups').get(album);
    expect(reads.filter((pk) => pk === album.pk)).toHaveLength(2);
  });

  it('reads again after a read that failed', async () => {
    const { store, seed, failOnce } = countingStore();
    await seed([{ ...album, title: 'First Light' }]);
    const views = batchStore(store, 'rollups');
    failOnce();
    await expect(views.get(album)).rejects.toThrow('throttled');
    expect(await views.get(album)).toMatchObject({ title: 'First Light' });
  });
});

const meta = (eventId: string) => ({ eventId, at: '2026-11-28T10:00:00.000Z', actor: 'seed', correlationId: 'consumer-test' });
const artistCreated: DomainEvent = {
  streamId: 'artist#a1',
  version: 1,
  type: 'ArtistCreated',
  schemaVersion: 2,
  meta: meta('e1'),
  data: { artistId: 'a1', name: 'Nova', bio: null, avatar: null, headerImage: null, isMain: true, socialLinks: {} },
};
const albumPublished = (artistId: string): DomainEvent => ({
  streamId: 'album#al1',
  version: 1,
  type: 'AlbumPublished',
  schemaVersion: 1,
  meta: meta('e2'),
  data: albumData({ artistId, title: 'First Light', tracks: [trackData({ trackId: 'al1-t1' })] }),
});
/** An SQS record of `event` as the relay sends it: its stream is its message group. */
const sqsRecord = (event: DomainEvent): SQSRecord => ({
  messageId: `${event.streamId}@${event.version}`,
  receiptHandle: 'r',
  body: JSON.stringify(event),
  attributes: {
    MessageGroupId: event.streamId,
    ApproximateReceiveCount: '1',
    SentTimestamp: '0',
    SenderId: 'relay',
    ApproximateFirstReceiveTimestamp: '0',
  },
  messageAttributes: {},
  md5OfBody: '',
  eventSource: 'aws:sqs',
  eventSourceARN: 'arn:aws:sqs:eu-west-1:000000000000:catalogue.fifo',
  awsRegion: 'eu-west-1',
});

describe('a projector’s batch', () => {
  it('projects an album whose artist is created by another stream of the same batch, listed first or not', async () => {
    for (const order of [
      [albumPublished('a1'), artistCreated],
      [artistCreated, albumPublished('a1')],
    ]) {
      const store = memoryViewStore();
      const ops = memoryOpsRecorder();
      const response = await projectionConsumer(catalogueProjection, store, ops)({ Records: order.map(sqsRecord) });
      expect(ops.failures).toEqual([]);
      expect(response.batchItemFailures).toEqual([]);
      expect(await store.get(albumKey('al1'))).toMatchObject({ title: 'First Light', artistName: 'Nova' });
    }
  });

  it('still fails an album whose artist no stream of the batch creates, and leaves it for a retry', async () => {
    const store = memoryViewStore();
    const ops = memoryOpsRecorder();
    const album = sqsRecord(albumPublished('nobody'));
    const response = await projectionConsumer(catalogueProjection, store, ops)({ Records: [album, sqsRecord(artistCreated)] });
    expect(response.batchItemFailures).toEqual([{ itemIdentifier: album.messageId }]);
    // The sync manager is told why, against the album's stream and version.
    expect(ops.failures).toEqual([
      {
        consumer: 'catalogue',
        messageId: album.messageId,
        error: 'Error: Artist nobody is not projected yet',
        subject: { stream: 'album#al1', version: 1 },
      },
    ]);
    expect(await store.get(albumKey('al1'))).toBeUndefined();
  });
});
