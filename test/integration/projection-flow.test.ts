import { randomUUID } from 'node:crypto';
import { GetQueueUrlCommand, ReceiveMessageCommand, DeleteMessageCommand } from '@aws-sdk/client-sqs';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { consumers, dlqName } from '../../functions/consumers.js';
import { dynamoClient, sqsClient } from '../../functions/lib/aws.js';
import { env } from '../../functions/lib/env.js';
import { createArtist } from '../../functions/lib/catalogue-commands.js';
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
    await createArtist(artist(id), { actor: 'test', correlationId: id });
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
    await createArtist(artist(healthy), { actor: 'test', correlationId: healthy });

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
});
