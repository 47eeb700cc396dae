import { describe, expect, it } from 'vitest';
import type { DomainEvent, NewEvent } from '../../../events/index.js';
import { consumers } from '../../consumers.js';
import { memoryViewStore } from '../../platform/memory-view-store.js';
import { notificationLookups } from '../notification-lookups.js';
import { project } from '../../platform/projection.js';
import { libraryProjection } from '../../library/projections/library.js';
import { notificationsProjection } from '../projections/notifications.js';
import { storedEvent } from '../../platform/stored-event.fixtures.js';
import { notificationsDecider } from './notifications.js';
import { notificationContent, notificationsFor, notifyingEvents } from './rules.js';
import { givenDecider } from '../../platform/testing/given.js';

const at = '2026-01-01T00:00:00.000Z';
const stored = (version: number, event: NewEvent) => storedEvent('notifications#u1', version, event);

const given = givenDecider(notificationsDecider, { streamId: 'notifications#u1' });

const welcome = notificationContent.welcome();
const sent = (id: string): NewEvent => ({ type: 'NotificationSent', data: { ...welcome, notificationId: id, userId: 'u1' } });

describe('notifications', () => {
  it('sends once per id, however often the cause is delivered', () => {
    given([])
      .when({ type: 'Send', userId: 'u1', notificationId: 'n1', content: welcome })
      .then([sent('n1')]);
    given([sent('n1')])
      .when({ type: 'Send', userId: 'u1', notificationId: 'n1', content: welcome })
      .then([]);
  });

  it('marks one read once; an unknown or deleted one is not found', () => {
    given([sent('n1')])
      .when({ type: 'MarkRead', userId: 'u1', notificationId: 'n1' })
      .then([{ type: 'NotificationsRead', data: { userId: 'u1', notificationIds: ['n1'] } }]);
    const read: NewEvent = { type: 'NotificationsRead', data: { userId: 'u1', notificationIds: ['n1'] } };
    given([sent('n1'), read])
      .when({ type: 'MarkRead', userId: 'u1', notificationId: 'n1' })
      .then([]);
    given([])
      .when({ type: 'MarkRead', userId: 'u1', notificationId: 'nope' })
      .then(/not found/);
    const deleted: NewEvent = { type: 'NotificationDeleted', data: { userId: 'u1', notificationId: 'n1' } };
    given([sent('n1'), deleted])
      .when({ type: 'Delete', userId: 'u1', notificationId: 'n1' })
      .then(/not found/);
  });

  it('marks all unread ones read, in batches that fit one transaction', () => {
    const many = Array.from({ length: 100 }, (_, i) => sent(`n${i}`));
    const events = given(many).when({ type: 'MarkAllRead', userId: 'u1' })();
    expect(events.map((e) => (e.data as { notificationIds: string[] }).notificationIds.length)).toEqual([90, 10]);
    given([]).when({ type: 'MarkAllRead', userId: 'u1' }).then([]);
  });

  it('projects sent, read and deleted into the user partition', async () => {
    const store = memoryViewStore();
    const events = [
      sent('n1'),
      sent('n2'),
      { type: 'NotificationsRead', data: { userId: 'u1', notificationIds: ['n1'] } },
      { type: 'NotificationDeleted', data: { userId: 'u1', notificationId: 'n2' } },
    ] as NewEvent[];
    for (const [i, e] of events.entries()) await project(notificationsProjection, store, stored(i + 1, e));
    expect(Object.values(store.snapshot())).toEqual([
      expect.objectContaining({
        pk: 'notifications#u1',
        sk: 'n#n1',
        id: 'n1',
        title: welcome.title,
        isRead: true,
        createdAt: at,
        actionUrl: '/music',
      }),
    ]);
  });
});

