/** Connects screens that list songs of many albums (library, search, playlists) to the player. */
import type { LibraryPlayback, PlayableSong } from '../features/library/library-playback';
import { usePlayer } from '../features/player/components/player-provider';
import type { QueueTrack } from '../features/player/player-state';
import { brand } from '../lib/brand';

/** The songs that have audio, as queue tracks, in the same order. */
export function toQueue(songs: readonly PlayableSong[]): QueueTrack[] {
  return songs.flatMap((song) =>
    song.audioUrl
      ? [
          {
            id: song.id,
            albumId: song.albumId,
            title: song.title,
            // The player names the label when a song has no artist name, so its artist line is never empty.
            artist: song.artistName || brand.labelName,
            albumTitle: song.albumTitle ?? '',
            artwork: song.artwork,
            audioUrl: song.audioUrl,
            duration: song.duration,
          },
        ]
      : [],
  );
}

export function useSongPlayback(): LibraryPlayback {
  const player = usePlayer();
  return {
    currentTrackId: player.track?.id ?? null,
    currentAlbumId: player.track?.albumId ?? null,
    playing: player.state.status === 'playing',
    playSongs: (songs, startTrackId) => {
      const queue = toQueue(songs);
      const start = startTrackId === undefined ? 0 : queue.findIndex((track) => track.id === startTrackId);
      if (queue.length > 0 && start >= 0) player.playQueue(queue, start);
    },
    togglePlay: player.togglePlay,
  };
}
