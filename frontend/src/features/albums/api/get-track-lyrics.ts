/** GET /api/tracks/{id}/lyrics: a track's lyrics (null when it has none). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { request } from '../../../lib/http';

const lyricsSchema = z.object({ lyrics: z.nullish(z.string()) });

export const getTrackLyrics = (trackId: string, signal?: AbortSignal): Promise<string | null> =>
  request(`/api/tracks/${encodeURIComponent(trackId)}/lyrics`, lyricsSchema, { signal }).then((answer) => answer.lyrics ?? null);

export const trackLyricsQueryOptions = (trackId: string) =>
  queryOptions({ queryKey: ['tracks', trackId, 'lyrics'] as const, queryFn: ({ signal }) => getTrackLyrics(trackId, signal) });

export const useTrackLyrics = (trackId: string) => useQuery(trackLyricsQueryOptions(trackId));
