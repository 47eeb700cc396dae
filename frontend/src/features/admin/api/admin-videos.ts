/**
 * The admin's exclusive videos: GET /api/admin/videos, and adding, editing, hiding, showing or deleting one (the list
 * shows the answer at once, and reloads: lib/recent-saves.ts).
 */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type * as z from 'zod/mini';
import * as contract from '#contract/admin-catalogue.js';
import { api } from '../../../lib/http';
import { savedList } from '../../../lib/recent-saves';
import type { AdminVideo, VideoInput } from './admin-catalogue';

export type VideoChanges = z.input<typeof contract.changeVideo.body>;

const videosKey = ['admin', 'videos'] as const;
const savedVideos = savedList<AdminVideo, 'videos'>(videosKey, 'videos');

export const adminVideosQueryOptions = () =>
  queryOptions({
    queryKey: videosKey,
    queryFn: async ({ signal }) => {
      const { videos } = await api('GET /api/admin/videos', contract.videoList, { signal });
      return { videos: savedVideos.overlay(videos) };
    },
  });

function useVideoChange<Input>(send: (input: Input) => Promise<AdminVideo>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (video) => savedVideos.show(queryClient, video),
  });
}

export const useCreateVideo = () =>
  useVideoChange((input: VideoInput) => api('POST /api/admin/videos', contract.adminVideo, { body: input }));

export const useChangeVideo = () =>
  useVideoChange(({ id, ...changes }: { id: string } & VideoChanges) =>
    api('PUT /api/admin/videos/{id}', contract.adminVideo, { params: { id }, body: changes }),
  );

export const useHideVideo = () =>
  useVideoChange(({ id, hide }: { id: string; hide: boolean }) =>
    hide
      ? api('POST /api/admin/videos/{id}/hide', contract.adminVideo, { params: { id } })
      : api('POST /api/admin/videos/{id}/show', contract.adminVideo, { params: { id } }),
  );

export function useDeleteVideo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api('DELETE /api/admin/videos/{id}', contract.deleteVideo.answer, { params: { id } }),
    onSuccess: ({ id }) => savedVideos.drop(queryClient, id),
  });
}
