/**
 * A listener's own data as one JSON document (GET /api/users/me/export), built from their events in the log: their
 * user, library and notifications streams, their plays, and the orders that name them. Built from the log rather
 * than the views, it is also the listener's proof of what they bought.
 */
import type { DomainEvent } from '../../events/index.js';
import type { UserExport } from './contract/user-data.js';
import { orderStream } from '../commerce/index.js';
import { purchasesPartition, type PurchaseView } from '../commerce/projections/commerce.js';
import { libraryStream } from '../library/index.js';
import { notificationsStream } from '../notifications/index.js';
import { evolveUser, initialUserState, userStream } from './domain/user.js';
import { playsStream } from '../listening/index.js';
import { eachConcurrently } from '../platform/concurrently.js';
import { readStream } from '../platform/event-store.js';
import { queryViews } from '../platform/views.js';

const MEMBERSHIP_EVENTS = new Set<DomainEvent['type']>([
  'SubscriptionStarted',
  'SubscriptionRenewed',
  'SubscriptionCancelled',
  'SubscriptionResumed',
  'SubscriptionPlanChanged',
  'SubscriptionEnded',
  'SubscriptionTierChanged',
  'ComplimentaryMembershipGranted',
  'ComplimentaryMembershipRevoked',
]);

/** The export of `userId` from their events (any order within a stream is kept as given). Pure. */
function exportFromEvents(userId: string, events: DomainEvent[], now: Date): UserExport {
  const user = events.filter((e) => e.streamId === userStream(userId)).reduce(evolveUser, initialUserState);
  const library = new Map<string, string>();
  const tracks = new Map<string, { trackId: string; albumId: string; favouritedAt: string }>();
  const albums = new Map<string, string>();
  const plays: UserExport['plays'] = [];
  const purchases = new Map<string, UserExport['purchases'][number]>();
  const memberships: UserExport['memberships'] = [];
  const notifications = new Map<string, UserExport['notifications'][number]>();

  for (const event of events) {
    const at = event.meta.at;
    switch (event.type) {
      case 'LibraryAlbumAdded':
        library.set(event.data.albumId, at);
        break;
      case 'LibraryAlbumRemoved':
        library.delete(event.data.albumId);
        break;
      case 'TrackFavorited':
        tracks.set(event.data.trackId, { trackId: event.data.trackId, albumId: event.data.albumId, favouritedAt: at });
        break;
      case 'TrackUnfavorited':
        tracks.delete(event.data.trackId);
        break;
      case 'AlbumFavorited':
        albums.set(event.data.albumId, at);
        break;
      case 'AlbumUnfavorited':
        albums.delete(event.data.albumId);
        break;
      case 'PlayRecorded':
        if (event.data.userId === userId) {
          plays.push({ trackId: event.data.trackId, albumId: event.data.albumId, playedAt: at, secondsListened: event.data.playDuration });
        }
        break;
      case 'PurchaseCompleted': {
        if (event.data.userId !== userId) break;
        const { orderId, email, album } = event.data;
        const order = purchases.get(orderId) ?? {
          orderId,
          paidAt: at,
          email,
          albums: [],
          total: 0,
          currency: 'usd',
          refundedAt: null,
          refundedAmount: null,
        };
        order.albums.push({ albumId: album.albumId, title: album.title, artistName: album.artistName, price: album.price });
        order.total = Math.round((order.total + album.price) * 100) / 100;
        purchases.set(orderId, order);
        break;
      }
      case 'PurchaseRefunded': {
        const order = purchases.get(event.data.orderId);
        if (order && event.data.userId === userId) Object.assign(order, { refundedAt: at, refundedAmount: event.data.amount });
        break;
      }
      case 'NotificationSent':
        notifications.set(event.data.notificationId, {
          id: event.data.notificationId,
          kind: event.data.kind,
          title: event.data.title,
          message: event.data.message,
          sentAt: at,
          read: false,
        });
        break;
      case 'NotificationDeleted':
        notifications.delete(event.data.notificationId);
        break;
      case 'NotificationsRead':
        for (const id of event.data.notificationIds) {
          const notification = notifications.get(id);
          if (notification) notification.read = true;
        }
        break;
      default:
        if (MEMBERSHIP_EVENTS.has(event.type) && event.streamId === userStream(userId)) {
          const { userId: _userId, ...details } = event.data as { userId: string } & Record<string, unknown>;
          memberships.push({ event: event.type, at, details });
        }
    }
  }

  return {
    exportedAt: now.toISOString(),
    userId,
    profile: {
      email: user.email ?? '',
      username: user.username,
      displayName: user.displayName,
      avatar: user.avatar,
      emailVerified: user.emailVerified,
      createdAt: user.createdAt,
    },
    library: [...library].map(([albumId, addedAt]) => ({ albumId, addedAt })),
    favourites: {
      tracks: [...tracks.values()],
      albums: [...albums].map(([albumId, favouritedAt]) => ({ albumId, favouritedAt })),
    },
    plays: plays.sort((a, b) => a.playedAt.localeCompare(b.playedAt)),
    purchases: [...purchases.values()],
    memberships,
    notifications: [...notifications.values()],
  };
}

/** Each day from `from` to `to`, as the plays streams name them. */
function daysBetween(from: Date, to: Date): Date[] {
  const days: Date[] = [];
  for (let day = Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), from.getUTCDate()); day <= to.getTime(); day += 86_400_000) {
    days.push(new Date(day));
  }
  return days;
}

/**
 * Reads the listener's streams: user, library, notifications, one plays stream per day since they signed up (each a
 * Query by key), and the order of each album they bought (the purchases view names the orders).
 */
export async function exportUserData(userId: string, now: Date): Promise<UserExport> {
  const userEvents = await readStream(userStream(userId));
  const createdAt = userEvents[0]?.meta.at;
  const [library, notifications, purchases] = await Promise.all([
    readStream(libraryStream(userId)),
    readStream(notificationsStream(userId)),
    queryViews<PurchaseView>({ pk: purchasesPartition(userId) }),
  ]);
  const streams = [
    ...new Set(purchases.map((p) => orderStream(p.orderId))),
    ...(createdAt ? daysBetween(new Date(createdAt), now).map((day) => playsStream(userId, day, true)) : []),
  ];
  const more: DomainEvent[][] = [];
  await eachConcurrently(streams, 8, async (streamId) => {
    more.push(await readStream(streamId));
  });
  return exportFromEvents(userId, [...userEvents, ...library, ...notifications, ...more.flat()], now);
}
