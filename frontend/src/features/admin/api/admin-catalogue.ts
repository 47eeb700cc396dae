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
import { api, type RouteKey } from '../../../lib/http';
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

export async function releaseBoardPage(
  filters: { status?: ReleaseStatus; artistId?: string },
  cursor: string | null,
  signal?: AbortSignal,
): Promise<z.infer<typeof releaseBoardAnswer>> {
  const query = { status: filters.status || undefined, artistId: filters.artistId || undefined, cursor: cursor || undefined };
  return api('GET /api/admin/releases', releaseBoardAnswer, { query, signal });
}

export const releaseQueryOptions = (id: string) =>
  queryOptions({
    queryKey: adminKeys.release(id),
    queryFn: ({ signal }) => api('GET /api/admin/albums/{id}', adminRelease, { params: { id }, signal }),
  });

/**
 * Shows a release as a change answered it, and reloads the board. A read of the release already on its way (the editor
 * polls while a track is processing) began before the change and would land after it, older: it is cancelled first, or
 * a track just added could vanish until the next change.
 */
export async function showChangedRelease(queryClient: QueryClient, release: AdminRelease): Promise<void> {
  await queryClient.cancelQueries({ queryKey: adminKeys.release(release.id), exact: true });
  queryClient.setQueryData(adminKeys.release(release.id), release);
  void queryClient.invalidateQueries({ queryKey: ['admin', 'releases'] });
}

/** Every change of a release answers the release as it now is: the editor shows it, the board reloads. */
function useReleaseChange<Input>(send: (input: Input) => Promise<AdminRelease>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: send, onSuccess: (release) => showChangedRelease(queryClient, release) });
}

export const useCreateDraft = () => useReleaseChange((input: DraftInput) => api('POST /api/admin/albums', adminRelease, { body: input }));

export const useChangeDraft = (id: string) =>
  useReleaseChange((changes: DraftChanges) => api('PUT /api/admin/albums/{id}', adminRelease, { params: { id }, body: changes }));

export const useReorderTracks = (id: string) =>
  useReleaseChange((trackIds: string[]) =>
    api('PUT /api/admin/albums/{id}/tracks/order', adminRelease, { params: { id }, body: { trackIds } }),
  );

export const useChangeTrack = (id: string) =>
  useReleaseChange(({ trackId, ...changes }: { trackId: string; title?: string; lyrics?: string | null }) =>
    api('PUT /api/admin/albums/{id}/tracks/{trackId}', adminRelease, { params: { id, trackId }, body: changes }),
  );

export const useRemoveTrack = (id: string) =>
  useReleaseChange((trackId: string) => api('DELETE /api/admin/albums/{id}/tracks/{trackId}', adminRelease, { params: { id, trackId } }));

/** Puts a draft's ready track on the band page (its unreleased tracks), or takes it off. */
export const useShowOnBandPage = (id: string) =>
  useReleaseChange(({ trackId, shown }: { trackId: string; shown: boolean }) =>
    api('PUT /api/admin/albums/{id}/tracks/{trackId}/band-page', adminRelease, { params: { id, trackId }, body: { shown } }),
  );

/** Features an album on the home page, or (null) the newest release again; the home page's answer is read anew. */
export const useFeaturedAlbumChoice = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (albumId: string | null) =>
      albumId === null
        ? api('DELETE /api/admin/featured-album', featuredAlbumChoice)
        : api('PUT /api/admin/featured-album', featuredAlbumChoice, { body: { albumId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: featuredAlbumQueryOptions().queryKey }),
  });
};

export type ReleaseAction = 'publish' | 'unschedule' | 'unpublish' | 'republish';
const actionRoutes = {
  publish: 'POST /api/admin/albums/{id}/publish',
  unschedule: 'DELETE /api/admin/albums/{id}/schedule',
  unpublish: 'POST /api/admin/albums/{id}/unpublish',
  republish: 'POST /api/admin/albums/{id}/republish',
} as const satisfies Record<ReleaseAction, RouteKey>;

export const useReleaseAction = (id: string) =>
  useReleaseChange((action: ReleaseAction) => api(actionRoutes[action], adminRelease, { params: { id } }));

export const useScheduleRelease = (id: string) =>
  useReleaseChange((releaseAt: string) =>
    api('POST /api/admin/albums/{id}/schedule', adminRelease, { params: { id }, body: { releaseAt } }),
  );

// Artists

/** An artist as saved: shown in the list at once (lib/recent-saves.ts), which reloads. */
const savedArtists = savedList<AdminArtist, 'artists'>(adminKeys.artists, 'artists', artistListOrder);
export const showSavedArtist = (queryClient: QueryClient, artist: AdminArtist) => savedArtists.show(queryClient, artist);

export const adminArtistsQueryOptions = () =>
  queryOptions({
    queryKey: adminKeys.artists,
    queryFn: async ({ signal }) => {
      const { artists } = await api('GET /api/admin/artists', listArtistsAnswer, { signal });
      return { artists: savedArtists.overlay(artists) };
    },
  });

function useArtistChange<Input>(send: (input: Input) => Promise<AdminArtist>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: send, onSuccess: (artist) => showSavedArtist(queryClient, artist) });
}

export const useCreateArtist = () => useArtistChange((input: ArtistInput) => api('POST /api/admin/artists', adminArtist, { body: input }));

export const useChangeArtist = () =>
  useArtistChange(({ id, ...changes }: { id: string } & z.input<typeof changeArtist.body>) =>
    api('PUT /api/admin/artists/{id}', adminArtist, { params: { id }, body: changes }),
  );

export const useArchiveArtist = () =>
  useArtistChange((id: string) => api('POST /api/admin/artists/{id}/archive', adminArtist, { params: { id } }));
export const useRestoreArtist = () =>
  useArtistChange((id: string) => api('POST /api/admin/artists/{id}/restore', adminArtist, { params: { id } }));
