/**
 * One second of the peak hour's plays, run through the real projections and the real transaction packing
 * (functions/platform/views.ts packCommits) in memory, counting DynamoDB reads and writes per table and partition key,
 * SQS messages and calls per queue and Lambda invocations per consumer. The write pattern is therefore the code's,
 * not a guess: change a projection's keys and the model changes with it. Plays are 99 % of the system's events at
 * every scale (docs/capacity.md); the rarer requests are costed in model.ts from the code's per-request reads.
 */
import type { DomainEvent } from '../../events/index.js';
import { consumers, consumersOf, queueName, relay, type ConsumerSpec } from '../../functions/consumers.js';
import { memoryViewStore } from '../../functions/platform/memory-view-store.js';
import { spreadOp, type ViewKey, type ViewOp } from '../../functions/platform/projection.js';
import { checkpointKey, isCounterKey, packCommits, type PendingCommit } from '../../functions/platform/views.js';
import { albumKey, artistKey } from '../../functions/catalogue/projections/catalogue.js';
import { projections } from '../../functions/projections.js';
import { playsStream } from '../../functions/listening/play-streams.js';
import { seededRandom } from '../seed/media/random.js';
import { PLAYS_PER_LISTENER_PER_DAY, VIRAL_SHARE, peakRate, type Load } from './load.js';

export type TableName = 'events' | 'views' | 'counters' | 'ephemeral';

export interface PartitionUse {
  table: TableName;
  pk: string;
  /** Write and read capacity units per second (a transactional write costs 2 per item of up to 1 KB, a consistent read 1 per 4 KB). */
  wcu: number;
  rcu: number;
}

export interface QueueUse {
  queue: string;
  messages: number;
  /** SendMessageBatch calls by the relay, and ReceiveMessage + DeleteMessageBatch calls by the Lambda poller. */
  apiCalls: number;
  /** The most messages one message group (a stream) receives in the second. */
  hottestGroup: number;
}

export interface PeakSecond {
  plays: number;
  partitions: PartitionUse[];
  queues: QueueUse[];
  /** Lambda invocations in the second, by function (the relay, each projector). */
  invocations: Record<string, number>;
}

/**
 * The peak second is today's: the rollups treat a play of an earlier day as late, one that may land in a day already
 * closed (a mark on that day's summary), which the plays of a peak second never are. A fixed date made every play late
 * from the day after it was written.
 */
export const DAY = new Date().toISOString().slice(0, 10);
const AT = `${DAY}T20:30:00.000Z`;
const ARTIST_ALBUMS = 6;

const albumId = (i: number) => `album-${i}`;
const trackId = (album: number, track: number) => `track-${album}-${track}`;

function envelope(streamId: string, version: number, type: string, data: unknown, n: number): DomainEvent {
  return {
    streamId,
    version,
    type,
    schemaVersion: 1,
    data,
    meta: { eventId: `evt-${n}`, at: AT, actor: 'capacity', correlationId: `corr-${n}` },
  } as DomainEvent;
}

/** Catalogue items the projections look up (album → artist and tracks), written as the catalogue projection keeps them. */
async function seedCatalogue(store: ReturnType<typeof memoryViewStore>, load: Load) {
  const ops: ViewOp[] = [];
  for (let a = 0; a < load.albums; a++) {
    const artistId = `artist-${Math.floor(a / ARTIST_ALBUMS)}`;
    const tracks = Array.from({ length: load.tracksPerAlbum }, (_, t) => ({ id: trackId(a, t), title: `Track ${t + 1}` }));
    ops.push({
      kind: 'put',
      item: { ...albumKey(albumId(a)), albumId: albumId(a), title: `Album ${a}`, artistId, artistName: artistId, tracks },
    });
    if (a % ARTIST_ALBUMS === 0) ops.push({ kind: 'put', item: { ...artistKey(artistId), name: artistId } });
  }
  await store.commit('capacity-seed', 'catalogue', 0, 1, ops);
}

/** Per table and partition, the capacity units counted so far. */
class Meter {
  private uses = new Map<string, PartitionUse>();
  add(table: TableName, pk: string, use: { wcu?: number; rcu?: number }) {
    const id = `${table}|${pk}`;
    const seen = this.uses.get(id) ?? { table, pk, wcu: 0, rcu: 0 };
    seen.wcu += use.wcu ?? 0;
    seen.rcu += use.rcu ?? 0;
    this.uses.set(id, seen);
  }
  all() {
    return [...this.uses.values()];
  }
}

const viewTable = (key: { pk: string }): TableName => (isCounterKey(key) ? 'counters' : 'views');

/**
 * The peak second's plays: listeners drawn from the day's audience (a tenth of them members, as `load` says), the
 * viral album taking VIRAL_SHARE of plays and the rest spread over the catalogue, each play the next event of its
 * listener's daily plays stream; then every consumer that takes them, batch by batch as its manifest line says.
 */
