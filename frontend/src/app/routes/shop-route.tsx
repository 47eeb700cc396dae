/** /shop: the label's albums for sale and its merch; the bag it fills is the header cart's drawer. */
import { ShopPage } from '../../features/merch/components/shop-page';
import { ShopAlbums } from '../shop-albums';

export function ShopRoute() {
  return <ShopPage albumShelf={(shop) => <ShopAlbums {...shop} />} />;
}
