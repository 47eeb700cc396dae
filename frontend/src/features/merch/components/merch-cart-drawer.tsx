/**
 * The merch bag as a bottom sheet: the items with their quantities, an
 * estimated subtotal in US dollars, a Toko+ member's discount (the amount the shop's checkout takes off, since the server
 * puts the member code on the member's cart), and checkout on the label's shop.
 * The header's cart is one place for both carts: the app may put the album cart's albums above the bag, each
 * with its own checkout (albums are paid here, merch on the shop). When the shop has fewer of an item than the bag
 * holds, the bag follows the cart the shop made and says which line changed and why.
 */
import * as RadixDialog from '@radix-ui/react-dialog';
import { Crown, ExternalLink, Minus, PackageX, Plus, ShoppingBag, Trash2, X } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { brand } from '../../../lib/brand';
import { formatMoney } from '../../../lib/format';
import { useSession } from '../../../lib/session';
import { Artwork } from '../../../ui/artwork';
import { Button, buttonClass, IconButton } from '../../../ui/button';
import { toast } from '../../../ui/toast';
import { createMerchCart } from '../api/create-cart';
import { useMemberDiscount } from '../api/get-member-discount';
import {
  checkoutLines,
  MAX_MERCH_QUANTITY,
  merchItemCount,
  merchLineName,
  merchTotals,
  shownVariant,
  stockNotice,
  withStockAdjustments,
  type MerchCart,
  type MerchCartItem,
} from '../merch-cart';
import { merchCart, useMerchCart } from '../merch-cart-store';
import { openCheckout } from '../merch-checkout';
import { rememberCheckout } from '../spent-carts';
import { checkoutDestination, MERCH_SHOP_HOST, type CreatedCart } from '../merch-store';
import { StateBox } from '../../../ui/status-message';

/** The album cart's part of the header's cart: how many albums it holds, and what shows them. */
interface AlbumCartPart {
  count: number;
  render: (close: () => void) => ReactNode;
}

interface MerchCartDrawerProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  albums?: AlbumCartPart;
}

/** "1 album · 2 items", "No merch yet". */
function contentsLine(albumCount: number, merchCount: number): string {
  const parts = [
    ...(albumCount > 0 ? [`${albumCount} ${albumCount === 1 ? 'album' : 'albums'}`] : []),
    ...(merchCount > 0 ? [`${merchCount} ${merchCount === 1 ? 'item' : 'items'}`] : []),
  ];
  return parts.length > 0 ? parts.join(' · ') : 'No merch yet';
}

