import { describe, expect, it } from 'vitest';
import { memoryEventStore } from '../platform/memory-event-store.js';
import { givenLog } from '../platform/testing/given.js';
import { createArtist, draftAlbum, publishAlbum } from './catalogue-commands.js';
import { albumData, artistData, draftDetails } from './domain/catalogue.fixtures.js';

const artist = artistData();

describe('catalogue commands on the event store', () => {
  it('answers a create command on a stream that exists as if it had read it first, and lets one of racing creates through', async () => {
    const context = { actor: 'test', correlationId: 'c', eventStore: memoryEventStore() };
    expect(await createArtist(artist, context)).toMatchObject({ version: 1, appended: 1 });
    await expect(createArtist({ ...artist, name: 'Again' }, context)).rejects.toMatchObject({ message: 'Artist a1 already exists' });
    const race = await Promise.allSettled(Array.from({ length: 5 }, () => createArtist({ ...artist, artistId: 'a2' }, context)));
    expect(race.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect((await context.eventStore.readStream('artist#a2')).map((e) => e.version)).toEqual([1]);
  });

  it('publishes an album of an artist the log knows, and refuses one whose artist it does not', async () => {
    const album = albumData();
    await givenLog({ 'artist#a1': [{ type: 'ArtistCreated', data: artist }] })
      .when((context) => publishAlbum(album, context))
      .then([{ type: 'AlbumPublished', data: album }]);
    await givenLog({})
      .when((context) => publishAlbum(album, context))
      .then(expect.objectContaining({ code: 'artist_not_found' }));
  });

  it('drafts a release only for an artist still with the label', async () => {
    const draft = { albumId: 'al1', artistId: 'a1', ...draftDetails() };
    await givenLog({ 'artist#a1': [{ type: 'ArtistCreated', data: artist }] })
      .when((context) => draftAlbum(draft, context))
      .then([{ type: 'AlbumDrafted', data: draft }]);
    await givenLog({
      'artist#a1': [
        { type: 'ArtistCreated', data: artist },
        { type: 'ArtistArchived', data: { artistId: 'a1' } },
      ],
    })
      .when((context) => draftAlbum(draft, context))
      .then(expect.objectContaining({ code: 'artist_archived', field: 'artistId' }));
  });
});
