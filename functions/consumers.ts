/**
 * The consumer manifest: one line per queue consumer. The relay (functions/consumers/relay.ts) sends
 * each stored event to the FIFO queue of every consumer that takes it; the local SQS trigger and the
 * CDK event-source mappings both come from here.
 *
 * Two kinds of consumer:
 * - a projector takes every event of the stream categories it names (`user` for `user#…`): its
 *   per-stream checkpoints need each version in turn, so an event type it does not project still
 *   passes through (and only moves the checkpoint). Which types it projects is the projection's own
 *   `events` list, in one place; a new event type on a stream it reads can never stall it.
 * - a reactor (mail, notifications, receipts, tier, ZIPs) takes the event types it names, wherever
 *   they are appended.
 */
import type { EventType } from '../events/index.js';

export interface ConsumerSpec {
  /** Queue is `<prefix><name>.fifo`, its DLQ `<prefix><name>-dlq.fifo`. */
  name: string;
  /** Module under functions/consumers/ exporting `handler`. */
  module: string;
  /** Event types it takes from any stream (reactors). */
  events: EventType[];
  /** Stream categories whose every event it takes, in order (projectors). */
  streams: string[];
  batchSize: number;
  /** Receives before a message moves to the DLQ. */
  maxReceiveCount: number;
  visibilityTimeoutSeconds: number;
}

const defaults = { batchSize: 10, maxReceiveCount: 5, visibilityTimeoutSeconds: 30 };

const reactor = (name: string, events: EventType[], opts: Partial<ConsumerSpec> = {}): ConsumerSpec => ({
  name,
  module: name,
  events,
  streams: [],
  ...defaults,
  ...opts,
});

const projector = (name: string, streams: string[], opts: Partial<ConsumerSpec> = {}): ConsumerSpec => ({
  name,
  module: name,
  events: [],
  streams,
  ...defaults,
  ...opts,
});

/** `user` for `user#42`: the part of a stream id before the first `#`. */
export const streamCategory = (streamId: string) => streamId.split('#', 1)[0];

export const consumers: ConsumerSpec[] = [
  projector('catalogue-projector', ['artist', 'album']),
  // Guests' plays have a category of their own: they have no library, so its projector never sees them.
  projector('stats-projector', ['plays', 'guest-plays']),
  projector('library-projector', ['library', 'plays', 'listening']),
  projector('search-projector', ['artist', 'album', 'playlist']),
  projector('playlists-projector', ['playlist']),
  projector('users-projector', ['user']),
  projector('notifications-projector', ['notifications']),
  projector('commerce-projector', ['cart', 'order', 'download', 'video']),
  // The events of functions/domain/notifications/rules.ts (a unit test keeps the two equal).
  reactor('notifier', ['UserRegistered', 'SubscriptionStarted', 'PurchaseCompleted', 'AlbumPublished']),
  reactor('user-tier', ['SubscriptionStarted', 'SubscriptionRenewed', 'SubscriptionCancelled', 'SubscriptionEnded']),
  // Also takes mail jobs put straight on its queue (sign-in codes, verification links).
  reactor('mailer', ['NotificationSent']),
  // Builds each album's download ZIP: minutes of audio per album, one album per message.
  reactor('album-downloads', ['AlbumPublished', 'AlbumDetailsChanged'], { batchSize: 1, visibilityTimeoutSeconds: 300 }),
  reactor('receipts', ['PurchaseCompleted']),
];

/** The queues a stored event goes to: reactors by its type, projectors by its stream's category. Pure. */
export function consumersOf(type: string, streamId: string): ConsumerSpec[] {
  const category = streamCategory(streamId);
  return consumers.filter((c) => (c.events as string[]).includes(type) || c.streams.includes(category));
}

export const queueName = (prefix: string, c: Pick<ConsumerSpec, 'name'>) => `${prefix}${c.name}.fifo`;
export const dlqName = (prefix: string, c: Pick<ConsumerSpec, 'name'>) => `${prefix}${c.name}-dlq.fifo`;
