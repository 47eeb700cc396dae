/**
 * The consumer manifest: the stream relay, then one line per queue consumer. The relay
 * (functions/platform/consumers/relay.ts) sends each stored event to the FIFO queue of every consumer that takes
 * it; the local stream poller and SQS trigger and the CDK functions and event-source mappings all come from here.
 *
 * A line's name is its code, in one hop:
 * - a projector `x` runs the projection `functions/<context>/projections/x.ts` (named `x` too). It takes every
 *   event of the stream categories it names (`user` for `user#…`): its per-stream checkpoints need each
 *   version in turn, so an event type it does not project still passes through (and only moves the
 *   checkpoint). Which types it projects is the projection's own `events` list, in one place; a new
 *   event type on a stream it reads can never stall it. One Lambda entry serves them all:
 *   functions/platform/consumers/projector.ts, told which projection by its PROJECTION variable.
 * - a reactor `x` (mail, notifications, receipts, tier, ZIPs) is `functions/<context>/consumers/x.ts`. It takes the
 *   event types it names, wherever they are appended.
 */
import { registry, type EventType } from '../events/index.js';
import { featuredAlbumEvents, listingEvents } from './catalogue/projections/catalogue.js';

/** The relay: the events table's DynamoDB Stream → the consumers' queues. */
export interface RelaySpec {
  /** Its module, functions/<context>/consumers/<name>.ts (a projector's: its projection's, <context>/projections/<name>.ts). */
  name: string;
  /** Stream records per invocation. */
  batchSize: number;
  /** Retries of a failing batch (bisected) before its records' metadata goes to `<prefix>relay-failures`. */
  retryAttempts: number;
}

export const relay: RelaySpec = { name: 'relay', batchSize: 100, retryAttempts: 10 };

export interface ConsumerSpec {
  /** Its code (see above). Queue is `<prefix><name>.fifo`, its DLQ `<prefix><name>-dlq.fifo`. */
  name: string;
  kind: 'projector' | 'reactor';
  /** Event types it takes from any stream (reactors). */
  events: EventType[];
  /** Stream categories whose every event it takes, in order (projectors). */
  streams: string[];
  batchSize: number;
  /** Receives before a message moves to the DLQ. */
  maxReceiveCount: number;
  visibilityTimeoutSeconds: number;
  /** Loads the media codecs (audio, images: functions/catalogue/media-intake), which its bundle leaves to a layer (infra/aws/lambda.ts). */
  codecs?: boolean;
  /** Loads the pre-rendered pages' renderer, which its bundle leaves to a layer (infra/aws/lambda.ts). */
  renderer?: boolean;
}

const defaults = { batchSize: 10, maxReceiveCount: 5, visibilityTimeoutSeconds: 30 };

const reactor = (name: string, events: EventType[], opts: Partial<ConsumerSpec> = {}): ConsumerSpec => ({
  name,
  kind: 'reactor',
  events,
  streams: [],
  ...defaults,
  ...opts,
});

const projector = (name: string, streams: string[], opts: Partial<ConsumerSpec> = {}): ConsumerSpec => ({
  name,
  kind: 'projector',
  events: [],
  streams,
  ...defaults,
  ...opts,
});

/** The play ingest's events, left out of the correlation index. */
const untracedEvents: EventType[] = ['PlayRecorded', 'PlayCompleted', 'PlayRefused', 'TrackListened'];

/** `user` for `user#42`: the part of a stream id before the first `#`. */
export const streamCategory = (streamId: string) => streamId.split('#', 1)[0];

export const consumers: ConsumerSpec[] = [
  projector('catalogue', ['artist', 'album', 'home']),
  projector('library', ['library', 'plays', 'listening']),
  projector('search', ['artist', 'album', 'playlist']),
  // The admin's release board and the schedule the publish-due job reads.
  projector('admin-releases', ['album']),
  projector('playlists', ['playlist']),
  projector('users', ['user']),
  projector('notifications', ['notifications']),
  projector('commerce', ['cart', 'order', 'download', 'video']),
  // The label dashboard's daily rollups: plays, sales and fees, memberships and accounts, merch orders; and the play
  // counts listeners see (listening/projections/stats.ts), so a play moves one checkpoint of a counting projector, not two. Guests'
  // plays have a category of their own: they have no library, so its projector never sees them. The players' other
  // reports (the ends of plays, the refused reports: functions/listening/play-streams.ts) are the completed and suspicious plays.
  projector('rollups', ['plays', 'guest-plays', 'play-reports', 'order', 'user', 'merch-order']),
  // The artists' statements' inputs per month: sales, fees and refunds, Toko+ payments and members' plays, merch, contracts, closings.
  projector('statements', ['plays', 'order', 'user', 'merch-order', 'contract', 'statement']),
  // The events of functions/notifications/domain/rules.ts (a unit test keeps the two equal).
  reactor('notifier', ['UserRegistered', 'SubscriptionStarted', 'PurchaseCompleted', 'AlbumPublished']),
  reactor('user-tier', ['SubscriptionStarted', 'SubscriptionRenewed', 'SubscriptionCancelled', 'SubscriptionResumed', 'SubscriptionEnded']),
  // Erases a deleted account (keys, reservations, avatars, its Stripe subscription, notifications): tried for about ten
  // minutes (a Stripe outage) before the DLQ, from which the sync manager sends it back once the cause is fixed.
  reactor('account-erasure', ['AccountDeleted'], { maxReceiveCount: 10, visibilityTimeoutSeconds: 60 }),
  // Also takes mail jobs put straight on its queue (sign-in codes, verification links).
  reactor('mailer', ['NotificationSent', 'AdminSecondStepLocked']),
  // Builds each album's download ZIP: minutes of audio per album, one album per message.
  reactor('album-downloads', ['AlbumPublished', 'AlbumDetailsChanged'], { batchSize: 1, visibilityTimeoutSeconds: 300 }),
  reactor('receipts', ['PurchaseCompleted', 'PurchaseRefunded']),
  // Reads each uploaded track and makes its streaming MP3: up to 200 MB per message, one at a time (15 minutes a try).
  reactor('track-intake', ['TrackUploaded'], { batchSize: 1, visibilityTimeoutSeconds: 2700, codecs: true }),
  // Re-renders the pre-rendered pages a catalogue change shows on (the catalogue view's events: catalogue/projections/catalogue.ts).
  reactor('prerender', [...listingEvents, ...featuredAlbumEvents], { visibilityTimeoutSeconds: 60, renderer: true, codecs: true }),
  // The correlation index of the sync manager's traces (functions/operations/trace-index.ts says why a reactor): every
  // event but the plays, the one per-request event of the ingest path.
  reactor(
    'trace',
    registry.types.filter((type) => !untracedEvents.includes(type)),
  ),
];

/** The queues a stored event goes to: reactors by its type, projectors by its stream's category. Pure. */
export function consumersOf(type: string, streamId: string): ConsumerSpec[] {
  const category = streamCategory(streamId);
  return consumers.filter((c) => (c.events as string[]).includes(type) || c.streams.includes(category));
}

export const queueName = (prefix: string, c: Pick<ConsumerSpec, 'name'>) => `${prefix}${c.name}.fifo`;
export const dlqName = (prefix: string, c: Pick<ConsumerSpec, 'name'>) => `${prefix}${c.name}-dlq.fifo`;
