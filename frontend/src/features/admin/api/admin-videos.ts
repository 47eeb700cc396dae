/**
 * The admin's exclusive videos: GET /api/admin/videos, and adding, editing, hiding, showing or deleting one (the list
 * shows the answer at once, and reloads: lib/recent-saves.ts).
 */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type * as z from 'zod/mini';
import * as contract from '#contract/admin-catalogue.js';
import { request } from '../../../lib/http';
import { savedList } from '../../../lib/recent-saves';
import type { AdminVideo, VideoInput } from './admin-catalogue';

export type VideoChanges = z.input<typeof contract.changeVideo.body>;

const videosKey = ['admin', 'videos'] as const;
const savedVideos = savedList<AdminVideo, 'videos'>(videosKey, 'videos');

export const adminVideosQueryOptions = () =>
  queryOptions({
    queryKey: videosKey,
    queryFn: async ({ signal }) => {
      const { videos } = await request('/api/admin/videos', contract.videoList, { signal });
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
  useVideoChange((input: VideoInput) => request('/api/admin/videos', contract.adminVideo, { method: 'POST', body: input }));

export const useChangeVideo = () =>
  useVideoChange(({ id, ...changes }: { id: string } & VideoChanges) =>
    request(`/api/admin/videos/${encodeURIComponent(id)}`, contract.adminVideo, { method: 'PUT', body: changes }),
  );

export const useHideVideo = () =>
  useVideoChange(({ id, hide }: { id: string; hide: boolean }) =>
    request(`/api/admin/videos/${encodeURIComponent(id)}/${hide ? 'hide' : 'show'}`, contract.adminVideo, { method: 'POST' }),
  );

export function useDeleteVideo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => request(`/api/admin/videos/${encodeURIComponent(id)}`, contract.deleteVideo.answer, { method: 'DELETE' }),
    onSuccess: ({ id }) => savedVideos.drop(queryClient, id),
  });
}
