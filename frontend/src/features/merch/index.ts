/** What other features use of the merch shop: the bag's state for the header button, its drawer, and the spent-cart check. */
import { lazy } from 'react';

export { setMerchCartOpen, useMerchCartCount, useMerchCartOpen } from './merch-cart-store';
export { useSpentCartCheck } from './spent-carts';

/** The bag drawer, fetched the first time it opens (it is not part of the first page). */
export const MerchCartDrawer = lazy(() => import('./components/merch-cart-drawer').then((module) => ({ default: module.MerchCartDrawer })));
