/** The playlists' commands with their I/O: the seed (and later the admin panel) create playlists through here. */
import type { EventOf } from '../../events/index.js';
import { albumStream } from '../domain/catalogue/album.js';
import { playlistDecider, playlistStream } from '../domain/playlists/playlist.js';
import { runCommand } from './command.js';
import { readStream, type AppendContext } from './event-store.js';

/** Tracks that their album's stream does not hold (read from the event store, so a fresh catalogue counts). */
async function unknownTracks(tracks: EventOf<'PlaylistCreated'>['data']['tracks']): Promise<string[]> {
  const albumIds = [...new Set(tracks.map((t) => t.albumId))];
  const published = new Map<string, Set<string>>();
  await Promise.all(
    albumIds.map(async (albumId) => {
      const history = await readStream(albumStream(albumId));
      const album = history.find((event) => event.type === 'AlbumPublished');
      published.set(albumId, new Set(album?.type === 'AlbumPublished' ? album.data.tracks.map((t) => t.trackId) : []));
    }),
  );
  return tracks.filter((t) => !published.get(t.albumId)?.has(t.trackId)).map((t) => t.trackId);
}

export async function createPlaylist(playlist: EventOf<'PlaylistCreated'>['data'], context: AppendContext) {
  const unknownTrackIds = await unknownTracks(playlist.tracks);
  return runCommand(
    playlistStream(playlist.playlistId),
    playlistDecider,
    { type: 'CreatePlaylist', playlist, unknownTrackIds },
    context,
    undefined,
    {
      startsStream: true,
    },
  );
}
