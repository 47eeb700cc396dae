/** Reads the bought albums again at the moment of a download click, for links that have not expired (null when that fails). */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { purchasedAlbumsQueryOptions } from './get-purchased-albums';
import type { PurchasedAlbum } from '#contract/commerce.js';

export function useFreshDownloadLinks(): () => Promise<PurchasedAlbum[] | null> {
  const queryClient = useQueryClient();
  return useCallback(async () => {
    try {
      // staleTime 0: always a new read, which also refreshes every list on screen.
      return await queryClient.fetchQuery({ ...purchasedAlbumsQueryOptions(), staleTime: 0 });
    } catch {
      return null;
    }
  }, [queryClient]);
}
