/**
 * The home page's featured album, as the staff choose it: one published album, or none, which features the newest
 * release (the default). One small stream of its own: the choice is rare and read from the catalogue view. Pure.
 */
import type { DomainEvent, NewEvent } from '../../../events/index.js';
import { assertNever, conflict, notFound } from '../../platform/errors.js';
import type { ReleaseStatus } from './album.js';

interface FeaturedAlbumState {
  /** The staff's choice; null features the newest release. */
  albumId: string | null;
}

export type FeaturedAlbumCommand =
  /** `status` is the chosen album's, read from its own stream by the caller; `missing` when there is no such album. */
  { type: 'ChooseFeaturedAlbum'; albumId: string; status: ReleaseStatus | 'missing' } | { type: 'ClearFeaturedAlbum' };

export const featuredAlbumStream = 'home#featured-album';

export const featuredAlbumDecider = {
  initialState: { albumId: null } as FeaturedAlbumState,
  evolve: (state: FeaturedAlbumState, event: DomainEvent): FeaturedAlbumState => {
    switch (event.type) {
      case 'FeaturedAlbumChosen':
        return { albumId: event.data.albumId };
      case 'FeaturedAlbumCleared':
        return { albumId: null };
      default:
        return state;
    }
  },
  decide: (command: FeaturedAlbumCommand, state: FeaturedAlbumState): NewEvent[] => {
    switch (command.type) {
      case 'ChooseFeaturedAlbum': {
        if (command.status === 'missing') throw notFound('album_not_found', 'Album not found');
        if (command.status !== 'live') throw conflict('album_not_live', 'Only a published album can be featured on the home page');
        if (state.albumId === command.albumId) return [];
        return [{ type: 'FeaturedAlbumChosen', data: { albumId: command.albumId } }];
      }
      case 'ClearFeaturedAlbum':
        return state.albumId === null ? [] : [{ type: 'FeaturedAlbumCleared', data: { albumId: state.albumId } }];
      default:
        return assertNever(command);
    }
  },
};
