/** GET /api/albums/by-artist/{id}: one artist's discography, newest first. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { type Album, albumList } from '#contract/catalogue.js';
import { api } from '../../../lib/http';
import { albumKeys } from './album-keys';
import { byReleaseDateDescending } from './get-albums';

export const getArtistAlbums = (artistId: string, signal?: AbortSignal): Promise<Album[]> =>
  api('GET /api/albums/by-artist/{id}', albumList, { params: { id: artistId }, signal }).then(byReleaseDateDescending);

export const artistAlbumsQueryOptions = (artistId: string) =>
  queryOptions({ queryKey: albumKeys.byArtist(artistId), queryFn: ({ signal }) => getArtistAlbums(artistId, signal) });

export const useArtistAlbums = (artistId: string) => useQuery(artistAlbumsQueryOptions(artistId));
