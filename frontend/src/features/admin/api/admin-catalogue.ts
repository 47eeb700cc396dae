/**
 * The admin's catalogue calls (artists, releases, the release board, videos), each answer parsed with the route's
 * contract schema; mutations put the new state they answer straight into the cache the screens read.
 */
import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import {
  adminArtist,
  adminRelease,
  artistListOrder,
  type adminTrack,
  type adminVideo,
  albumAccess,
  type changeArtist,
  type changeDraft,
  type createArtist,
  type createDraft,
  type createVideo,
  featuredAlbumChoice,
  listArtistsAnswer,
  releaseBoardAnswer,
  releaseStatus,
  type releaseSummary,
  socialNetworkHosts,
} from '#contract/admin-catalogue.js';
import { request } from '../../../lib/http';
import { savedList } from '../../../lib/recent-saves';
import { featuredAlbumQueryOptions } from '../../albums';

export type AdminRelease = z.infer<typeof adminRelease>;
export type AdminTrack = z.infer<typeof adminTrack>;
export type ReleaseStatus = z.infer<typeof releaseStatus>;
export type ReleaseSummary = z.infer<typeof releaseSummary>;
export type AdminArtist = z.infer<typeof adminArtist>;
export type AdminVideo = z.infer<typeof adminVideo>;
export type AlbumAccess = z.infer<typeof albumAccess>;
export type DraftInput = z.input<typeof createDraft.body>;
export type DraftChanges = z.input<typeof changeDraft.body>;
export type ArtistInput = z.input<typeof createArtist.body>;
export type VideoInput = z.input<typeof createVideo.body>;

export const releaseStatuses = releaseStatus.options;
export const albumAccessOptions = albumAccess.options;
export const socialNetworks = Object.keys(socialNetworkHosts) as Array<keyof typeof socialNetworkHosts>;

export const adminKeys = {
  releases: (filters: { status?: ReleaseStatus; artistId?: string }) => ['admin', 'releases', filters] as const,
  release: (id: string) => ['admin', 'release', id] as const,
  artists: ['admin', 'artists'] as const,
};

const path = (id: string) => encodeURIComponent(id);

export async function releaseBoardPage(
  filters: { status?: ReleaseStatus; artistId?: string },
  cursor: string | null,
  signal?: AbortSignal,
): Promise<z.infer<typeof releaseBoardAnswer>> {
  const query = new URLSearchParams();
  if (filters.status) query.set('status', filters.status);
  if (filters.artistId) query.set('artistId', filters.artistId);
  if (cursor) query.set('cursor', cursor);
  return request(`/api/admin/releases?${query.toString()}`, releaseBoardAnswer, { signal });
}

export const releaseQueryOptions = (id: string) =>
  queryOptions({
    queryKey: adminKeys.release(id),
    queryFn: ({ signal }) => request(`/api/admin/albums/${path(id)}`, adminRelease, { signal }),
  });

/** Every change of a release answers the release as it now is: the editor shows it, the board reloads. */
function useReleaseChange<Input>(send: (input: Input) => Promise<AdminRelease>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (release) => {
      queryClient.setQueryData(adminKeys.release(release.id), release);
      void queryClient.invalidateQueries({ queryKey: ['admin', 'releases'] });
    },
  });
}

export const useCreateDraft = () =>
  useReleaseChange((input: DraftInput) => request('/api/admin/albums', adminRelease, { method: 'POST', body: input }));

export const useChangeDraft = (id: string) =>
  useReleaseChange((changes: DraftChanges) => request(`/api/admin/albums/${path(id)}`, adminRelease, { method: 'PUT', body: changes }));

export const useReorderTracks = (id: string) =>
  useReleaseChange((trackIds: string[]) =>
    request(`/api/admin/albums/${path(id)}/tracks/order`, adminRelease, { method: 'PUT', body: { trackIds } }),
  );

