/** GET /api/albums/by-artist/{id}: one artist's discography, newest first. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { type Album, albumList } from '#contract/catalogue.js';
import { request } from '../../../lib/http';
import { albumKeys } from './album-keys';
import { byReleaseDateDescending } from './get-albums';

export const getArtistAlbums = (artistId: string, signal?: AbortSignal): Promise<Album[]> =>
  request(`/api/albums/by-artist/${encodeURIComponent(artistId)}`, albumList, { signal }).then(byReleaseDateDescending);

export const artistAlbumsQueryOptions = (artistId: string) =>
  queryOptions({ queryKey: albumKeys.byArtist(artistId), queryFn: ({ signal }) => getArtistAlbums(artistId, signal) });

export const useArtistAlbums = (artistId: string) => useQuery(artistAlbumsQueryOptions(artistId));
