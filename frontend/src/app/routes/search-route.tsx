/** /search and /search/{query}: the search page, wired to the player (songs play from their album, playlists as a queue). */
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { albumQueryOptions } from '../../features/albums/api/get-album';
import { albumTracksQueryOptions } from '../../features/albums/api/get-album-tracks';
import { playlistQueryOptions } from '../../features/search/api/get-playlists';
import { SearchPage, type SearchPlayback } from '../../features/search/components/search-page';
import { toast } from '../../ui/toast';
import { useAlbumPlayback } from '../album-playback';
import { usePlaylistPlayback } from '../playlist-playback';
import { useSongPlayback } from '../song-playback';

function useSearchPlayback(): SearchPlayback {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const albumPlayback = useAlbumPlayback();
  const songPlayback = useSongPlayback();
  const playlistPlayback = usePlaylistPlayback();
  return {
    currentTrackId: songPlayback.currentTrackId,
    playing: songPlayback.playing,
    togglePlay: songPlayback.togglePlay,
    playSong: (song) => {
      Promise.all([queryClient.fetchQuery(albumQueryOptions(song.albumId)), queryClient.fetchQuery(albumTracksQueryOptions(song.albumId))])
        .then(([album, answer]) => albumPlayback.playAlbum(album, answer, song.id))
        .catch(() => navigate(`/album/${encodeURIComponent(song.albumId)}`));
    },
    playPlaylist: (summary) => {
      queryClient
        .fetchQuery(playlistQueryOptions(summary.id))
        .then((playlist) => playlistPlayback.playPlaylist(playlist))
        .catch(() =>
          toast({
            variant: 'destructive',
            title: 'Playlist unavailable',
            description: 'This playlist could not be loaded. Please try again.',
          }),
        );
    },
  };
}

export function SearchRoute() {
  const { query = '' } = useParams();
  return <SearchPage query={query} playback={useSearchPlayback()} />;
}
