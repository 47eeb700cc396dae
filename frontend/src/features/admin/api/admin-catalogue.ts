/**
 * The admin's catalogue calls (artists, releases, the release board, videos), each answer parsed with the route's
 * contract schema; mutations put the new state they answer straight into the cache the screens read.
 */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import * as contract from '../../../../../functions/contract/admin-catalogue.js';
import { request } from '../../../lib/http';

export type AdminRelease = z.infer<typeof contract.adminRelease>;
export type AdminTrack = z.infer<typeof contract.adminTrack>;
export type ReleaseStatus = z.infer<typeof contract.releaseStatus>;
export type ReleaseSummary = z.infer<typeof contract.releaseSummary>;
export type AdminArtist = z.infer<typeof contract.adminArtist>;
export type AdminVideo = z.infer<typeof contract.adminVideo>;
export type AlbumAccess = z.infer<typeof contract.albumAccess>;
export type DraftInput = z.input<typeof contract.createDraft.body>;
export type DraftChanges = z.input<typeof contract.changeDraft.body>;
export type ArtistInput = z.input<typeof contract.createArtist.body>;
export type VideoInput = z.input<typeof contract.createVideo.body>;

export const releaseStatuses = contract.releaseStatus.options;
export const albumAccessOptions = contract.albumAccess.options;
export const socialNetworks = Object.keys(contract.socialNetworkHosts) as Array<keyof typeof contract.socialNetworkHosts>;

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
): Promise<z.infer<typeof contract.releaseBoard.answer>> {
  const query = new URLSearchParams();
  if (filters.status) query.set('status', filters.status);
  if (filters.artistId) query.set('artistId', filters.artistId);
  if (cursor) query.set('cursor', cursor);
  return request(`/api/admin/releases?${query.toString()}`, contract.releaseBoard.answer, { signal });
}

export const releaseQueryOptions = (id: string) =>
  queryOptions({
    queryKey: adminKeys.release(id),
    queryFn: ({ signal }) => request(`/api/admin/albums/${path(id)}`, contract.getRelease.answer, { signal }),
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
  useReleaseChange((input: DraftInput) => request('/api/admin/albums', contract.createDraft.answer, { method: 'POST', body: input }));

export const useChangeDraft = (id: string) =>
  useReleaseChange((changes: DraftChanges) =>
    request(`/api/admin/albums/${path(id)}`, contract.changeDraft.answer, { method: 'PUT', body: changes }),
  );

export const useReorderTracks = (id: string) =>
  useReleaseChange((trackIds: string[]) =>
    request(`/api/admin/albums/${path(id)}/tracks/order`, contract.reorderTracks.answer, { method: 'PUT', body: { trackIds } }),
  );

export const useChangeTrack = (id: string) =>
  useReleaseChange(({ trackId, ...changes }: { trackId: string; title?: string; lyrics?: string | null }) =>
    request(`/api/admin/albums/${path(id)}/tracks/${path(trackId)}`, contract.changeTrack.answer, { method: 'PUT', body: changes }),
  );

export const useRemoveTrack = (id: string) =>
  useReleaseChange((trackId: string) =>
    request(`/api/admin/albums/${path(id)}/tracks/${path(trackId)}`, contract.removeTrack.answer, { method: 'DELETE' }),
  );

export type ReleaseAction = 'publish' | 'unschedule' | 'unpublish' | 'republish';
const actionRoutes = {
  publish: { method: 'POST', suffix: 'publish', answer: contract.publishRelease.answer },
  unschedule: { method: 'DELETE', suffix: 'schedule', answer: contract.unscheduleRelease.answer },
  unpublish: { method: 'POST', suffix: 'unpublish', answer: contract.unpublishRelease.answer },
  republish: { method: 'POST', suffix: 'republish', answer: contract.republishRelease.answer },
} as const;

export const useReleaseAction = (id: string) =>
  useReleaseChange((action: ReleaseAction) => {
    const { method, suffix, answer } = actionRoutes[action];
    return request(`/api/admin/albums/${path(id)}/${suffix}`, answer, { method });
  });

export const useScheduleRelease = (id: string) =>
  useReleaseChange((releaseAt: string) =>
    request(`/api/admin/albums/${path(id)}/schedule`, contract.scheduleRelease.answer, { method: 'POST', body: { releaseAt } }),
  );

// Artists

export const adminArtistsQueryOptions = () =>
  queryOptions({
    queryKey: adminKeys.artists,
    queryFn: ({ signal }) => request('/api/admin/artists', contract.listArtists.answer, { signal }),
  });

function useArtistChange<Input>(send: (input: Input) => Promise<AdminArtist>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.artists }),
  });
}

export const useCreateArtist = () =>
  useArtistChange((input: ArtistInput) => request('/api/admin/artists', contract.createArtist.answer, { method: 'POST', body: input }));

export const useChangeArtist = () =>
  useArtistChange(({ id, ...changes }: { id: string } & z.input<typeof contract.changeArtist.body>) =>
    request(`/api/admin/artists/${path(id)}`, contract.changeArtist.answer, { method: 'PUT', body: changes }),
  );

export const useArchiveArtist = () =>
  useArtistChange((id: string) => request(`/api/admin/artists/${path(id)}/archive`, contract.archiveArtist.answer, { method: 'POST' }));
