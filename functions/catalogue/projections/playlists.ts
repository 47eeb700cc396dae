/**
 * The playlists view: one item per curated playlist. Published ones are listed by name on gsi1 under `playlists`,
 * drafts under `playlists#drafts`, which only the staff's list reads.
 */
import type { PlaylistTrack } from '../../../events/index.js';
import { stamp, type Projection, type ViewOp } from '../../platform/projection.js';

export const playlistKey = (playlistId: string) => ({ pk: `playlist#${playlistId}`, sk: 'playlist' });
export const PLAYLISTS_INDEX = 'playlists';
export const DRAFT_PLAYLISTS_INDEX = 'playlists#drafts';

export interface PlaylistView {
  id: string;
  name: string;
  description: string;
  tracks: PlaylistTrack[];
  /** Absent on items projected before playlists could be drafts: those were all published. */
  published?: boolean;
}

export const isPublished = (playlist: PlaylistView) => playlist.published !== false;

const listing = (published: boolean) => ({ gsi1pk: published ? PLAYLISTS_INDEX : DRAFT_PLAYLISTS_INDEX });
const byName = (name: string, playlistId: string) => ({ gsi1sk: `${name.toLowerCase()}#${playlistId}` });

export const playlistsProjection: Projection = {
  name: 'playlists',
  events: ['PlaylistCreated', 'PlaylistRenamed', 'PlaylistDescribed', 'PlaylistTracksSet', 'PlaylistPublished', 'PlaylistUnpublished'],
  apply(event): ViewOp[] {
    const update = (playlistId: string, set: Record<string, unknown>): ViewOp[] => [
      { kind: 'update', key: playlistKey(playlistId), set: { ...set, ...stamp(event) } },
    ];
    switch (event.type) {
      case 'PlaylistCreated': {
        const { playlistId, name, description, tracks, published } = event.data;
        return [
          {
            kind: 'put',
            item: {
              ...playlistKey(playlistId),
              id: playlistId,
              name,
              description,
              tracks,
              published,
              ...listing(published),
              ...byName(name, playlistId),
              ...stamp(event),
            },
          },
        ];
      }
      case 'PlaylistRenamed':
        return update(event.data.playlistId, { name: event.data.name, ...byName(event.data.name, event.data.playlistId) });
      case 'PlaylistDescribed':
        return update(event.data.playlistId, { description: event.data.description });
      case 'PlaylistTracksSet':
        return update(event.data.playlistId, { tracks: event.data.tracks });
      case 'PlaylistPublished':
        return update(event.data.playlistId, { published: true, ...listing(true) });
      case 'PlaylistUnpublished':
        return update(event.data.playlistId, { published: false, ...listing(false) });
      default:
        return [];
    }
  },
};
