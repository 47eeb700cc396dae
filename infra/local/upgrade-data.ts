/**
 * Brings a `.local/` data directory (or a deployment) written by an older version up to date before the projectors start.
 *
 * The view store was one `views` table; checkpoints and play counters now live in `counters` (infra/tables.ts).
 * Left in `views`, they would be invisible: the projectors would restart every stream at version 0 and wait
 * forever for events already applied. So they move, each copied unless the copy exists, then deleted from
 * `views`; a record in `ephemeral` (no expiry) says it is done, so later starts skip the scan. A start cut short
 * mid-move simply moves the rest next time.
 *
 * Events written before personal data was encrypted hold their personal fields in clear: they are sealed in place
 * (functions/platform/personal-data.ts), once, in the same way. Run it against a deployment with
 * `tsx infra/local/upgrade-data.ts` and the deployment's TABLE_EVENTS, TABLE_KEYS, TABLE_EPHEMERAL, TABLE_VIEWS, TABLE_COUNTERS
 * and PERSONAL_DATA_SECRET.
 *
 * The listeners' play counts had a projector of their own (`stats`); the rollups projector writes them now, and its
 * checkpoints say which plays they hold: they are counted again from the log, once (countPlaysInRollups).
 */
import { DynamoDBClient, type DynamoDBClientConfig } from '@aws-sdk/client-dynamodb';
import {
  DeleteCommand,
  DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  ScanCommand,
  type ScanCommandInput,
  type ScanCommandOutput,
} from '@aws-sdk/lib-dynamodb';
import { registry, type DomainEvent } from '../../events/index.js';
import { personalDataVault, tableKeyStore } from '../../functions/platform/personal-data.js';
import { applyViewOp, opKeyOf, type ViewItem, viewKeyId } from '../../functions/platform/projection.js';
import {
  generationOfPk,
  generationsSettingKey,
  logicalPk,
  physicalItem,
  physicalOp,
  type Generations,
} from '../../functions/platform/view-generations.js';
import { checkpointKey, isCounterKey } from '../../functions/platform/views.js';
import { statsProjection } from '../../functions/listening/projections/stats.js';

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

const SEALED = { pk: 'upgrade#seal-personal-data', sk: 'done' };
const SEALING = { pk: 'upgrade#seal-personal-data', sk: 'progress' };
const isConditionFailure = (error: unknown) => (error as { name?: string }).name === 'ConditionalCheckFailedException';

/**
 * Seals the personal fields of every event stored in clear, once; resolves to how many events it sealed. Idempotent
 * (a sealed event is left alone, and each rewrite is conditional on the event being unsealed still) and resumable
 * (the scan's position is saved after each page, and a later run starts there). Rewriting an event puts a MODIFY on the
 * table's stream, which the relay ignores: the projectors never see an event twice.
 */
export async function sealPersonalDataInPlace(
  config: DynamoDBClientConfig,
  tables: { events: string; keys: string; ephemeral: string },
  secret: string,
): Promise<number> {
  const client = DynamoDBDocumentClient.from(new DynamoDBClient(config), { marshallOptions: { removeUndefinedValues: true } });
  const vault = personalDataVault({
    store: tableKeyStore(
      () => client,
      () => tables.keys,
    ),
    secret: () => secret,
  });
  const known = new Set<string>(registry.types);
  try {
    if ((await client.send(new GetCommand({ TableName: tables.ephemeral, Key: SEALED, ConsistentRead: true }))).Item) return 0;
    const progress = await client.send(new GetCommand({ TableName: tables.ephemeral, Key: SEALING, ConsistentRead: true }));
    let start = progress.Item?.startKey as ScanCommandOutput['LastEvaluatedKey'];
    let sealed = 0;
    do {
      const page = await client.send(new ScanCommand({ TableName: tables.events, ExclusiveStartKey: start, ConsistentRead: true }));
      for (const item of (page.Items ?? []) as { streamId: string; version: number; type?: unknown; data: unknown }[]) {
        if (typeof item.type !== 'string' || !known.has(item.type) || 'personal' in item) continue;
        const event = { ...item, type: item.type };
        const next = await vault.sealEvent(event);
        if (next === event) continue;
        await client
          .send(
            new PutCommand({
              TableName: tables.events,
              Item: next,
              ConditionExpression: 'attribute_exists(streamId) AND attribute_not_exists(personal)',
            }),
          )
          .then(() => sealed++)
          .catch((error: unknown) => {
            if (!isConditionFailure(error)) throw error;
          });
      }
      start = page.LastEvaluatedKey;
      if (start) await client.send(new PutCommand({ TableName: tables.ephemeral, Item: { ...SEALING, startKey: start } }));
    } while (start);
    await client.send(new PutCommand({ TableName: tables.ephemeral, Item: { ...SEALED, at: new Date().toISOString() } }));
    await client.send(new DeleteCommand({ TableName: tables.ephemeral, Key: SEALING }));
    return sealed;
  } finally {
    client.destroy();
  }
}

