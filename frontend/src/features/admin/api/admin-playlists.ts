/**
 * The staff's curated playlists: GET /api/admin/playlists (drafts too) and one playlist to edit, and the changes to one
 * (create, rename and describe, its ordered tracks, publish and unpublish). Each change answers the playlist as it now
 * is: the editor shows it at once, and the list lays it over its read (lib/recent-saves.ts). The tracks to add are
 * found with the catalogue's search (GET /api/search).
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as contract from '#contract/admin-playlists.js';
import { searchResults } from '#contract/search.js';
import { api } from '../../../lib/http';
import { savedList } from '../../../lib/recent-saves';

export type AdminPlaylist = contract.AdminPlaylist;
export type AdminPlaylistSummary = contract.AdminPlaylistSummary;
export type AdminPlaylistTrack = contract.AdminPlaylistTrack;
export type PlaylistTrackRef = Pick<AdminPlaylistTrack, 'trackId' | 'albumId'>;

const playlistsKey = ['admin', 'playlists'] as const;
const playlistKey = (id: string) => [...playlistsKey, 'detail', id] as const;
/** Drafts first (they are what the staff are working on), then by name. */
const byDraftThenName = (a: AdminPlaylistSummary, b: AdminPlaylistSummary) =>
  Number(a.published) - Number(b.published) || a.name.localeCompare(b.name);
const savedPlaylists = savedList<AdminPlaylistSummary, 'playlists'>(playlistsKey, 'playlists', byDraftThenName);

const summaryOf = (playlist: AdminPlaylist): AdminPlaylistSummary => ({
  id: playlist.id,
  name: playlist.name,
  description: playlist.description,
  published: playlist.published,
  trackCount: playlist.tracks.length,
});

export const adminPlaylistsQueryOptions = () =>
  queryOptions({
    queryKey: playlistsKey,
    queryFn: async ({ signal }) => {
      const { playlists } = await api('GET /api/admin/playlists', contract.playlistList, { signal });
      return { playlists: savedPlaylists.overlay([...playlists].sort(byDraftThenName)) };
    },
  });

export const adminPlaylistQueryOptions = (id: string) =>
  queryOptions({
    queryKey: playlistKey(id),
    queryFn: ({ signal }) => api('GET /api/admin/playlists/{id}', contract.adminPlaylist, { params: { id }, signal }),
  });

function usePlaylistChange<Input>(send: (input: Input) => Promise<AdminPlaylist>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (playlist) => {
      queryClient.setQueryData(playlistKey(playlist.id), playlist);
      return savedPlaylists.show(queryClient, summaryOf(playlist));
    },
  });
}

export const useCreatePlaylist = () =>
  usePlaylistChange((input: { name: string; description: string }) =>
    api('POST /api/admin/playlists', contract.adminPlaylist, { body: input }),
  );

export const useChangePlaylist = () =>
  usePlaylistChange(({ id, ...changes }: { id: string; name: string; description: string }) =>
    api('PUT /api/admin/playlists/{id}', contract.adminPlaylist, { params: { id }, body: changes }),
  );

export const useSetPlaylistTracks = (id: string) =>
  usePlaylistChange((tracks: PlaylistTrackRef[]) =>
    api('PUT /api/admin/playlists/{id}/tracks', contract.adminPlaylist, {
      params: { id },
      body: { tracks: tracks.map(({ trackId, albumId }) => ({ trackId, albumId })) },
    }),
  );

export const usePublishPlaylist = (id: string) =>
  usePlaylistChange((publish: boolean) =>
    publish
      ? api('POST /api/admin/playlists/{id}/publish', contract.adminPlaylist, { params: { id } })
      : api('POST /api/admin/playlists/{id}/unpublish', contract.adminPlaylist, { params: { id } }),
  );

/** The catalogue's songs matching `query`, to add to a playlist; nothing is asked for a blank query. */
export const useCatalogueSongs = (query: string) => {
  const q = query.trim();
  return useQuery({
    queryKey: ['admin', 'playlists', 'songs', q],
    queryFn: async ({ signal }) => (await api('GET /api/search', searchResults, { query: { q }, signal })).tracks,
    enabled: q.length > 0,
    staleTime: 30_000,
  });
};
