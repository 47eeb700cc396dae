import { describe, expect, it } from 'vitest';
import type { NewEvent } from '../../events/index.js';
import { albumData, artistData } from '../catalogue/domain/catalogue.fixtures.js';
import { storedEvent } from '../platform/stored-event.fixtures.js';
import { historySentences } from './history-sentences.js';

const stream = (events: NewEvent[]) => events.map((e, i) => storedEvent('album#al1', i + 1, e));
const whats = (events: NewEvent[]) => historySentences(stream(events)).map((s) => s.what);

describe('history sentences', () => {
  it('given a published album, a price change names the price before and after', () => {
    expect(
      whats([
        { type: 'AlbumPublished', data: albumData({ stripePriceDefault: 9.99, isAvailableForPurchase: true }) },
        { type: 'AlbumDetailsChanged', data: { albumId: 'al1', changes: { stripePriceDefault: 7.99 } } },
        { type: 'AlbumDetailsChanged', data: { albumId: 'al1', changes: { stripePriceDefault: 6.99, title: 'Second' } } },
      ]),
    ).toEqual([
      'Album "First" published with 1 track',
      'Price changed from $9.99 to $7.99',
      'Price changed from $7.99 to $6.99; Title changed from "First" to "Second"',
    ]);
  });

  it('names access tiers as people say them, and long text and e-mails without their values', () => {
    expect(
      whats([
        { type: 'AlbumPublished', data: albumData() },
        { type: 'AlbumDetailsChanged', data: { albumId: 'al1', changes: { requiredTier: 'toko_plus', description: 'A long story' } } },
      ]),
    ).toEqual(['Album "First" published with 1 track', 'Access changed from free to Toko+; Description changed']);
    expect(
      whats([
        {
          type: 'UserRegistered',
          data: { userId: 'u1', email: 'a@example.com', username: null, displayName: 'Ada', source: 'email_code' },
        },
        { type: 'ProfileChanged', data: { userId: 'u1', displayName: 'Ada L', email: 'b@example.com' } },
        { type: 'UserSignedIn', data: { userId: 'u1', sessionId: 's1', method: 'password' } },
      ]),
    ).toEqual([
      'Account opened (e-mail code)',
      'Display name changed from "Ada" to "Ada L"; E-mail address changed',
      'Signed in with a password',
    ]);
  });

  it('reads an event type it does not know as its name, with its changes spelled out', () => {
    const unknown = (type: string, data: unknown) => ({ type, data });
    expect(
      whats([
        { type: 'ArtistCreated', data: artistData() },
        unknown('ArtistDetailsChanged', { artistId: 'a1', changes: { name: 'Nova Band', isMain: false } }),
        unknown('ArtistArchived', { artistId: 'a1' }),
      ]),
    ).toEqual(['Artist "Nova" created', 'Name changed from "Nova" to "Nova Band"; Main artist changed from yes to no', 'Artist archived']);
  });

  it("keeps a track's fields apart from the album's", () => {
    const unknown = (type: string, data: unknown) => ({ type, data });
    expect(
      whats([
        unknown('AlbumDrafted', { albumId: 'al1', artistId: 'a1', title: 'Draft' }),
        unknown('TrackUploaded', { albumId: 'al1', trackId: 't1', title: 'Intro' }),
        unknown('TrackDetailsChanged', { albumId: 'al1', trackId: 't1', changes: { title: 'Overture' } }),
        unknown('AlbumDraftChanged', { albumId: 'al1', changes: { title: 'Final' } }),
      ]),
    ).toEqual([
      'Draft "Draft" created',
      'Track "Intro" uploaded',
      'Track "Intro": Title changed from "Intro" to "Overture"',
      'Title changed from "Draft" to "Final"',
    ]);
  });
});
