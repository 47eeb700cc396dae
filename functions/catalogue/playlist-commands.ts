/** The playlists' commands with their I/O: the seed and the admin panel create and curate playlists through here. */
import type { DomainEvent, EventOf, PlaylistTrack } from '../../events/index.js';
import type { AdminPlaylist } from './contract/admin-playlists.js';
import type { CatalogueAlbum, CatalogueTrack } from './catalogue-reads.js';
import { albumStream } from './domain/album.js';
import { notFound } from '../platform/errors.js';
import { playlistDecider, playlistStream, type PlaylistCommand, type PlaylistState } from './domain/playlist.js';
import { runCommand, type CommandContext } from '../platform/command.js';
import type { EventStore } from '../platform/event-store.js';
import { getViews } from '../platform/views.js';
import { albumKey, trackKey } from './projections/catalogue.js';

/** The tracks an album's stream holds out now: those of its latest publication, none while it is unpublished. */
function tracksOut(history: DomainEvent[]): Set<string> {
  let published = new Set<string>();
  let out = false;
  for (const event of history) {
    if (event.type === 'AlbumPublished') {
      published = new Set(event.data.tracks.map((t) => t.trackId));
      out = true;
    } else if (event.type === 'AlbumUnpublished') out = false;
    else if (event.type === 'AlbumRepublished') out = true;
  }
  return out ? published : new Set();
}

/** Tracks that their album does not hold out (read from the event store, so a fresh catalogue counts). */
async function unknownTracks(tracks: readonly PlaylistTrack[], eventStore: EventStore): Promise<string[]> {
  const albumIds = [...new Set(tracks.map((t) => t.albumId))];
  const out = new Map<string, Set<string>>();
  await Promise.all(albumIds.map(async (albumId) => out.set(albumId, tracksOut(await eventStore.readStream(albumStream(albumId))))));
  return tracks.filter((t) => !out.get(t.albumId)?.has(t.trackId)).map((t) => t.trackId);
}

export async function createPlaylist(playlist: EventOf<'PlaylistCreated'>['data'], context: CommandContext) {
  const unknownTrackIds = await unknownTracks(playlist.tracks, context.eventStore);
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

/** Runs a command on an existing playlist; a new track list is checked against the catalogue first. */
export async function runPlaylistCommand(
  command: Exclude<PlaylistCommand, { type: 'CreatePlaylist' | 'SetPlaylistTracks' }>,
  context: CommandContext,
) {
  return runCommand(playlistStream(command.playlistId), playlistDecider, command, context);
}

export async function setPlaylistTracks(playlistId: string, tracks: PlaylistTrack[], context: CommandContext) {
  const unknownTrackIds = await unknownTracks(tracks, context.eventStore);
  return runCommand(
    playlistStream(playlistId),
    playlistDecider,
    { type: 'SetPlaylistTracks', playlistId, tracks, unknownTrackIds },
    context,
  );
}

/** A playlist as its stream holds it now (read-your-writes for the editor, whatever the projections' lag). */
export async function loadPlaylist(playlistId: string, eventStore: EventStore): Promise<PlaylistState> {
  const history = await eventStore.readStream(playlistStream(playlistId));
  return history.reduce(playlistDecider.evolve, playlistDecider.initialState);
}

/** The editor's view of a playlist: its tracks with their titles from the catalogue's views. */
export async function adminPlaylistOf(playlistId: string, state: PlaylistState): Promise<AdminPlaylist> {
  if (!state.exists) throw notFound('playlist_not_found', 'Playlist not found');
  // Read from the views here: the catalogue reads' audio signing has no place in the admin function's bundle.
  const [albumList, trackList] = await Promise.all([
    getViews<CatalogueAlbum>([...new Set(state.tracks.map((t) => t.albumId))].map(albumKey)),
    getViews<CatalogueTrack>(state.tracks.map((t) => trackKey(t.trackId))),
  ]);
  const albums = new Map(albumList.map((album) => [album.id, album]));
  const tracks = new Map(trackList.map((track) => [track.id, track]));
  return {
    id: playlistId,
    name: state.name,
    description: state.description,
    published: state.published,
    tracks: state.tracks.map(({ trackId, albumId }) => {
      const album = albums.get(albumId);
      const track = tracks.get(trackId);
      return {
        trackId,
        albumId,
        title: track?.title ?? 'Unavailable track',
        albumTitle: album?.title ?? '',
        artistName: album?.artistName ?? '',
        duration: track?.duration ?? 0,
        artwork: album?.artwork ?? null,
        available: Boolean(album && track && !album.unpublished),
      };
    }),
  };
}
