/** GET /api/albums/{id}/tracks: the track list and whether this listener may play it. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AlbumTracks } from '#contract/catalogue.js';
import { api } from '../../../lib/http';
import { albumKeys } from './album-keys';

/** The answers' schemas, loaded apart from the first page's code (lib/http.ts). */
const catalogueSchemas = () => import('#contract/catalogue.js');

/** The answer with its tracks in album order (the pre-rendered pages put the same in their HTML). */
export const inAlbumOrder = (answer: AlbumTracks): AlbumTracks => ({
  ...answer,
  tracks: [...answer.tracks].sort((a, b) => a.trackNumber - b.trackNumber),
});

const getAlbumTracks = (albumId: string, signal?: AbortSignal): Promise<AlbumTracks> =>
  api('GET /api/albums/{id}/tracks', () => catalogueSchemas().then((c) => c.albumTracks), { params: { id: albumId }, signal }).then(
    inAlbumOrder,
  );

export const albumTracksQueryOptions = (albumId: string) =>
  queryOptions({ queryKey: albumKeys.tracks(albumId), queryFn: ({ signal }) => getAlbumTracks(albumId, signal) });

export const useAlbumTracks = (albumId: string) => useQuery(albumTracksQueryOptions(albumId));
