/**
 * GET /api/library/purchased-albums: the bought albums with a fresh signed download link each (null while
 * the album's ZIP is still being built). Screens that list them read again every few seconds while a ZIP is
 * pending, so "Download Pending" turns into a download by itself.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { listPurchasedAlbumsAnswer } from '#contract/commerce.js';
import { api } from '../../../lib/http';
import { useSession } from '../../../lib/session';
import { purchaseKeys } from './purchase-keys';
import type { PurchasedAlbum } from '#contract/commerce.js';

/** How often a list with a pending ZIP asks again. */
const PENDING_DOWNLOAD_POLL_MS = 5000;

export const purchasedAlbumsQueryOptions = () =>
  queryOptions({
    queryKey: purchaseKeys.downloads(),
    queryFn: ({ signal }) => api('GET /api/library/purchased-albums', listPurchasedAlbumsAnswer, { signal }),
  });

const hasPendingDownload = (albums: PurchasedAlbum[] | undefined): boolean => Boolean(albums?.some((album) => !album.shopifyZipUrl));

/** The list a screen shows: read for a signed-in listener, and polled while any ZIP is pending. */
export function usePurchasedAlbums() {
  const { isSignedIn } = useSession();
  return useQuery({
    ...purchasedAlbumsQueryOptions(),
    enabled: isSignedIn,
    refetchInterval: (query) => (hasPendingDownload(query.state.data) ? PENDING_DOWNLOAD_POLL_MS : false),
  });
}

/** What the cache knows of one bought album (never fetches itself): for the download buttons. */
export function useCachedPurchasedAlbum(albumId: string): PurchasedAlbum | undefined {
  return useQuery({
    ...purchasedAlbumsQueryOptions(),
    enabled: false,
    select: (albums) => albums.find((album) => album.albumId === albumId),
  }).data;
}
