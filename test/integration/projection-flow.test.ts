import { randomUUID } from 'node:crypto';
import { GetQueueUrlCommand, ReceiveMessageCommand, DeleteMessageCommand } from '@aws-sdk/client-sqs';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { consumers, dlqName } from '../../functions/consumers.js';
import { dynamoClient, sqsClient } from '../../functions/platform/aws.js';
import { env } from '../../functions/platform/env.js';
import { createArtist } from '../../functions/catalogue/catalogue-commands.js';
import { toStoredEvents, dynamoEventStore } from '../../functions/platform/event-store.js';
import { viewStoreAt } from '../../functions/platform/views.js';
import { projectionConsumer } from '../../functions/platform/consumer.js';
import { albumStatsKey, statsProjection } from '../../functions/listening/projections/stats.js';
import type { SQSEvent } from 'aws-lambda';
import { api, eventually, useCloudEnv } from '../support/cloud.js';

beforeAll(useCloudEnv);

const artist = (artistId: string) => ({
  artistId,
  name: `Artist ${artistId}`,
  bio: 'Made by a test.',
  avatar: null,
  headerImage: null,
  isMain: false,
  socialLinks: { website: 'https://example.com' },
});

describe('event flow: store → stream → relay → FIFO queue → projector → view', () => {
  it('shows a new artist through the API once its event is projected', async () => {
    const id = `artist-${randomUUID()}`;
    await createArtist(artist(id), { actor: 'test', correlationId: id, eventStore: dynamoEventStore });
    const found = await eventually(async () => {
      const res = await api(`/api/artists/${id}`);
      return res.status === 200 && res.body;
    });
    expect(found).toMatchObject({ id, name: `Artist ${id}`, socialLinks: JSON.stringify({ website: 'https://example.com' }) });
  });

  it('sends a poison event to the DLQ after the configured tries while the rest of its batch is applied', async () => {
    const poisonStream = `album#poison-${randomUUID()}`;
    const healthy = `artist-${randomUUID()}`;
    // Written straight to the table, as a buggy writer could: the projector cannot parse it.
    await dynamoClient().send(
      new PutCommand({
        TableName: env().TABLE_EVENTS,
        Item: {
          streamId: poisonStream,
          version: 1,
          type: 'AlbumDetailsChanged',
          schemaVersion: 1,
          data: { albumId: 42 },
          meta: { eventId: randomUUID(), at: new Date().toISOString(), actor: 'test', correlationId: 'poison' },
        },
      }),
    );
    await createArtist(artist(healthy), { actor: 'test', correlationId: healthy, eventStore: dynamoEventStore });

    await eventually(async () => (await api(`/api/artists/${healthy}`)).status === 200);

    const catalogue = consumers.find((c) => c.name === 'catalogue')!;
    const { QueueUrl } = await sqsClient().send(new GetQueueUrlCommand({ QueueName: dlqName(env().QUEUE_PREFIX, catalogue) }));
    const dead = await eventually(
      async () => {
        const out = await sqsClient().send(
          new ReceiveMessageCommand({ QueueUrl, MaxNumberOfMessages: 10, WaitTimeSeconds: 1, MessageSystemAttributeNames: ['All'] }),
        );
        const mine = out.Messages?.find((m) => JSON.parse(m.Body!).streamId === poisonStream);
        if (mine) await sqsClient().send(new DeleteMessageCommand({ QueueUrl, ReceiptHandle: mine.ReceiptHandle! }));
        return mine;
      },
      60_000,
      200,
    );
    expect(JSON.parse(dead.Body!)).toMatchObject({ streamId: poisonStream, version: 1, type: 'AlbumDetailsChanged' });
  });

  it('counts a listener’s plays handed out in one batch once each, and a batch delivered again not at all', async () => {
    const albumId = `album-${randomUUID()}`;
    const [listener, other] = [randomUUID(), randomUUID()];
    const plays = (id: string, n: number) =>
      toStoredEvents(
        `guest-plays#${id}#2026-11-27`,
        0,
        Array.from({ length: n }, () => ({
          type: 'PlayRecorded' as const,
          data: { trackId: `${albumId}-t1`, albumId, listenerId: id, userId: null, playDuration: 31, trackLength: 200 },
        })),
        { actor: id, correlationId: randomUUID() },
      );
    // As SQS hands a FIFO queue's messages out: a group's in order, then another's.
    const batch: SQSEvent = {
      Records: [...plays(listener, 7), ...plays(other, 2)].map((event, i) => ({
        messageId: `m${i}`,
        receiptHandle: `r${i}`,
        body: JSON.stringify(event),
        attributes: { MessageGroupId: event.streamId, ApproximateReceiveCount: '1', SentTimestamp: String(Date.now()) },
        messageAttributes: {},
        md5OfBody: '',
        eventSource: 'aws:sqs',
        eventSourceARN: 'arn:aws:sqs:us-east-1:000000000000:stats.fifo',
        awsRegion: 'us-east-1',
      })) as SQSEvent['Records'],
    };
    // Into a generation no reader uses: these plays are in no log, and the live views stay the log's. The play counts are
    // the rollups projection's partitions; the checkpoints, the projection's own name's.
    const views = viewStoreAt(() => Promise.resolve({ stats: 987_654, rollups: 987_654 }));
    const stats = projectionConsumer(statsProjection, views);

    expect(await stats(batch)).toEqual({ batchItemFailures: [] });
    expect(await views.get(albumStatsKey(albumId))).toMatchObject({ playCount: 9 });

    expect(await stats(batch)).toEqual({ batchItemFailures: [] });
    expect(await views.get(albumStatsKey(albumId))).toMatchObject({ playCount: 9 });
  });
});
