/** Connects the album screens to the player: album tracks become queue tracks, album buttons become player commands. */
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { isTrackPlayable } from '../features/albums/album-access';
import type { Album, AlbumTrack } from '../features/albums/api/album-schema';
import { albumTracksQueryOptions } from '../features/albums/api/get-album-tracks';
import type { AlbumPlayback } from '../features/albums/components/album-details';
import { usePlayer } from '../features/player/components/player-provider';
import type { QueueTrack } from '../features/player/player-state';
import { brand } from '../lib/brand';

export function toQueueTracks(album: Album, tracks: readonly AlbumTrack[]): QueueTrack[] {
  return tracks.flatMap((track) =>
    track.audioUrl
      ? [
          {
            id: track.id,
            albumId: album.id,
            title: track.title,
            // The player names the label when an album has no artist name (spec part 1 §3).
            artist: album.artistName || brand.labelName,
            albumTitle: album.title,
            artwork: album.artwork ?? null,
            audioUrl: track.audioUrl,
            duration: track.duration ?? null,
          },
        ]
      : [],
  );
}

export function useAlbumPlayback(): AlbumPlayback {
  const player = usePlayer();
  return {
    currentTrackId: player.track?.id ?? null,
    currentAlbumId: player.track?.albumId ?? null,
    playing: player.state.status === 'playing',
    playAlbum: (album, tracks, startTrackId) => {
      const queue = toQueueTracks(album, tracks);
      const start = startTrackId === undefined ? 0 : queue.findIndex((track) => track.id === startTrackId);
      if (queue.length > 0 && start >= 0) player.playQueue(queue, start);
    },
    togglePlay: player.togglePlay,
  };
}

/**
 * "Play Album" on a card that has no track list yet: the tracks are read (or taken from the cache) first.
 * An album this listener cannot play opens its page instead, where the reason and the options are shown.
 */
export function usePlayAlbumFromCard(): (album: Album) => void {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { playAlbum } = useAlbumPlayback();

  return (album) => {
    queryClient
      .fetchQuery(albumTracksQueryOptions(album.id))
      .then(({ tracks, hasAccess }) => {
        const playable = tracks.filter((track) => isTrackPlayable(album, hasAccess, track));
        if (playable.length > 0) playAlbum(album, playable);
        else navigate(`/album/${encodeURIComponent(album.id)}`);
      })
      .catch(() => navigate(`/album/${encodeURIComponent(album.id)}`));
  };
}