export const useChangeTrack = (id: string) =>
  useReleaseChange(({ trackId, ...changes }: { trackId: string; title?: string; lyrics?: string | null }) =>
    request(`/api/admin/albums/${path(id)}/tracks/${path(trackId)}`, adminRelease, { method: 'PUT', body: changes }),
  );

export const useRemoveTrack = (id: string) =>
  useReleaseChange((trackId: string) =>
    request(`/api/admin/albums/${path(id)}/tracks/${path(trackId)}`, adminRelease, { method: 'DELETE' }),
  );

/** Puts a draft's ready track on the band page (its unreleased tracks), or takes it off. */
export const useShowOnBandPage = (id: string) =>
  useReleaseChange(({ trackId, shown }: { trackId: string; shown: boolean }) =>
    request(`/api/admin/albums/${path(id)}/tracks/${path(trackId)}/band-page`, adminRelease, { method: 'PUT', body: { shown } }),
  );

/** Features an album on the home page, or (null) the newest release again; the home page's answer is read anew. */
export const useFeaturedAlbumChoice = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (albumId: string | null) =>
      albumId === null
        ? request('/api/admin/featured-album', featuredAlbumChoice, { method: 'DELETE' })
        : request('/api/admin/featured-album', featuredAlbumChoice, { method: 'PUT', body: { albumId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: featuredAlbumQueryOptions().queryKey }),
  });
};

export type ReleaseAction = 'publish' | 'unschedule' | 'unpublish' | 'republish';
const actionRoutes = {
  publish: { method: 'POST', suffix: 'publish', answer: adminRelease },
  unschedule: { method: 'DELETE', suffix: 'schedule', answer: adminRelease },
  unpublish: { method: 'POST', suffix: 'unpublish', answer: adminRelease },
  republish: { method: 'POST', suffix: 'republish', answer: adminRelease },
} as const;

export const useReleaseAction = (id: string) =>
  useReleaseChange((action: ReleaseAction) => {
    const { method, suffix, answer } = actionRoutes[action];
    return request(`/api/admin/albums/${path(id)}/${suffix}`, answer, { method });
  });

export const useScheduleRelease = (id: string) =>
  useReleaseChange((releaseAt: string) =>
    request(`/api/admin/albums/${path(id)}/schedule`, adminRelease, { method: 'POST', body: { releaseAt } }),
  );

// Artists

/** An artist as saved: shown in the list at once (lib/recent-saves.ts), which reloads. */
const savedArtists = savedList<AdminArtist, 'artists'>(adminKeys.artists, 'artists', artistListOrder);
export const showSavedArtist = (queryClient: QueryClient, artist: AdminArtist) => savedArtists.show(queryClient, artist);

export const adminArtistsQueryOptions = () =>
  queryOptions({
    queryKey: adminKeys.artists,
    queryFn: async ({ signal }) => {
      const { artists } = await request('/api/admin/artists', listArtistsAnswer, { signal });
      return { artists: savedArtists.overlay(artists) };
    },
  });

function useArtistChange<Input>(send: (input: Input) => Promise<AdminArtist>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: send, onSuccess: (artist) => showSavedArtist(queryClient, artist) });
}

export const useCreateArtist = () =>
  useArtistChange((input: ArtistInput) => request('/api/admin/artists', adminArtist, { method: 'POST', body: input }));

export const useChangeArtist = () =>
  useArtistChange(({ id, ...changes }: { id: string } & z.input<typeof changeArtist.body>) =>
    request(`/api/admin/artists/${path(id)}`, adminArtist, { method: 'PUT', body: changes }),
  );

export const useArchiveArtist = () =>
  useArtistChange((id: string) => request(`/api/admin/artists/${path(id)}/archive`, adminArtist, { method: 'POST' }));
export const useRestoreArtist = () =>
  useArtistChange((id: string) => request(`/api/admin/artists/${path(id)}/restore`, adminArtist, { method: 'POST' }));
