/** The playlists view: one item per curated playlist, listed by name on gsi1. */
import type { PlaylistTrack } from '../../events/index.js';
import { stamp, type Projection, type ViewOp } from '../lib/projection.js';

export const playlistKey = (playlistId: string) => ({ pk: `playlist#${playlistId}`, sk: 'playlist' });
export const PLAYLISTS_INDEX = 'playlists';

export interface PlaylistView {
  id: string;
  name: string;
  description: string;
  tracks: PlaylistTrack[];
}

export const playlistsProjection: Projection = {
  name: 'playlists',
  events: ['PlaylistCreated'],
  apply(event): ViewOp[] {
    if (event.type !== 'PlaylistCreated') return [];
    const { playlistId, name, description, tracks } = event.data;
    return [
      {
        kind: 'put',
        item: {
          ...playlistKey(playlistId),
          id: playlistId,
          name,
          description,
          tracks,
          gsi1pk: PLAYLISTS_INDEX,
          gsi1sk: `${name.toLowerCase()}#${playlistId}`,
          ...stamp(event),
        },
      },
    ];
  },
};