const PLAY_COUNTS = { pk: 'upgrade#play-counts-in-rollups', sk: 'done' };
/** The partitions of the play counts, and the old projector's checkpoints. */
const OLD_STATS = ['stats#album#', 'stats#track#', 'stats#user#', 'checkpoint#stats#'];

/**
 * Counts the listeners' play counts again (functions/listening/projections/stats.ts) as the rollups projector holds them: each
 * stream's plays up to its rollups checkpoint (the later ones the projector counts when it takes them), written in the
 * rollups' generation; the old `stats` projector's items and checkpoints are deleted. Once, and only where that
 * projector had left checkpoints; resolves to how many counters it wrote. Run it with the projectors stopped (the local
 * cloud runs it before they start; a deployment pauses the rollups' event source mapping meanwhile).
 */
export async function countPlaysInRollups(
  config: DynamoDBClientConfig,
  tables: { events: string; views: string; counters: string; ephemeral: string },
): Promise<number> {
  const client = DynamoDBDocumentClient.from(new DynamoDBClient(config));
  const scan = async function* (
    TableName: string,
    filter?: Pick<ScanCommandInput, 'FilterExpression' | 'ExpressionAttributeNames' | 'ExpressionAttributeValues'>,
  ) {
    let start: ScanCommandOutput['LastEvaluatedKey'];
    do {
      const page = await client.send(new ScanCommand({ TableName, ExclusiveStartKey: start, ConsistentRead: true, ...filter }));
      yield* (page.Items ?? []) as Record<string, unknown>[];
      start = page.LastEvaluatedKey;
    } while (start);
  };
  try {
    if ((await client.send(new GetCommand({ TableName: tables.ephemeral, Key: PLAY_COUNTS, ConsistentRead: true }))).Item) return 0;
    const setting = await client.send(new GetCommand({ TableName: tables.views, Key: generationsSettingKey, ConsistentRead: true }));
    const generations = (setting.Item?.generations ?? {}) as Generations;
    // The old projector's items, in its generation (its checkpoints are named after it).
    const oldGeneration = generations.stats ?? 0;
    const old: { pk: string; sk: string }[] = [];
    for await (const item of scan(tables.counters)) {
      const pk = item.pk as string;
      if (generationOfPk(pk) === oldGeneration && OLD_STATS.some((prefix) => logicalPk(pk).startsWith(prefix)))
        old.push({ pk, sk: item.sk as string });
    }
    let written = 0;
    // Counters written before a crash are written again alike, and nothing is deleted until all are written.
    if (old.some((key) => logicalPk(key.pk).startsWith('checkpoint#stats#'))) {
      const applied = new Map<string, Promise<number>>();
      const appliedIn = (streamId: string) => {
        const read =
          applied.get(streamId) ??
          client
            .send(
              new GetCommand({
                TableName: tables.counters,
                Key: physicalItem(checkpointKey('rollups', streamId), generations),
                ConsistentRead: true,
              }),
            )
            .then((out) => (out.Item?.version as number | undefined) ?? 0);
        applied.set(streamId, read);
        return read;
      };
      // The projection's own ops, added up per item: the counters as the projector writes them.
      const counters = new Map<string, ViewItem>();
      const plays = scan(tables.events, {
        FilterExpression: '#type = :play',
        ExpressionAttributeNames: { '#type': 'type' },
        ExpressionAttributeValues: { ':play': 'PlayRecorded' },
      });
      for await (const event of plays) {
        if ((event.version as number) > (await appliedIn(event.streamId as string))) continue;
        const ops = await statsProjection.apply(event as unknown as DomainEvent, { get: () => Promise.resolve(undefined) });
        for (const op of ops.map((logical) => physicalOp(logical, generations))) {
          const id = viewKeyId(opKeyOf(op));
          counters.set(id, applyViewOp(counters.get(id), op)!);
        }
      }
      for (const item of counters.values()) await client.send(new PutCommand({ TableName: tables.counters, Item: item }));
      for (const key of old.filter((k) => !counters.has(viewKeyId(k)))) {
        await client.send(new DeleteCommand({ TableName: tables.counters, Key: key }));
      }
      written = counters.size;
    }
    await client.send(new PutCommand({ TableName: tables.ephemeral, Item: { ...PLAY_COUNTS, at: new Date().toISOString() } }));
    return written;
  } finally {
    client.destroy();
  }
}

/**
 * Run as a script: seals a deployment's events, and counts its plays again for the rollups projector, with the standard
 * AWS configuration of this shell.
 */
if (import.meta.url === `file://${process.argv[1]}`) {
  const need = (name: string) => {
    const value = process.env[name];
    if (!value) throw new Error(`Set ${name} to the deployment's value`);
    return value;
  };
  const tables = { events: need('TABLE_EVENTS'), keys: need('TABLE_KEYS'), ephemeral: need('TABLE_EPHEMERAL') };
  const sealed = await sealPersonalDataInPlace({}, tables, need('PERSONAL_DATA_SECRET'));
  console.log(`sealed the personal fields of ${sealed} events`);
  const recounted = await countPlaysInRollups({}, { ...tables, views: need('TABLE_VIEWS'), counters: need('TABLE_COUNTERS') });
  console.log(`counted ${recounted} play counters again for the rollups projector`);
}
