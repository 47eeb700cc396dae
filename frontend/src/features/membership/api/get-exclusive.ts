/**
 * GET /api/exclusive-content and GET /api/exclusive-videos (`?tier=toko_plus`): the members' albums and
 * videos. Members get everything; everyone else a preview of a few, with the videos locked (no video id).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ExclusiveItem, Video } from '#contract/membership.js';
import { brand } from '../../../lib/brand';
import { api } from '../../../lib/http';
import { membershipKeys } from './membership-keys';

/** The answers' schemas, loaded apart from the first page's code (lib/http.ts). */
const membershipSchemas = () => import('#contract/membership.js');

export type ExclusiveAlbum = Extract<ExclusiveItem, { contentType: 'album' }>;
export type ExclusiveVideo = Video;

const tierQuery = { tier: brand.tierPlus };

export async function getExclusiveAlbums(signal?: AbortSignal): Promise<{ hasAccess: boolean; albums: ExclusiveAlbum[] }> {
  const answer = await api('GET /api/exclusive-content', () => membershipSchemas().then((c) => c.listExclusiveContentAnswer), {
    query: tierQuery,
    signal,
  });
  const albums = answer.items.filter((item): item is ExclusiveAlbum => item.contentType === 'album');
  return { hasAccess: answer.hasAccess, albums };
}

export const getExclusiveVideos = (signal?: AbortSignal) =>
  api('GET /api/exclusive-videos', () => membershipSchemas().then((c) => c.listExclusiveVideosAnswer), { query: tierQuery, signal });

export const exclusiveAlbumsQueryOptions = () =>
  queryOptions({ queryKey: membershipKeys.exclusiveContent(), queryFn: ({ signal }) => getExclusiveAlbums(signal) });

export const exclusiveVideosQueryOptions = () =>
  queryOptions({ queryKey: membershipKeys.exclusiveVideos(), queryFn: ({ signal }) => getExclusiveVideos(signal) });

export const useExclusiveAlbums = () => useQuery(exclusiveAlbumsQueryOptions());
export const useExclusiveVideos = () => useQuery(exclusiveVideosQueryOptions());

/** A video plays when the server unlocked it for this listener (it then sends the video's id). */
export const isPlayable = (video: ExclusiveVideo): boolean => !video.locked && Boolean(video.youtubeVideoId);

export const getVideoBySlug = (slug: string, signal?: AbortSignal): Promise<ExclusiveVideo> =>
  api('GET /api/video-by-slug/{slug}', () => membershipSchemas().then((c) => c.video), { params: { slug }, signal });

export const videoBySlugQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: membershipKeys.videoBySlug(slug),
    queryFn: ({ signal }) => getVideoBySlug(slug, signal),
    // A missing video stays missing; a failing server gets its usual retries.
    retry: false,
  });
