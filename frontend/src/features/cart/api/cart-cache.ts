/** The signed-in listener's cart in the query cache, as the server last answered it. */
import type { QueryClient } from '@tanstack/react-query';
import type { CartAlbum } from '../cart-album';
import { cartKeys } from './cart-keys';

/**
 * Shows the cart a change answered with. A read of the cart still in flight was asked before the change and may
 * answer without it after it: it is cancelled first, or its older cart would replace this one (and, as reads do
 * not go stale, stay on screen).
 */
export async function showServerCart(queryClient: QueryClient, albums: CartAlbum[]): Promise<void> {
  await queryClient.cancelQueries({ queryKey: cartKeys.items() });
  queryClient.setQueryData(cartKeys.items(), albums);
}