export async function simulatePeakSecond(load: Load, seed = 1): Promise<PeakSecond> {
  // Deterministic, so one load always gives the same model.
  const rand = seededRandom(String(seed)).next;
  const plays = Math.round(peakRate(PLAYS_PER_LISTENER_PER_DAY, load));
  const store = memoryViewStore();
  await seedCatalogue(store, load);
  const meter = new Meter();

  // The plays, in arrival order, and the members among their listeners (whose subscriptions the projections must know).
  const events: DomainEvent[] = [];
  const warmUp: DomainEvent[] = [];
  const versions = new Map<string, number>();
  const members = new Set<string>();
  for (let n = 0; n < plays; n++) {
    const listener = Math.floor(rand() * load.dailyListeners);
    const signedIn = listener < load.dailyListeners * load.signedInShare;
    const member = listener < load.dailyListeners * load.memberShare;
    const listenerId = signedIn ? `user-${listener}` : `guest-${listener}`;
    const album = rand() < VIRAL_SHARE ? 0 : 1 + Math.floor(rand() * (load.albums - 1));
    const track = Math.floor(rand() * load.tracksPerAlbum);
    const streamId = playsStream(listenerId, new Date(AT), signedIn);
    // Its place in the day: a listener's 30 plays a day, this one somewhere among them.
    const version = (versions.get(streamId) ?? 1 + Math.floor(rand() * (PLAYS_PER_LISTENER_PER_DAY - 1))) + 1;
    versions.set(streamId, version);
    if (member && !members.has(listenerId)) {
      members.add(listenerId);
      warmUp.push(
        envelope(
          `user#${listenerId}`,
          1,
          'SubscriptionStarted',
          {
            userId: listenerId,
            stripeSubscriptionId: `sub-${listener}`,
            stripeCustomerId: `cus-${listener}`,
            email: null,
            amount: 5,
            startedAt: '2026-11-01T00:00:00.000Z',
            currentPeriodEnd: '2026-12-01T00:00:00.000Z',
            trialEndsAt: null,
            source: 'stripe',
          },
          -n,
        ),
      );
    }
    const data = {
      trackId: trackId(album, track),
      albumId: albumId(album),
      listenerId,
      userId: signedIn ? listenerId : null,
      playDuration: 200,
      trackLength: 240,
    };
    events.push(envelope(streamId, version, 'PlayRecorded', data, n));
  }
  // Of the members' subscriptions, plays consult only what the statements keep (whether a listener is a member).
  for (const event of warmUp) await store.commit('capacity-seed', event.streamId, 0, 1, await projections.statements.apply(event, store));

  // Each play is one conditional PutItem of its event, about 300 bytes, on its stream's partition
  // (functions/listening/counted-plays.ts): the once-per-track-length rule and the day's ceiling are read from that stream.
  for (const event of events) meter.add('events', event.streamId, { wcu: 1 });

  // Every projector's reads are consistent gets (1 RCU each for items under 4 KB).
  const reader = {
    get: (key: ViewKey) => {
      meter.add(viewTable(key), key.pk, { rcu: 1 });
      return store.get(key);
    },
  };

  const queues: QueueUse[] = [];
  const invocations: Record<string, number> = { [relay.name]: Math.ceil(events.length / relay.batchSize) };
  for (const consumer of consumers) {
    const taken = events.filter((e) => consumersOf(e.type, e.streamId).includes(consumer));
    if (!taken.length) continue;
    queues.push(queueUse(consumer, taken));
    invocations[consumer.name] = Math.ceil(taken.length / consumer.batchSize);
    if (consumer.kind !== 'projector') continue;
    const projection = projections[consumer.name];
    for (let from = 0; from < taken.length; from += consumer.batchSize) {
      const pending: PendingCommit[] = [];
      for (const event of taken.slice(from, from + consumer.batchSize)) {
        const ops = projection.events.includes(event.type) ? await projection.apply(event, reader) : [];
        // The store writes a batch's spread counts into one partition it draws (functions/platform/views.ts): here, in turn.
        pending.push({
          checkpoint: checkpointKey(projection.name, event.streamId),
          ops: ops.map((op) => spreadOp(op, from / consumer.batchSize)),
        });
        await store.commit(projection.name, event.streamId, await store.checkpoint(projection.name, event.streamId), event.version, ops);
      }
      // Each pack is one TransactWriteItems: 2 WCU per item, its checkpoints included.
      for (const pack of packCommits(pending)) {
        for (const commit of pack.commits) meter.add('counters', commit.checkpoint.pk, { wcu: 2 });
        for (const op of pack.ops) {
          const key = op.kind === 'put' ? op.item : op.key;
          meter.add(viewTable(key), key.pk, { wcu: 2 });
        }
      }
    }
  }
  return { plays, partitions: meter.all(), queues, invocations };
}

function queueUse(consumer: ConsumerSpec, taken: DomainEvent[]): QueueUse {
  const groups = new Map<string, number>();
  for (const e of taken) groups.set(e.streamId, (groups.get(e.streamId) ?? 0) + 1);
  // The relay sends ten to a call; the poller receives up to ten and deletes them in one batch call.
  const sends = Math.ceil(taken.length / 10);
  const batches = Math.ceil(taken.length / consumer.batchSize);
  return {
    queue: queueName('', consumer),
    messages: taken.length,
    apiCalls: sends + 2 * batches,
    hottestGroup: Math.max(...groups.values()),
  };
}
