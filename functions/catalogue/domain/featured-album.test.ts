import { describe, expect, it } from 'vitest';
import { featuredAlbumDecider, featuredAlbumStream } from './featured-album.js';
import { givenDecider } from '../../platform/testing/given.js';

type Fact = { type: string; data: unknown };

const given = givenDecider(featuredAlbumDecider, { streamId: featuredAlbumStream, actor: 'admin-1' });
const chosen = (albumId: string): Fact => ({ type: 'FeaturedAlbumChosen', data: { albumId } });
const cleared = (albumId: string): Fact => ({ type: 'FeaturedAlbumCleared', data: { albumId } });

describe('the featured album', () => {
  it('given no choice, choosing a published album records FeaturedAlbumChosen', () => {
    given([])
      .when({ type: 'ChooseFeaturedAlbum', albumId: 'al1', status: 'live' })
      .then([chosen('al1')]);
  });

  it('given a choice, choosing another album replaces it, and choosing the same one records nothing', () => {
    given([chosen('al1')])
      .when({ type: 'ChooseFeaturedAlbum', albumId: 'al2', status: 'live' })
      .then([chosen('al2')]);
    given([chosen('al1')])
      .when({ type: 'ChooseFeaturedAlbum', albumId: 'al1', status: 'live' })
      .then([]);
  });

  it.each(['draft', 'scheduled', 'unpublished'] as const)('refuses a %s album: listeners could not open it', (status) => {
    given([])
      .when({ type: 'ChooseFeaturedAlbum', albumId: 'al1', status })
      .then(expect.objectContaining({ kind: 'conflict', code: 'album_not_live' }));
  });

  it('refuses an album that does not exist', () => {
    given([])
      .when({ type: 'ChooseFeaturedAlbum', albumId: 'nope', status: 'missing' })
      .then(expect.objectContaining({ kind: 'not_found', code: 'album_not_found' }));
  });

  it('clearing a choice records which one ended; with no choice it records nothing', () => {
    given([chosen('al1')])
      .when({ type: 'ClearFeaturedAlbum' })
      .then([cleared('al1')]);
    given([]).when({ type: 'ClearFeaturedAlbum' }).then([]);
    given([chosen('al1'), cleared('al1')])
      .when({ type: 'ClearFeaturedAlbum' })
      .then([]);
  });
});
