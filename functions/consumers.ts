/**
 * The consumer manifest: one line per queue consumer. The relay routes each event type to the
 * FIFO queue of every consumer that subscribes to it; the local SQS trigger and the CDK
 * event-source mappings both come from here.
 */
import type { EventType } from '../events/index.js';

export interface ConsumerSpec {
  /** Queue is `<prefix><name>.fifo`, its DLQ `<prefix><name>-dlq.fifo`. */
  name: string;
  /** Module under functions/consumers/ exporting `handler`. */
  module: string;
  events: EventType[];
  batchSize: number;
  /** Receives before a message moves to the DLQ. */
  maxReceiveCount: number;
  visibilityTimeoutSeconds: number;
}

const consumer = (name: string, events: EventType[], opts: Partial<ConsumerSpec> = {}): ConsumerSpec => ({
  name,
  module: name,
  events,
  batchSize: 10,
  maxReceiveCount: 5,
  visibilityTimeoutSeconds: 30,
  ...opts,
});

export const consumers: ConsumerSpec[] = [
  consumer('catalogue-projector', ['ArtistCreated', 'AlbumPublished', 'AlbumDetailsChanged']),
  consumer('stats-projector', ['PlayRecorded']),
  consumer('library-projector', [
    'LibraryAlbumAdded',
    'LibraryAlbumRemoved',
    'TrackFavorited',
    'TrackUnfavorited',
    'AlbumFavorited',
    'AlbumUnfavorited',
    'PlayRecorded',
    'TrackListened',
  ]),
  consumer('search-projector', ['ArtistCreated', 'AlbumPublished', 'AlbumDetailsChanged', 'PlaylistCreated']),
  consumer('playlists-projector', ['PlaylistCreated']),
  consumer('users-projector', [
    'UserRegistered',
    'EmailVerified',
    'UserSignedIn',
    'ProfileChanged',
    'AvatarChanged',
    'PasswordSet',
    'UserRoleChanged',
    'SubscriptionTierChanged',
    'SubscriptionStarted',
    'SubscriptionRenewed',
    'SubscriptionCancelled',
    'SubscriptionEnded',
  ]),
  consumer('notifications-projector', ['NotificationSent', 'NotificationsRead', 'NotificationDeleted']),
  // The events of functions/domain/notifications/rules.ts (a unit test keeps the two equal).
  consumer('notifier', ['UserRegistered', 'SubscriptionStarted', 'PurchaseCompleted']),
  consumer('user-tier', ['SubscriptionStarted', 'SubscriptionRenewed', 'SubscriptionCancelled', 'SubscriptionEnded']),
  // Also takes mail jobs put straight on its queue (sign-in codes, verification links).
  consumer('mailer', ['NotificationSent']),
  consumer('commerce-projector', [
    'CartItemAdded',
    'CartItemRemoved',
    'CartCleared',
    'CartSynced',
    'CheckoutStarted',
    'PurchaseCompleted',
    'AlbumDownloadBuilt',
    'VideoPublished',
  ]),
  // Builds each album's download ZIP: minutes of audio per album, one album per message.
  consumer('album-downloads', ['AlbumPublished', 'AlbumDetailsChanged'], { batchSize: 1, visibilityTimeoutSeconds: 300 }),
  consumer('receipts', ['PurchaseCompleted']),
];

export const queueName = (prefix: string, c: Pick<ConsumerSpec, 'name'>) => `${prefix}${c.name}.fifo`;
export const dlqName = (prefix: string, c: Pick<ConsumerSpec, 'name'>) => `${prefix}${c.name}-dlq.fifo`;
