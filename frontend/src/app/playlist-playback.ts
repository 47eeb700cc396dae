/** Connects the label's curated playlists (their page, search, the music page) to the player: a playlist plays as a queue. */
import type { Playlist } from '#contract/search.js';
import type { PlaylistPlayback } from '../features/search/components/playlist-page';
import { toast } from '../ui/toast';
import { useSongPlayback } from './song-playback';

export function usePlaylistPlayback(): PlaylistPlayback {
  const songPlayback = useSongPlayback();
  return {
    currentTrackId: songPlayback.currentTrackId,
    playing: songPlayback.playing,
    togglePlay: songPlayback.togglePlay,
    playPlaylist: (playlist: Playlist, startTrackId?: string) => {
      const songs = playlist.tracks.map((track) => ({
        id: track.id,
        albumId: track.albumId,
        title: track.title,
        artistName: track.artistName,
        albumTitle: track.albumTitle,
        artwork: track.artwork,
        audioUrl: track.audioUrl,
        duration: track.duration,
      }));
      if (songs.some((song) => song.audioUrl)) songPlayback.playSongs(songs, startTrackId);
      else toast({ title: 'Nothing to play', description: `None of the songs of ${playlist.name} can be played with your account.` });
    },
  };
}
