/**
 * A product of the shop up close: its gallery, a 3-line / 200-character description that opens on demand,
 * the variant choice, and Add to Bag or View on Shop.
 */
import { ChevronLeft, ChevronRight, ExternalLink, ShoppingBag } from 'lucide-react';
import { useLayoutEffect, useRef, useState } from 'react';
import { cx } from '../../../lib/class-names';
import { formatMoney } from '../../../lib/format';
import { Artwork } from '../../../ui/artwork';
import { Button, buttonClass, IconButton } from '../../../ui/button';
import { Dialog, DialogDescription } from '../../../ui/dialog';
import { SelectField } from '../../../ui/field';
import { FormAlert } from '../../../ui/text-field';
import { toast } from '../../../ui/toast';
import type { ShopProduct, ShopVariant } from '#contract/merch.js';
import { shownVariant } from '../merch-cart';
import { merchCart, openMerchCart } from '../merch-cart-store';
import { productPageUrl } from '../merch-store';
import { descriptionPreview, priceRangeText } from '../product-listing';

export const PRODUCT_UNAVAILABLE = { title: 'Product Unavailable', description: 'This item is currently out of stock' } as const;

export function ProductDialog({ product, onClose }: { product: ShopProduct | null; onClose: () => void }) {
  return (
    <Dialog open={product !== null} onOpenChange={(open) => !open && onClose()} size="lg" title={product?.title ?? ''}>
      {/* Keyed by product: a new product starts at its first picture with nothing chosen. */}
      {product && <ProductDetails key={product.id} product={product} onAdded={onClose} />}
    </Dialog>
  );
}

function ProductDetails({ product, onAdded }: { product: ShopProduct; onAdded: () => void }) {
  const needsChoice = product.variants.length > 1;
  const [chosenId, setChosenId] = useState('');
  const variant: ShopVariant | undefined = needsChoice ? product.variants.find((v) => v.id === chosenId) : product.variants[0];
  const unavailable = variant ? !variant.available : !product.availableForSale;

  const addToBag = () => {
    if (!variant) return;
    if (!variant.available) {
      toast({ variant: 'destructive', ...PRODUCT_UNAVAILABLE });
      return;
    }
    const variantName = shownVariant(variant.title);
    merchCart.add({
      shopifyVariantId: variant.id,
      productHandle: product.handle,
      title: product.title,
      variant: variant.title,
      image: product.images[0]?.url ?? null,
      price: variant.price.amount,
      currencyCode: variant.price.currencyCode,
      qty: 1,
    });
    toast({
      variant: 'success',
      title: 'Added to Bag',
      description: `${product.title}${variantName ? ` (${variantName})` : ''} is in your bag.`,
      action: { label: 'View Bag', onClick: openMerchCart },
      duration: 3000,
    });
    onAdded();
  };

  return (
    <div className="mt-4 space-y-4" data-testid="product-dialog" data-handle={product.handle}>
      <Gallery product={product} />
      <p className="text-lg font-semibold text-zinc-50" data-testid="product-price">
        {variant ? formatMoney(variant.price.amount) : priceRangeText(product)}
      </p>
      <Description text={product.description} />

      {needsChoice && (
        <SelectField
          label="Option"
          value={chosenId}
          onChange={(event) => setChosenId(event.target.value)}
          hint={variant ? null : 'Choose an option to add it to your bag.'}
          data-testid="variant-select"
        >
          <option value="" disabled>
            Select an option
          </option>
          {product.variants.map((option) => (
            <option key={option.id} value={option.id}>
              {option.title} · {formatMoney(option.price.amount)}
              {option.available ? '' : ' (Sold out)'}
            </option>
          ))}
        </SelectField>
      )}

      {unavailable && <FormAlert {...PRODUCT_UNAVAILABLE} />}

      <div className="flex flex-col gap-2 sm:flex-row">
        <Button className="flex-1" onClick={addToBag} disabled={!variant || unavailable} data-testid="add-to-bag" icon={ShoppingBag}>
          Add to Bag
        </Button>
        <a
          href={productPageUrl(product.handle)}
          target="_blank"
          rel="noopener noreferrer"
          className={buttonClass('secondary', 'flex-1')}
          data-testid="view-on-shop"
        >
          View on Shop
          <ExternalLink aria-hidden="true" className="size-4" />
          <span className="sr-only">(opens in a new tab)</span>
        </a>
      </div>
    </div>
  );
}

function Gallery({ product }: { product: ShopProduct }) {
  const [index, setIndex] = useState(0);
  const images = product.images;
  const image = images[index] ?? null;
  const several = images.length > 1;
  const step = (by: number) => setIndex((current) => (current + by + images.length) % images.length);

  return (
    <div className="space-y-2" data-testid="product-gallery">
      <div className="relative">
        <Artwork
          src={image?.url ?? null}
          alt={image?.altText || product.title}
          size={480}
          priority
          className="mx-auto w-full max-w-80 sm:max-w-96"
        />
        {several && (
          <>
            <IconButton label="Previous picture" onClick={() => step(-1)} className="absolute left-2 top-1/2 -translate-y-1/2 bg-black/60">
              <ChevronLeft aria-hidden="true" className="size-5" />
            </IconButton>
            <IconButton label="Next picture" onClick={() => step(1)} className="absolute right-2 top-1/2 -translate-y-1/2 bg-black/60">
              <ChevronRight aria-hidden="true" className="size-5" />
            </IconButton>
          </>
        )}
      </div>
      {several && (
        <ul className="flex justify-center gap-2 overflow-x-auto py-1" aria-label="Pictures">
          {images.map((picture, at) => (
            <li key={picture.url}>
              <button
                type="button"
                aria-label={`Picture ${at + 1} of ${images.length}`}
                aria-current={at === index ? 'true' : undefined}
                onClick={() => setIndex(at)}
                className={cx(
                  'block size-14 overflow-hidden rounded-md border-2',
                  at === index ? 'border-accent' : 'border-transparent opacity-70 hover:opacity-100',
                )}
              >
                <img src={picture.url} alt="" width={56} height={56} loading="lazy" className="size-full object-cover" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** Three lines and at most 200 characters until "Read more"; the whole text after. */
function Description({ text }: { text: string }) {
  const [expanded, setExpanded] = useState(false);
  const [clamped, setClamped] = useState(false);
  const paragraph = useRef<HTMLParagraphElement>(null);
  const preview = descriptionPreview(text);

  useLayoutEffect(() => {
    const element = paragraph.current;
    if (element && !expanded) setClamped(element.scrollHeight > element.clientHeight + 1);
  }, [expanded, preview.text]);

  if (!text.trim()) return <DialogDescription>No description yet.</DialogDescription>;
  return (
    <div>
      <div ref={paragraph} className={cx('whitespace-pre-line', !expanded && 'line-clamp-3')} data-testid="product-description">
        <DialogDescription>{expanded ? text : preview.text}</DialogDescription>
      </div>
      {(preview.truncated || clamped || expanded) && (
        <button type="button" onClick={() => setExpanded(!expanded)} className="mt-1 text-sm font-semibold text-accent hover:underline">
          {expanded ? 'Show less' : 'Read more'}
        </button>
      )}
    </div>
  );
}
