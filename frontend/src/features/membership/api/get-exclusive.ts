/**
 * GET /api/exclusive-content and GET /api/exclusive-videos (`?tier=toko_plus`): the members' albums and
 * videos. Members get everything; everyone else a preview of a few, with the videos locked (no video id).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { idSchema } from '../../../lib/api-id';
import { brand } from '../../../lib/brand';
import { request } from '../../../lib/http';
import { membershipKeys } from './membership-keys';

const exclusiveItemSchema = z.object({
  id: idSchema,
  title: z.string(),
  contentType: z.nullish(z.string()),
  artwork: z.nullish(z.string()),
  artistName: z.nullish(z.string()),
  releaseDate: z.nullish(z.string()),
});

const exclusiveContentSchema = z.object({ hasAccess: z.boolean(), items: z.array(exclusiveItemSchema) });

export interface ExclusiveAlbum {
  id: string;
  title: string;
  artwork: string | null;
  artistName: string | null;
  releaseDate: string | null;
}

const videoSchema = z.object({
  id: idSchema,
  slug: z.nullish(z.string()),
  title: z.string(),
  description: z.nullish(z.string()),
  locked: z.optional(z.boolean()),
  youtubeVideoId: z.nullish(z.string()),
  youtubeUrl: z.nullish(z.string()),
  thumbnailUrl: z.nullish(z.string()),
  publishedAt: z.nullish(z.string()),
});
export type ExclusiveVideo = z.infer<typeof videoSchema>;

const exclusiveVideosSchema = z.object({ hasAccess: z.boolean(), videos: z.array(videoSchema) });

const tierQuery = `tier=${encodeURIComponent(brand.tierPlus)}`;

export async function getExclusiveAlbums(signal?: AbortSignal): Promise<{ hasAccess: boolean; albums: ExclusiveAlbum[] }> {
  const answer = await request(`/api/exclusive-content?${tierQuery}`, exclusiveContentSchema, { signal });
  const albums = answer.items
    .filter((item) => item.contentType === 'album')
    .map(({ id, title, artwork, artistName, releaseDate }) => ({
      id,
      title,
      artwork: artwork ?? null,
      artistName: artistName ?? null,
      releaseDate: releaseDate ?? null,
    }));
  return { hasAccess: answer.hasAccess, albums };
}

export const getExclusiveVideos = (signal?: AbortSignal) =>
  request(`/api/exclusive-videos?${tierQuery}`, exclusiveVideosSchema, { signal });

export const exclusiveAlbumsQueryOptions = () =>
  queryOptions({ queryKey: membershipKeys.exclusiveContent(), queryFn: ({ signal }) => getExclusiveAlbums(signal) });

export const exclusiveVideosQueryOptions = () =>
  queryOptions({ queryKey: membershipKeys.exclusiveVideos(), queryFn: ({ signal }) => getExclusiveVideos(signal) });

export const useExclusiveAlbums = () => useQuery(exclusiveAlbumsQueryOptions());
export const useExclusiveVideos = () => useQuery(exclusiveVideosQueryOptions());

/** A video plays when the server unlocked it for this listener (it then sends the video's id). */
export const isPlayable = (video: ExclusiveVideo): boolean => !video.locked && Boolean(video.youtubeVideoId);

export const getVideoBySlug = (slug: string, signal?: AbortSignal): Promise<ExclusiveVideo> =>
  request(`/api/video-by-slug/${encodeURIComponent(slug)}`, videoSchema, { signal });

export const videoBySlugQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: membershipKeys.videoBySlug(slug),
    queryFn: ({ signal }) => getVideoBySlug(slug, signal),
    // A missing video stays missing; a failing server gets its usual retries.
    retry: false,
  });
