/**
 * The cart as the dialog and the /cart page both show it: loading, failed, empty, or the album count, each
 * album (artwork, title, 'Digital Album', price, remove), what every album includes, the Toko+ upsell for
 * non-members or the member savings banner for members, the total, and Continue Shopping and Checkout.
 */
import { Check, Crown, Lock, ShoppingCart, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { brand } from '../../../lib/brand';
import { formatMoney } from '../../../lib/format';
import { useSession } from '../../../lib/session';
import { Artwork } from '../../../ui/artwork';
import { Button, IconButton } from '../../../ui/button';
import { CheckboxCard } from '../../../ui/checkbox-card';
import { Skeleton, SkeletonStack } from '../../../ui/skeleton';
import { EmptyState, ErrorState } from '../../../ui/status-message';
import type { CartAlbum } from '../cart-album';
import { albumCountLabel, PLAN_ADD_ON_DOLLARS, summarizeCart, type CartSummary } from '../cart-pricing';
import { useAlbumCart } from '../use-album-cart';

const ALBUM_INCLUDES = ['MP3 and lossless WAV files', 'Bonus instrumentals, all in one ZIP', 'Lifetime downloads'] as const;

interface CartViewProps {
  includeSubscription: boolean;
  onIncludeSubscriptionChange: (include: boolean) => void;
  /** What the empty cart says under 'Your cart is empty'. */
  emptyNote: string;
  /** The way back to the albums, drawn as a button of this weight: the dialog closes, the page goes to /music. */
  continueShopping: (variant: 'primary' | 'secondary', className?: string) => ReactNode;
  checkoutLabel: string;
  onCheckout: () => void;
  /** The screen is on its way elsewhere (the page, to sign in): the cart is not to be changed meanwhile. */
  leaving?: boolean;
}

export function CartView({
  includeSubscription,
  onIncludeSubscriptionChange,
  emptyNote,
  continueShopping,
  checkoutLabel,
  onCheckout,
  leaving = false,
}: CartViewProps) {
  const session = useSession();
  const cart = useAlbumCart();
  const busy = cart.isBusy || leaving;

  if (cart.isLoading) return <CartSkeleton />;
  if (cart.error) return <ErrorState title="Failed to fetch cart." error={cart.error} onRetry={cart.refetch} />;
  if (cart.albums.length === 0) {
    return (
      <EmptyState icon={ShoppingCart} title="Your cart is empty">
        <p>{emptyNote}</p>
        {continueShopping('primary', 'mt-4')}
      </EmptyState>
    );
  }
  return (
    <>
      <CartContents
        albums={cart.albums}
        summary={summarizeCart(cart.albums, { isSubscriber: session.isSubscriber, includeSubscription })}
        isSubscriber={session.isSubscriber}
        includeSubscription={includeSubscription}
        onIncludeSubscriptionChange={onIncludeSubscriptionChange}
        onRemove={(album) => cart.remove(album.albumId)}
        busy={busy}
      />
      <div className="mt-5 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        {continueShopping('secondary')}
        <Button onClick={onCheckout} disabled={busy} icon={Lock}>
          {checkoutLabel}
        </Button>
      </div>
    </>
  );
}

interface CartContentsProps {
  albums: CartAlbum[];
  summary: CartSummary;
  isSubscriber: boolean;
  includeSubscription: boolean;
  onIncludeSubscriptionChange: (include: boolean) => void;
  onRemove: (album: CartAlbum) => void;
  busy: boolean;
}

function CartContents({
  albums,
  summary,
  isSubscriber,
  includeSubscription,
  onIncludeSubscriptionChange,
  onRemove,
  busy,
}: CartContentsProps) {
  return (
    <div className="space-y-4" data-testid="cart-contents">
      <p className="text-sm text-zinc-300" data-testid="cart-album-count">
        {albumCountLabel(summary.albumCount)} in your cart
      </p>
      <ul className="divide-y divide-white/10 rounded-xl border border-white/10" aria-label="Albums in your cart">
        {albums.map((album, index) => (
          <CartLine key={album.albumId} album={album} price={summary.lines[index]} onRemove={() => onRemove(album)} busy={busy} />
        ))}
      </ul>
      <AlbumIncludes />
      {isSubscriber ? (
        summary.savings !== null && <MemberSavings savings={summary.savings} />
      ) : (
        <PlanUpsell checked={includeSubscription} onChange={onIncludeSubscriptionChange} savings={summary.savings} disabled={busy} />
      )}
      <CartTotal summary={summary} />
    </div>
  );
}

function CartLine({
  album,
  price,
  onRemove,
  busy,
}: {
  album: CartAlbum;
  price: CartSummary['lines'][number];
  onRemove: () => void;
  busy: boolean;
}) {
  const discounted = price.price < price.regularPrice;
  return (
    <li className="flex items-center gap-3 p-3" data-testid="cart-item" data-album-id={album.albumId}>
      <Artwork src={album.artwork} alt="" size={56} className="size-14 shrink-0" />
      <div className="min-w-0 flex-1">
        <p className="truncate font-semibold text-zinc-50">{album.title}</p>
        <p className="truncate text-xs text-zinc-400">{album.artistName ? `${album.artistName} · Digital Album` : 'Digital Album'}</p>
      </div>
      <p className="shrink-0 text-right text-sm" data-testid="cart-item-price">
        {discounted && <span className="mr-1.5 text-xs text-zinc-500 line-through">{formatMoney(price.regularPrice)}</span>}
        <span className="font-semibold text-zinc-50">{formatMoney(price.price)}</span>
      </p>
      <IconButton label={`Remove ${album.title}`} title="Remove" onClick={onRemove} disabled={busy} className="size-9">
        <Trash2 aria-hidden="true" className="size-4" />
      </IconButton>
    </li>
  );
}

function AlbumIncludes() {
  return (
    <div className="rounded-xl bg-white/5 p-3">
      <p className="text-xs font-semibold uppercase tracking-wide text-zinc-400">Every album includes</p>
      <ul className="mt-2 space-y-1 text-sm text-zinc-200" data-testid="cart-includes">
        {ALBUM_INCLUDES.map((line) => (
          <li key={line} className="flex items-center gap-2">
            <Check aria-hidden="true" className="size-4 shrink-0 text-emerald-400" />
            {line}
          </li>
        ))}
      </ul>
    </div>
  );
}

function PlanUpsell({
  checked,
  onChange,
  savings,
  disabled,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  savings: number | null;
  disabled: boolean;
}) {
  return (
    <CheckboxCard
      name="includeSubscription"
      checked={checked}
      onChange={onChange}
      disabled={disabled}
      icon={Crown}
      title={`Add ${brand.productPlus} for ${formatMoney(PLAN_ADD_ON_DOLLARS)}/month`}
      description={`Pay the member price on these albums${savings !== null ? ` and save ${formatMoney(savings)}` : ''}. Exclusive and early releases, high-quality downloads and merch discounts. Cancel anytime.`}
      testId="cart-upsell"
    />
  );
}

function MemberSavings({ savings }: { savings: number }) {
  return (
    <p
      className="flex items-center gap-2 rounded-xl border border-accent/30 bg-accent/10 p-3 text-sm text-zinc-50"
      data-testid="cart-member-savings"
    >
      <Crown aria-hidden="true" className="size-4 shrink-0 text-accent" />
      <span>
        {brand.productPlus} member price: you save <strong>{formatMoney(savings)}</strong>
      </span>
    </p>
  );
}

function CartTotal({ summary }: { summary: CartSummary }) {
  return (
    <dl className="space-y-1 text-sm">
      {summary.planAddOn !== null && (
        <>
          <div className="flex justify-between text-zinc-300">
            <dt>Albums (member price)</dt>
            <dd>{formatMoney(summary.subscriberTotal)}</dd>
          </div>
          <div className="flex justify-between text-zinc-300">
            <dt>{brand.productPlus}, first month</dt>
            <dd>{formatMoney(summary.planAddOn)}</dd>
          </div>
        </>
      )}
      <div className="flex justify-between text-base font-bold text-zinc-50">
        <dt>Total</dt>
        <dd data-testid="cart-total">{formatMoney(summary.total)}</dd>
      </div>
    </dl>
  );
}

function CartSkeleton() {
  return (
    <div className="space-y-3" aria-hidden="true" data-testid="cart-loading">
      <Skeleton className="h-4 w-32" />
      {[0, 1].map((row) => (
        <div key={row} className="flex items-center gap-3">
          <Skeleton className="size-14 shrink-0" />
          <SkeletonStack className="flex-1 space-y-2" blocks={['h-4 w-3/4', 'h-3 w-1/3']} />
        </div>
      ))}
      <Skeleton className="h-16 w-full" />
    </div>
  );
}
