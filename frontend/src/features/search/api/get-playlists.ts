/** GET /api/playlists (the label's curated playlists) and GET /api/playlists/{id} (one, as a queue). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { listPlaylistsAnswer, playlist } from '#contract/search.js';
import { api } from '../../../lib/http';
import { playlistKeys } from './search-keys';

export const playlistsQueryOptions = () =>
  queryOptions({
    queryKey: playlistKeys.list(),
    queryFn: ({ signal }) => api('GET /api/playlists', listPlaylistsAnswer, { signal }),
  });

export const usePlaylists = () => useQuery(playlistsQueryOptions());

/** Which tracks carry audio depends on who listens; sign-in and sign-out invalidate every read. */
export const playlistQueryOptions = (playlistId: string) =>
  queryOptions({
    queryKey: playlistKeys.detail(playlistId),
    queryFn: ({ signal }) => api('GET /api/playlists/{id}', playlist, { params: { id: playlistId }, signal }),
  });
