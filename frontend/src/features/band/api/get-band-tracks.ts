/** GET /api/band/tracks: the band page's unreleased tracks, each with a short-lived signed URL of its audio. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { bandTracksAnswer, type BandTracks } from '#contract/band.js';
import { api } from '../../../lib/http';

export const bandKeys = { all: ['band'] as const, tracks: () => [...bandKeys.all, 'tracks'] as const };

export const getBandTracks = (signal?: AbortSignal): Promise<BandTracks> => api('GET /api/band/tracks', bandTracksAnswer, { signal });

export const bandTracksQueryOptions = () =>
  queryOptions({
    queryKey: bandKeys.tracks(),
    queryFn: ({ signal }) => getBandTracks(signal),
    // The signed URLs last minutes: an answer older than a few is read again rather than handed to the player.
    staleTime: 5 * 60_000,
  });

export const useBandTracks = () => useQuery(bandTracksQueryOptions());