export function MerchCartDrawer({ open, onOpenChange, albums }: MerchCartDrawerProps) {
  const cart = useMerchCart();
  const count = merchItemCount(cart);
  // What the shop's stock changed in the bag at the last checkout; said until the bag is closed.
  const [stockNotices, setStockNotices] = useState<string[]>([]);
  const changeOpen = (next: boolean) => {
    if (!next) setStockNotices([]);
    onOpenChange(next);
  };
  const close = () => changeOpen(false);
  const albumCount = albums?.count ?? 0;

  return (
    <RadixDialog.Root open={open} onOpenChange={changeOpen}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-50 bg-black/70" />
        <RadixDialog.Content
          data-testid="merch-cart-drawer"
          className="fixed inset-x-0 bottom-0 z-50 mx-auto flex max-h-[85dvh] w-full max-w-lg flex-col rounded-t-2xl border border-b-0 border-white/10 bg-zinc-900 pb-[env(safe-area-inset-bottom)] shadow-2xl transition-transform duration-200 ease-out starting:translate-y-full"
        >
          <div aria-hidden="true" className="mx-auto mt-2 h-1.5 w-10 shrink-0 rounded-full bg-white/20" />
          <div className="flex items-start justify-between gap-4 px-5 pb-3 pt-3">
            <div>
              <RadixDialog.Title className="text-xl font-bold text-zinc-50">{albumCount > 0 ? 'Your Cart' : 'Your Bag'}</RadixDialog.Title>
              <RadixDialog.Description className="text-sm text-zinc-300" data-testid="merch-cart-count">
                {contentsLine(albumCount, count)}
              </RadixDialog.Description>
            </div>
            <RadixDialog.Close
              aria-label="Close"
              className="inline-flex size-9 items-center justify-center rounded-full text-zinc-300 hover:bg-white/10 hover:text-white"
            >
              <X aria-hidden="true" className="size-4" />
            </RadixDialog.Close>
          </div>

          <div className="min-h-0 flex-1 space-y-4 overflow-y-auto px-5 pb-4">
            {albums && albumCount > 0 && albums.render(close)}
            {albumCount > 0 && (
              <h3 className="border-t border-white/10 pt-4 font-semibold text-zinc-50" data-testid="merch-heading">
                Merch
              </h3>
            )}
            {stockNotices.length > 0 && <StockNotices notices={stockNotices} />}
            {cart.length > 0 ? <BagLines cart={cart} /> : albumCount > 0 ? <NoMerchYet onShop={close} /> : <EmptyBag onShop={close} />}
          </div>

          {cart.length > 0 && <BagFooter cart={cart} onStockNotices={setStockNotices} />}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

function EmptyBag({ onShop }: { onShop: () => void }) {
  return (
    <StateBox icon={ShoppingBag} tone="quiet" title="Your bag is empty" testId="merch-cart-empty">
      <p className="text-sm text-zinc-300">Shirts, records and more from the artists are in the shop.</p>
      <Link to="/shop" onClick={onShop} className={buttonClass('primary')}>
        Shop Now
      </Link>
    </StateBox>
  );
}

/** Albums in the cart, no merch: the bag is not "empty" then, it just holds no merch. */
function NoMerchYet({ onShop }: { onShop: () => void }) {
  return (
    <p className="text-sm text-zinc-300" data-testid="merch-none">
      No merch in your cart yet.{' '}
      <Link to="/shop" onClick={onShop} className="font-semibold text-accent hover:underline">
        Shop Now
      </Link>
    </p>
  );
}

/** The lines the shop cut or took out for want of stock, said where the bag's lines are. */
function StockNotices({ notices }: { notices: string[] }) {
  return (
    <div
      role="status"
      className="flex gap-2 rounded-lg border border-amber-400/30 bg-amber-500/10 px-3 py-2 text-sm text-amber-50"
      data-testid="merch-stock-notice"
    >
      <PackageX aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-amber-300" />
      <div>
        <p className="font-semibold">The shop has fewer in stock</p>
        <ul className="mt-0.5 space-y-0.5">
          {notices.map((notice) => (
            <li key={notice}>{notice}</li>
          ))}
        </ul>
      </div>
    </div>
  );
}

function BagLines({ cart }: { cart: MerchCart }) {
  return (
    <ul className="divide-y divide-white/10" aria-label="Items in your bag">
      {cart.map((line) => (
        <BagLine key={line.shopifyVariantId} line={line} />
      ))}
    </ul>
  );
}

function BagLine({ line }: { line: MerchCartItem }) {
  const variant = shownVariant(line.variant);
  const name = merchLineName(line);
  return (
    <li className="flex gap-3 py-3" data-testid="merch-cart-line" data-variant-id={line.shopifyVariantId}>
      <Artwork src={line.image ?? null} alt="" size={64} className="size-16 shrink-0 self-start" />
      <div className="min-w-0 flex-1 space-y-1">
        <p className="truncate font-semibold text-zinc-50">{line.title}</p>
        {variant && <p className="text-xs text-zinc-300">{variant}</p>}
        <p className="text-sm text-zinc-300">{formatMoney(line.price)} each</p>
        <div className="flex items-center gap-1">
          <IconButton
            label={`One fewer ${name}`}
            className="size-8"
            onClick={() => merchCart.setQuantity(line.shopifyVariantId, line.qty - 1)}
          >
            <Minus aria-hidden="true" className="size-4" />
          </IconButton>
          <span className="sr-only">Quantity</span>
          <span className="min-w-8 text-center font-semibold tabular-nums text-zinc-50" data-testid="merch-cart-qty">
            {line.qty}
          </span>
          <IconButton
            label={`One more ${name}`}
            className="size-8"
            disabled={line.qty >= MAX_MERCH_QUANTITY}
            onClick={() => merchCart.setQuantity(line.shopifyVariantId, line.qty + 1)}
          >
            <Plus aria-hidden="true" className="size-4" />
          </IconButton>
          <IconButton label={`Remove ${name}`} className="ml-auto size-8" onClick={() => merchCart.remove(line.shopifyVariantId)}>
            <Trash2 aria-hidden="true" className="size-4" />
          </IconButton>
        </div>
      </div>
      <p className="shrink-0 font-semibold tabular-nums text-zinc-50">{formatMoney(line.price * line.qty)}</p>
    </li>
  );
}

function BagFooter({ cart, onStockNotices }: { cart: MerchCart; onStockNotices: (notices: string[]) => void }) {
  const { user, isSubscriber } = useSession();
  const memberDiscount = useMemberDiscount(user?.id ?? null, isSubscriber);
  const percent = isSubscriber ? (memberDiscount.data?.percent ?? null) : null;
  const totals = merchTotals(cart, percent);
  const [pending, setPending] = useState(false);
  const [blockedUrl, setBlockedUrl] = useState<string | null>(null);

  const checkOut = async () => {
    setPending(true);
    setBlockedUrl(null);
    onStockNotices([]);
    const lines = checkoutLines(cart);
    const answer = await createMerchCart(lines).catch(() => null);
    // The shop had fewer of some items: the bag now holds what its cart holds, and says what changed.
    const shopCart = answer ? withStockAdjustments(cart, answer.adjustments) : cart;
    if (answer?.adjustments.length) {
      onStockNotices(answer.adjustments.flatMap((adjustment) => stockNotice(cart, adjustment) ?? []));
      merchCart.followStock(answer.adjustments);
    }
    if (answer && answer.lines.length === 0) {
      setPending(false);
      return;
    }
    // Once the shop has turned this cart into an order, its lines leave the bag.
    if (answer) rememberCheckout(answer.cartId, answer.lines);
    const created: CreatedCart & { discount?: number } = answer
      ? { ok: true, checkoutUrl: answer.checkoutUrl, discount: answer.memberDiscount }
      : { ok: false };
    const url = checkoutDestination(created, answer?.lines ?? lines);
    const opened = openCheckout(url);
    setPending(false);
    if (opened === 'blocked') {
      setBlockedUrl(url);
      toast({
        variant: 'destructive',
        title: 'Checkout could not open',
        description: `Please visit the store directly at ${MERCH_SHOP_HOST}.`,
        duration: 5000,
      });
    } else if (opened === 'new-tab') {
      toast({ title: 'Checkout opened', description: 'Finish your order in the new tab.', duration: 3000 });
    }
    // The bag showed a discount the shop did not give (or the other way round): say what the checkout charges.
    const discountKnown = !isSubscriber || memberDiscount.isSuccess;
    if (created.ok && discountKnown && created.discount !== merchTotals(shopCart, percent).discount) {
      toast({
        variant: 'destructive',
        title: 'Your member discount differs at checkout',
        description:
          created.discount === 0
            ? `The shop did not apply your ${brand.productPlus} discount: its checkout shows the full price.`
            : `The shop's checkout takes ${formatMoney(created.discount ?? 0)} off your items.`,
        duration: 8000,
      });
    }
  };

  return (
    <div className="space-y-3 border-t border-white/10 px-5 py-4">
      {totals.discount > 0 && (
        <dl className="space-y-1 text-sm text-zinc-300">
          <div className="flex justify-between">
            <dt>Items</dt>
            <dd className="tabular-nums" data-testid="merch-cart-items">
              {formatMoney(totals.items)}
            </dd>
          </div>
          <div className="flex justify-between text-accent">
            <dt>
              {brand.productPlus} member discount ({percent}%)
            </dt>
            <dd className="tabular-nums" data-testid="merch-cart-discount">
              −{formatMoney(totals.discount)}
            </dd>
          </div>
        </dl>
      )}
      <div className="flex items-baseline justify-between">
        <p className="font-semibold text-zinc-50">Subtotal (estimate)</p>
        <p className="text-lg font-bold tabular-nums text-zinc-50" data-testid="merch-cart-subtotal">
          {formatMoney(totals.subtotal)} <span className="text-xs font-normal text-zinc-300">USD</span>
        </p>
      </div>
      <p className="text-xs text-zinc-300">Taxes and shipping are calculated at checkout.</p>
      {percent !== null && (
        <p className="flex items-center gap-2 rounded-lg bg-accent/15 px-3 py-2 text-sm text-zinc-100" data-testid="merch-member-note">
          <Crown aria-hidden="true" className="size-4 shrink-0 text-accent" />
          {brand.productPlus} member: {percent}% off your merch, in this subtotal and at checkout.
        </p>
      )}
      {blockedUrl && (
        <div role="alert" className="rounded-lg border border-red-400/30 bg-red-500/10 px-3 py-2 text-sm text-red-100">
          <p className="font-semibold">Checkout could not open</p>
          <p className="mt-0.5">
            Your browser blocked the new tab. Please visit the store directly:{' '}
            <a href={blockedUrl} target="_blank" rel="noopener noreferrer" className="font-semibold underline">
              {MERCH_SHOP_HOST}
              <ExternalLink aria-hidden="true" className="ml-1 inline size-3" />
            </a>
          </p>
        </div>
      )}
      <Button className="w-full" onClick={() => void checkOut()} disabled={pending} data-testid="merch-checkout">
        {pending ? 'Preparing checkout...' : 'Checkout'}
      </Button>
      <p className="text-center text-xs text-zinc-400">You finish your order on {MERCH_SHOP_HOST}.</p>
    </div>
  );
}
