import { describe, expect, it } from 'vitest';
import { consumers, consumersOf, streamCategory } from './consumers.js';
import { projectorHandler } from './platform/consumers/projector.js';
import { route } from './platform/consumers/relay.js';
import { featuredAlbumEvents, listingEvents } from './catalogue/projections/catalogue.js';
import { projections } from './projections.js';
import { entriesIn } from '../infra/aws/entries.js';

/** Each Lambda's entry, found by the context layout as synthesis finds it (it throws when one is missing). */
const entries = entriesIn(import.meta.dirname);

const names = (type: string, streamId: string) =>
  consumersOf(type, streamId)
    .map((c) => c.name)
    .sort();

describe('the consumer manifest', () => {
  it('sends a projector every event of its stream categories, so a checkpoint never waits on a type it does not list', () => {
    expect(names('SubscriptionStarted', 'user#u1')).toEqual(['notifier', 'rollups', 'statements', 'trace', 'user-tier', 'users']);
    expect(names('SomethingNew', 'user#u1')).toEqual(['rollups', 'statements', 'users']);
    expect(names('SomethingNew', 'cart#u1')).toEqual(['commerce']);
  });

  it('sends a reactor its event types from any stream', () => {
    expect(names('PurchaseCompleted', 'order#o1')).toEqual(['commerce', 'notifier', 'receipts', 'rollups', 'statements', 'trace']);
    expect(names('AlbumPublished', 'album#a1')).toEqual([
      'admin-releases',
      'album-downloads',
      'catalogue',
      'notifier',
      'prerender',
      'search',
      'trace',
    ]);
    expect(names('NotificationSent', 'notifications#u1')).toEqual(['mailer', 'notifications', 'trace']);
  });

  it('indexes every event type by correlation id but the plays, which the ingest appends one per request', () => {
    const traced = consumers.find((c) => c.name === 'trace')!.events;
    expect(traced).toContain('DeadLettersRedriven');
    expect(traced).not.toContain('PlayRecorded');
    expect(traced).not.toContain('TrackListened');
    expect(names('PlayRecorded', 'plays#u1#2026-01-01')).not.toContain('trace');
  });

  it('sends the pre-render consumer exactly the events that change its pages: the listings and the featured album', () => {
    expect(consumers.find((c) => c.name === 'prerender')?.events.toSorted()).toEqual([...listingEvents, ...featuredAlbumEvents].sort());
  });

  it("sends the featured album's choice to the catalogue view, which the home page reads", () => {
    expect(names('FeaturedAlbumChosen', 'home#featured-album')).toEqual(expect.arrayContaining(['catalogue', 'prerender']));
  });

  it("sends a signed-in listener's plays to the rollups (with the play counts), the statements and the library, a guest's to the rollups only", () => {
    expect(names('PlayRecorded', 'plays#u1#2026-11-01')).toEqual(['library', 'rollups', 'statements']);
    expect(names('PlayRecorded', 'guest-plays#guest-1#2026-11-01')).toEqual(['rollups']);
  });

  it('reads the category of a stream id up to its first #', () => {
    expect(streamCategory('plays#listener-1#2026-11-01')).toBe('plays');
    expect(streamCategory('user#u1')).toBe('user');
  });

  it('gives every consumer either event types or stream categories, and unique names', () => {
    for (const c of consumers) expect(c.events.length + c.streams.length, c.name).toBeGreaterThan(0);
    expect(new Set(consumers.map((c) => c.name)).size).toBe(consumers.length);
  });

  it('names each line after its code: a projector its projection functions/<context>/projections/<name>.ts, a reactor functions/<context>/consumers/<name>.ts', () => {
    for (const c of consumers.filter((x) => x.kind === 'projector')) {
      expect(projections[c.name]?.name, c.name).toBe(c.name);
      expect(entries.consumer(c), c.name).toMatch(/platform\/consumers\/projector\.ts$/);
      expect(c.events, c.name).toEqual([]);
    }
    for (const c of consumers.filter((x) => x.kind === 'reactor')) {
      expect(entries.consumer(c), c.name).toMatch(new RegExp(`/consumers/${c.name}\\.ts$`));
      expect(c.streams, c.name).toEqual([]);
    }
    expect(entries.relay()).toMatch(/platform\/consumers\/relay\.ts$/);
    expect(Object.keys(projections).sort()).toEqual(
      consumers
        .filter((c) => c.kind === 'projector')
        .map((c) => c.name)
        .sort(),
    );
  });

  it('builds a projector handler from its name, and refuses a name without a projection', () => {
    expect(projectorHandler('catalogue')).toBeTypeOf('function');
    expect(() => projectorHandler('charts')).toThrow(/No projection "charts"/);
  });

  it('routes reservation items (no event type) nowhere', () => {
    expect(route({ streamId: 'reservation#email#a@b.c', version: 1 }, 'toko-')).toEqual([]);
    expect(route({ streamId: 'user#u1', version: 1, type: 'UserRegistered' }, 'toko-')).toEqual(
      expect.arrayContaining(['toko-users.fifo', 'toko-notifier.fifo']),
    );
  });
});