describe('notification rules', () => {
  it('welcome a new user, by e-mail too (not the admin the setup makes)', async () => {
    const registered = stored(1, {
      type: 'UserRegistered',
      data: { userId: 'u9', email: 'a@b.co', username: null, displayName: null, source: 'email_code' },
    });
    const lookups = { artistFans: () => Promise.resolve([]), artistName: () => Promise.resolve(undefined) };
    expect(await notificationsFor(registered, lookups)).toEqual([
      { userId: 'u9', content: expect.objectContaining({ kind: 'welcome', mail: true }) },
    ]);
    expect(await notificationsFor(stored(1, { type: 'EmailVerified', data: { userId: 'u9', email: 'a@b.co' } }), lookups)).toEqual([]);
    const setup = stored(1, {
      type: 'UserRegistered',
      data: { userId: 'u8', email: 'admin@b.co', username: null, displayName: 'Admin', source: 'admin_setup' },
    });
    expect(await notificationsFor(setup, lookups)).toEqual([]);
  });

  describe('a new release by an artist in your library', () => {
    const album = (albumId: string, artistId: string, isDummyAlbum = false) => ({
      albumId,
      artistId,
      title: `Album ${albumId}`,
      artwork: null,
      description: null,
      albumType: 'Album',
      releaseDate: '2026-01-01',
      requiredTier: 'free' as const,
      isExclusive: false,
      isAvailableForPurchase: false,
      stripeProductId: null,
      stripePriceDefault: null,
      stripePriceSubscriber: null,
      isDummyAlbum,
      rightsOwner: null,
      externalLinks: {},
      copyright: null,
      tracks: [],
    });
    const published = (albumId: string, artistId: string, isDummyAlbum = false) => ({
      ...stored(1, { type: 'AlbumPublished', data: album(albumId, artistId, isDummyAlbum) }),
      streamId: `album#${albumId}`,
    });

    /** The views as the projectors leave them: artist ar1 "Mara Vell" with albums al1 and al2, then each listener's library events. */
    async function given(...library: [userId: string, type: 'LibraryAlbumAdded' | 'LibraryAlbumRemoved', albumId: string][]) {
      const store = memoryViewStore();
      await store.commit('catalogue', 'artist#ar1', 0, 1, [
        { kind: 'put', item: { pk: 'artist#ar1', sk: 'artist', id: 'ar1', name: 'Mara Vell' } },
      ]);
      for (const albumId of ['al1', 'al2']) {
        await store.commit('catalogue', `album#${albumId}`, 0, 1, [
          { kind: 'put', item: { pk: `album#${albumId}`, sk: 'album', id: albumId, artistId: 'ar1' } },
        ]);
      }
      const versions = new Map<string, number>();
      for (const [userId, type, albumId] of library) {
        const version = (versions.get(userId) ?? 0) + 1;
        versions.set(userId, version);
        await project(libraryProjection, store, {
          ...stored(version, { type, data: { userId, albumId } }),
          streamId: `library#${userId}`,
        });
      }
      const lookups = notificationLookups({
        getView: (key) => store.get(key),
        queryViews: (partition: { pk: string } | { gsi1pk: string }) =>
          Promise.resolve(Object.values(store.snapshot()).filter((item) => 'pk' in partition && item.pk === partition.pk)),
      });
      return { when: (event: DomainEvent) => notificationsFor(event, lookups) };
    }

    it('tells each listener who keeps an album of the artist, by e-mail too', async () => {
      const views = await given(
        ['u1', 'LibraryAlbumAdded', 'al1'],
        ['u2', 'LibraryAlbumAdded', 'al2'],
        ['u2', 'LibraryAlbumRemoved', 'al2'],
        ['u3', 'LibraryAlbumAdded', 'al1'],
        ['u3', 'LibraryAlbumAdded', 'al2'],
      );
      const targets = await views.when(published('al9', 'ar1'));
      expect(targets.map((t) => t.userId).sort()).toEqual(['u1', 'u3']);
      expect(targets[0].content).toEqual({
        kind: 'new_release',
        title: 'New from Mara Vell',
        message: 'Mara Vell just released Album al9.',
        actionText: 'Listen now',
        actionUrl: '/album/al9',
        mail: true,
      });
    });

    it('tells nobody of a physical-only album, of changed details, or of an artist without fans', async () => {
      const views = await given(['u1', 'LibraryAlbumAdded', 'al1']);
      expect(await views.when(published('al9', 'ar1', true))).toEqual([]);
      expect(await views.when(stored(2, { type: 'AlbumDetailsChanged', data: { albumId: 'al1', changes: { title: 'Renamed' } } }))).toEqual(
        [],
      );
      expect(await views.when(published('al8', 'ar2'))).toEqual([]);
    });
  });

  it('the notifier consumer subscribes to exactly the events that have rules', () => {
    const notifier = consumers.find((c) => c.name === 'notifier');
    expect([...(notifier?.events ?? [])].sort()).toEqual([...notifyingEvents].sort());
  });
});
