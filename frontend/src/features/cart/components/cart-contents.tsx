/**
 * The cart as the dialog and the /cart page both show it: the album count, each album (artwork, title,
 * 'Digital Album', price, remove), what every album includes, the Toko+ upsell for non-members or the
 * member savings banner for members, and the total.
 */
import { Check, Crown, Trash2 } from 'lucide-react';
import { brand } from '../../../lib/brand';
import { formatMoney } from '../../../lib/format';
import { Artwork } from '../../../ui/artwork';
import { IconButton } from '../../../ui/button';
import { Skeleton } from '../../../ui/skeleton';
import type { CartAlbum } from '../cart-album';
import { albumCountLabel, PLAN_ADD_ON_DOLLARS, type CartSummary } from '../cart-pricing';

export const ALBUM_INCLUDES = ['MP3 and lossless WAV files', 'Bonus instrumentals, all in one ZIP', 'Lifetime downloads'] as const;

interface CartContentsProps {
  albums: CartAlbum[];
  summary: CartSummary;
  isSubscriber: boolean;
  includeSubscription: boolean;
  onIncludeSubscriptionChange: (include: boolean) => void;
  onRemove: (album: CartAlbum) => void;
  busy: boolean;
}

export function CartContents({ albums, summary, isSubscriber, includeSubscription, onIncludeSubscriptionChange, onRemove, busy }: CartContentsProps) {
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

function CartLine({ album, price, onRemove, busy }: { album: CartAlbum; price: CartSummary['lines'][number]; onRemove: () => void; busy: boolean }) {
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

function PlanUpsell({ checked, onChange, savings, disabled }: { checked: boolean; onChange: (checked: boolean) => void; savings: number | null; disabled: boolean }) {
  return (
    <label className="flex cursor-pointer gap-3 rounded-xl border border-accent/30 bg-gradient-to-br from-accent/10 to-transparent p-3" data-testid="cart-upsell">
      <input
        type="checkbox"
        name="includeSubscription"
        className="mt-0.5 size-4 shrink-0 accent-[var(--brand-accent)]"
        checked={checked}
        disabled={disabled}
        onChange={(event) => onChange(event.target.checked)}
      />
      <span className="space-y-0.5">
        <span className="flex items-center gap-1.5 text-sm font-semibold text-zinc-50">
          <Crown aria-hidden="true" className="size-4 text-accent" />
          Add {brand.productPlus} for {formatMoney(PLAN_ADD_ON_DOLLARS)}/month
        </span>
        <span className="block text-xs text-zinc-300">
          Pay the member price on these albums{savings !== null ? ` and save ${formatMoney(savings)}` : ''}. Exclusive and early releases, high-quality
          downloads and merch discounts. Cancel anytime.
        </span>
      </span>
    </label>
  );
}

function MemberSavings({ savings }: { savings: number }) {
  return (
    <p className="flex items-center gap-2 rounded-xl border border-accent/30 bg-accent/10 p-3 text-sm text-zinc-50" data-testid="cart-member-savings">
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

export function CartSkeleton() {
  return (
    <div className="space-y-3" aria-hidden="true" data-testid="cart-loading">
      <Skeleton className="h-4 w-32" />
      {[0, 1].map((row) => (
        <div key={row} className="flex items-center gap-3">
          <Skeleton className="size-14 shrink-0" />
          <div className="flex-1 space-y-2">
            <Skeleton className="h-4 w-3/4" />
            <Skeleton className="h-3 w-1/3" />
          </div>
        </div>
      ))}
      <Skeleton className="h-16 w-full" />
    </div>
  );
}
