/** /shop: the merch shop; the bag it fills is the header cart's drawer. */
import { ShopPage } from '../../features/merch/components/shop-page';

export function ShopRoute() {
  return <ShopPage />;
}
