/** The root route's screen: the shell, and the sign-in modal, the album cart dialog and the checkout overlay inside the router so they can follow links. */
import { AccountDialogHost } from '../features/auth/components/account-dialog-provider';
import { AlbumCartHost } from '../features/cart/components/album-cart-host';
import { CheckoutOverlayHost } from '../features/membership/components/checkout-overlay-host';
import { AppShell } from './app-shell';

export function AppRoot() {
  return (
    <>
      <AppShell />
      <AccountDialogHost />
      <CheckoutOverlayHost />
      <AlbumCartHost />
    </>
  );
}
