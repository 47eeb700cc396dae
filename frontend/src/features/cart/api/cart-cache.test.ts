import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { CartAlbum } from '../cart-album';
import { showServerCart } from './cart-cache';
import { cartKeys } from './cart-keys';

const album: CartAlbum = { albumId: 'a1', title: 'Night Drive', artistName: 'Mara', artwork: null, basePrice: 8, subscriberPrice: 6 };

describe('the cart a change answered with', () => {
  it('stays when a read asked before the change answers after it with the cart as it was', async () => {
    const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
    let answerRead: (albums: CartAlbum[]) => void = () => undefined;
    const read = queryClient
      .fetchQuery({ queryKey: cartKeys.items(), queryFn: () => new Promise<CartAlbum[]>((resolve) => (answerRead = resolve)) })
      .catch(() => undefined);

    await showServerCart(queryClient, [album]);
    answerRead([]);
    await read;

    expect(queryClient.getQueryData(cartKeys.items())).toEqual([album]);
  });

  it('is shown at once when no read is in flight', async () => {
    const queryClient = new QueryClient();
    await showServerCart(queryClient, [album]);
    expect(queryClient.getQueryData(cartKeys.items())).toEqual([album]);
  });
});
