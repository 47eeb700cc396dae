/** GET /api/playlists (the label's curated playlists) and GET /api/playlists/{id} (one, as a queue). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/http';
import { playlistKeys } from './search-keys';

/** The answers' schemas, loaded apart from the first page's code (lib/http.ts). */
const searchSchemas = () => import('#contract/search.js');

export const playlistsQueryOptions = () =>
  queryOptions({
    queryKey: playlistKeys.list(),
    queryFn: ({ signal }) => api('GET /api/playlists', () => searchSchemas().then((c) => c.listPlaylistsAnswer), { signal }),
  });

export const usePlaylists = () => useQuery(playlistsQueryOptions());

/** Which tracks carry audio depends on who listens; sign-in and sign-out invalidate every read. */
export const playlistQueryOptions = (playlistId: string) =>
  queryOptions({
    queryKey: playlistKeys.detail(playlistId),
    queryFn: ({ signal }) =>
      api('GET /api/playlists/{id}', () => searchSchemas().then((c) => c.playlist), { params: { id: playlistId }, signal }),
  });
