import { describe, expect, it } from 'vitest';
import { consumers, consumersOf, streamCategory } from './consumers.js';
import { route } from './consumers/relay.js';

const names = (type: string, streamId: string) =>
  consumersOf(type, streamId)
    .map((c) => c.name)
    .sort();

describe('the consumer manifest', () => {
  it('sends a projector every event of its stream categories, so a checkpoint never waits on a type it does not list', () => {
    expect(names('SubscriptionStarted', 'user#u1')).toEqual(['notifier', 'user-tier', 'users-projector']);
    expect(names('SomethingNew', 'user#u1')).toEqual(['users-projector']);
    expect(names('SomethingNew', 'cart#u1')).toEqual(['commerce-projector']);
  });

  it('sends a reactor its event types from any stream', () => {
    expect(names('PurchaseCompleted', 'order#o1')).toEqual(['commerce-projector', 'notifier', 'receipts']);
    expect(names('AlbumPublished', 'album#a1')).toEqual(['album-downloads', 'catalogue-projector', 'notifier', 'search-projector']);
    expect(names('NotificationSent', 'notifications#u1')).toEqual(['mailer', 'notifications-projector']);
  });

  it("sends a signed-in listener's plays to the stats and the library, a guest's to the stats only", () => {
    expect(names('PlayRecorded', 'plays#u1#2026-11-01')).toEqual(['library-projector', 'stats-projector']);
    expect(names('PlayRecorded', 'guest-plays#guest-1#2026-11-01')).toEqual(['stats-projector']);
  });

  it('reads the category of a stream id up to its first #', () => {
    expect(streamCategory('plays#listener-1#2026-11-01')).toBe('plays');
    expect(streamCategory('user#u1')).toBe('user');
  });

  it('gives every consumer either event types or stream categories, and unique names', () => {
    for (const c of consumers) expect(c.events.length + c.streams.length, c.name).toBeGreaterThan(0);
    expect(new Set(consumers.map((c) => c.name)).size).toBe(consumers.length);
  });

  it('routes reservation items (no event type) nowhere', () => {
    expect(route({ streamId: 'reservation#email#a@b.c', version: 1 }, 'toko-')).toEqual([]);
    expect(route({ streamId: 'user#u1', version: 1, type: 'UserRegistered' }, 'toko-')).toEqual(
      expect.arrayContaining(['toko-users-projector.fifo', 'toko-notifier.fifo']),
    );
  });
});
