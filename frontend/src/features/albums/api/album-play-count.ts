/**
 * Brings the cached play counts up to date once the label has counted a play. The server's counts come from
 * a projection that lags the write by a moment, so the confirmed play is added to the cache now and the
 * album reads are marked stale, to be read again from the server the next time a screen needs them.
 */
import type { QueryClient } from '@tanstack/react-query';
import { albumKeys } from './album-keys';
import type { Album, AlbumTracks } from '#contract/catalogue.js';

export function countRecordedPlay(queryClient: QueryClient, play: { albumId: string; trackId: string }): void {
  queryClient.setQueryData<AlbumTracks>(
    albumKeys.tracks(play.albumId),
    (answer) =>
      answer && {
        ...answer,
        tracks: answer.tracks.map((track) => (track.id === play.trackId ? { ...track, playCount: track.playCount + 1 } : track)),
      },
  );
  queryClient.setQueryData<Album>(albumKeys.detail(play.albumId), (album) => album && { ...album, playCount: album.playCount + 1 });
  queryClient.setQueriesData<Album[]>({ queryKey: albumKeys.lists() }, (albums) =>
    albums?.map((album) => (album.id === play.albumId ? { ...album, playCount: album.playCount + 1 } : album)),
  );
  void queryClient.invalidateQueries({ queryKey: albumKeys.detail(play.albumId), refetchType: 'none' });
  void queryClient.invalidateQueries({ queryKey: albumKeys.lists(), refetchType: 'none' });
}
