/**
 * GET /api/recently-played?limit=20: the tracks the signed-in listener played last, newest first. A server
 * without the endpoint (404), or a guest (401), reads as an empty history.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { idSchema } from '../../../lib/api-id';
import { HttpError, request } from '../../../lib/http';

export const RECENTLY_PLAYED_LIMIT = 20;

const text = z.nullish(z.string());

const recentTrackSchema = z.object({
  trackId: idSchema,
  title: z.string(),
  artistName: text,
  albumId: z.nullish(idSchema),
  albumTitle: text,
  albumArtwork: text,
  /** Present when the listener may still play it. */
  audioUrl: text,
  duration: z.nullish(z.number()),
  playedAt: text,
});
export type RecentTrack = z.infer<typeof recentTrackSchema>;

// The list, bare or wrapped as { tracks }.
const answerSchema = z.union([z.array(recentTrackSchema), z.object({ tracks: z.array(recentTrackSchema) })]);

export async function getRecentlyPlayed(signal?: AbortSignal): Promise<RecentTrack[]> {
  try {
    const answer = await request(`/api/recently-played?limit=${RECENTLY_PLAYED_LIMIT}`, answerSchema, { signal });
    return Array.isArray(answer) ? answer : answer.tracks;
  } catch (error) {
    if (error instanceof HttpError && (error.status === 404 || error.status === 401)) return [];
    throw error;
  }
}

export const recentlyPlayedKeys = { all: ['recently-played'] as const };

export const recentlyPlayedQueryOptions = () =>
  // Read afresh each time the dialog opens: the history grows while the listener listens.
  queryOptions({ queryKey: recentlyPlayedKeys.all, queryFn: ({ signal }) => getRecentlyPlayed(signal), staleTime: 0 });

export const useRecentlyPlayed = (enabled: boolean) => useQuery({ ...recentlyPlayedQueryOptions(), enabled });
