/**
 * Which events notify whom, and with what words: the hook other capabilities extend.
 *
 * To notify people of something new (a purchase, a subscription, a new release…):
 *  1. add a rule below, keyed by the event type, returning `{ userId, content }` for each person to tell
 *     (a rule may look people up in the views, e.g. the listeners who keep an artist in their library);
 *  2. add the event type to the `notifier` line of functions/consumers.ts (a unit test checks the two agree).
 * The notifier consumer turns each result into `NotificationSent` on `notifications#<userId>`, once per cause
 * and person however often the cause is delivered; `content.mail` also sends it by e-mail (mailer consumer).
 * Outside a consumer (an admin message, say), call `notifyUser` from functions/notifications/notify.ts.
 */
import type { DomainEvent, EventOf, EventType, NotificationContent } from '../../../events/index.js';
import { brand } from '../../../events/brand.js';

interface NotificationTarget {
  userId: string;
  content: NotificationContent;
}

/** What a rule may look up; the notifier answers from the views (functions/notifications/notification-lookups.ts). */
export interface RuleLookups {
  /** The ids of the listeners who keep one of the artist's albums in their library. */
  artistFans(artistId: string): Promise<string[]>;
  /** The artist's name, or undefined while the artist is not projected yet. */
  artistName(artistId: string): Promise<string | undefined>;
}

type Rule<T extends EventType> = (event: EventOf<T>, lookups: RuleLookups) => NotificationTarget[] | Promise<NotificationTarget[]>;
type NotificationRules = { [T in EventType]?: Rule<T> };

/** The words of each kind of notification, for rules here and in other capabilities. */
export const notificationContent = {
  welcome: (): NotificationContent => ({
    kind: 'welcome',
    title: `Welcome to ${brand.product}!`,
    message: `Your ${brand.product} account is ready. Stream free albums, build your library and follow the artists of ${brand.labelName}.`,
    actionText: 'Start listening',
    actionUrl: '/music',
    mail: true,
  }),
  subscription: (): NotificationContent => ({
    kind: 'subscription',
    title: `Welcome to ${brand.productPlus}`,
    message: `Your ${brand.productPlus} membership is active: exclusive and early releases, member prices and high-quality downloads are yours.`,
    actionText: `Open ${brand.productPlus}`,
    actionUrl: '/exclusive',
    mail: true,
  }),
  purchase: (albumTitle: string, albumId: string): NotificationContent => ({
    kind: 'purchase',
    title: 'Purchase complete',
    message: `${albumTitle} is in your library and ready to download.`,
    actionText: 'View album',
    actionUrl: `/album/${albumId}`,
    // The order's receipt is the e-mail for a purchase.
    mail: false,
  }),
  newRelease: (artistName: string, albumTitle: string, albumId: string): NotificationContent => ({
    kind: 'new_release',
    title: `New from ${artistName}`,
    message: `${artistName} just released ${albumTitle}.`,
    actionText: 'Listen now',
    actionUrl: `/album/${albumId}`,
    mail: true,
  }),
};

/** Tells every listener who keeps one of the artist's albums in their library about the artist's new album. */
async function newReleaseToFans(event: EventOf<'AlbumPublished'>, lookups: RuleLookups): Promise<NotificationTarget[]> {
  const { albumId, artistId, title, isDummyAlbum } = event.data;
  // A physical-only album cannot be listened to here.
  if (isDummyAlbum) return [];
  const fans = await lookups.artistFans(artistId);
  if (fans.length === 0) return [];
  const artistName = await lookups.artistName(artistId);
  if (artistName === undefined) throw new Error(`Artist ${artistId} is not projected yet`);
  const content = notificationContent.newRelease(artistName, title, albumId);
  return fans.map((userId) => ({ userId, content }));
}

const notificationRules: NotificationRules = {
  // An account the setup made for the label's admin needs no welcome.
  UserRegistered: (event) =>
    event.data.source === 'admin_setup' ? [] : [{ userId: event.data.userId, content: notificationContent.welcome() }],
  SubscriptionStarted: (event) => [{ userId: event.data.userId, content: notificationContent.subscription() }],
  PurchaseCompleted: (event) => [
    { userId: event.data.userId, content: notificationContent.purchase(event.data.album.title, event.data.album.albumId) },
  ],
  // Only a first publication: a changed title or date is not a new release.
  AlbumPublished: newReleaseToFans,
};

export const notifyingEvents = Object.keys(notificationRules) as EventType[];

export async function notificationsFor(event: DomainEvent, lookups: RuleLookups): Promise<NotificationTarget[]> {
  const rule = notificationRules[event.type] as Rule<typeof event.type> | undefined;
  return rule ? rule(event, lookups) : [];
}
