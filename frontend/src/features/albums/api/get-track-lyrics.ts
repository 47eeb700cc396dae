/** GET /api/tracks/{id}/lyrics: a track's lyrics (null when it has none). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getLyricsAnswer } from '#contract/catalogue.js';
import { api } from '../../../lib/http';

const getTrackLyrics = (trackId: string, signal?: AbortSignal): Promise<string | null> =>
  api('GET /api/tracks/{id}/lyrics', getLyricsAnswer, { params: { id: trackId }, signal }).then((answer) => answer.lyrics);

const trackLyricsQueryOptions = (trackId: string) =>
  queryOptions({ queryKey: ['tracks', trackId, 'lyrics'] as const, queryFn: ({ signal }) => getTrackLyrics(trackId, signal) });

export const useTrackLyrics = (trackId: string) => useQuery(trackLyricsQueryOptions(trackId));
