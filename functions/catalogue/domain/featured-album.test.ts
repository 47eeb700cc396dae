import { describe, expect, it } from 'vitest';
import type { DomainEvent } from '../../../events/index.js';
import { featuredAlbumDecider, featuredAlbumStream, type FeaturedAlbumCommand } from './featured-album.js';

const meta = { eventId: 'e', at: '2026-01-01T00:00:00.000Z', actor: 'admin-1', correlationId: 'c' };
type Fact = { type: string; data: unknown };

const given = (events: Fact[]) => ({
  when: (command: FeaturedAlbumCommand) => () =>
    featuredAlbumDecider.decide(
      command,
      events
        .map((e, i) => ({ streamId: featuredAlbumStream, version: i + 1, schemaVersion: 1, meta, ...e }) as DomainEvent)
        .reduce(featuredAlbumDecider.evolve, featuredAlbumDecider.initialState),
    ),
});
const chosen = (albumId: string): Fact => ({ type: 'FeaturedAlbumChosen', data: { albumId } });
const cleared = (albumId: string): Fact => ({ type: 'FeaturedAlbumCleared', data: { albumId } });

describe('the featured album', () => {
  it('given no choice, choosing a published album records FeaturedAlbumChosen', () => {
    expect(given([]).when({ type: 'ChooseFeaturedAlbum', albumId: 'al1', status: 'live' })()).toEqual([chosen('al1')]);
  });

  it('given a choice, choosing another album replaces it, and choosing the same one records nothing', () => {
    expect(given([chosen('al1')]).when({ type: 'ChooseFeaturedAlbum', albumId: 'al2', status: 'live' })()).toEqual([chosen('al2')]);
    expect(given([chosen('al1')]).when({ type: 'ChooseFeaturedAlbum', albumId: 'al1', status: 'live' })()).toEqual([]);
  });

  it.each(['draft', 'scheduled', 'unpublished'] as const)('refuses a %s album: listeners could not open it', (status) => {
    expect(given([]).when({ type: 'ChooseFeaturedAlbum', albumId: 'al1', status })).toThrow(
      expect.objectContaining({ kind: 'conflict', code: 'album_not_live' }),
    );
  });

  it('refuses an album that does not exist', () => {
    expect(given([]).when({ type: 'ChooseFeaturedAlbum', albumId: 'nope', status: 'missing' })).toThrow(
      expect.objectContaining({ kind: 'not_found', code: 'album_not_found' }),
    );
  });

  it('clearing a choice records which one ended; with no choice it records nothing', () => {
    expect(given([chosen('al1')]).when({ type: 'ClearFeaturedAlbum' })()).toEqual([cleared('al1')]);
    expect(given([]).when({ type: 'ClearFeaturedAlbum' })()).toEqual([]);
    expect(given([chosen('al1'), cleared('al1')]).when({ type: 'ClearFeaturedAlbum' })()).toEqual([]);
  });
});
