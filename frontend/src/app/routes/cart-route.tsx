/** /cart: the album cart page. */
export { CartPage as CartRoute } from '../../features/cart/components/cart-page';
