/**
 * /shop: the label's albums for sale (a shelf the app hands in) and its merch. A search box, a collection filter
 * and a sort over the shop's products, 20 to a page, a promo banner for the vinyl store, and the product dialog
 * The choice lives in the URL, so a filtered page can be shared and Back returns to it.
 */
import { ChevronLeft, ChevronRight, Disc3, ExternalLink, Search, SearchX, ShoppingBag } from 'lucide-react';
import { useEffect, useId, useMemo, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { brand } from '../../../lib/brand';
import { useDocumentTitle } from '../../../lib/document-title';
import { Artwork } from '../../../ui/artwork';
import { Badge } from '../../../ui/badge';
import { Button } from '../../../ui/button';
import { SkeletonStack } from '../../../ui/skeleton';
import { EmptyState, ErrorState } from '../../../ui/status-message';
import { toast } from '../../../ui/toast';
import { useCollections } from '../api/get-collections';
import { useProducts } from '../api/get-products';
import type { ShopProduct } from '#contract/merch.js';
import { takeCheckoutReturn } from '../merch-checkout';
import { checkSpentCarts } from '../spent-carts';
import { openMerchCart } from '../merch-cart-store';
import { VINYL_STORE_URL } from '../merch-store';
import {
  listProducts,
  MERCH_SKELETON_COUNT,
  MERCH_SORTS,
  pageOfProducts,
  priceRangeText,
  readShopQuery,
  shopQueryParams,
  type MerchSort,
  type ShopQuery,
} from '../product-listing';
import { ProductDialog } from './product-dialog';

const fieldClass =
  'h-11 w-full rounded-lg border border-white/15 bg-zinc-950 px-3 text-base text-zinc-50 placeholder:text-zinc-500 focus:border-accent focus:outline-none';

/** What the albums' shelf gets from the shop: the storefront's products (for physical editions) and how to show one. */
export interface ShopForAlbums {
  products: readonly ShopProduct[];
  openProduct: (product: ShopProduct) => void;
}

export function ShopPage({ albumShelf }: { albumShelf?: (shop: ShopForAlbums) => ReactNode }) {
  useDocumentTitle('Shop');
  useWelcomeBack();
  const [params, setParams] = useSearchParams();
  const query = readShopQuery(params);
  const [openProduct, setOpenProduct] = useState<ShopProduct | null>(null);
  const products = useProducts();

  /** Typing and filtering replace the URL entry (Back leaves the shop); turning a page adds one. */
  const choose = (change: Partial<ShopQuery>, history: 'replace' | 'push' = 'replace') =>
    setParams(shopQueryParams({ ...query, page: 1, ...change }), { replace: history === 'replace', preventScrollReset: true });

  return (
    <div className="space-y-6" data-testid="shop-page">
      <header className="space-y-1">
        <h1 className="text-3xl font-extrabold text-zinc-50">Shop</h1>
        <p className="text-zinc-300">Albums and merch from the artists of {brand.labelName}.</p>
      </header>
      {albumShelf?.({ products: products.data ?? [], openProduct: setOpenProduct })}
      {albumShelf && (
        <h2 className="text-2xl font-bold text-zinc-50" id="merch">
          Merch
        </h2>
      )}
      <PromoBanner />
      <ShopFilters query={query} onChange={choose} />
      <ProductResults
        query={query}
        onOpen={setOpenProduct}
        onPage={(page) => {
          choose({ page }, 'push');
          window.scrollTo({ top: 0 });
        }}
        onClear={() => choose({ search: '', collection: '' })}
      />
      <ProductDialog product={openProduct} onClose={() => setOpenProduct(null)} />
    </div>
  );
}

/** Back from a checkout in the same window (installed app): a welcome, once, unless the order was placed (then the bag says so). */
function useWelcomeBack() {
  useEffect(() => {
    if (!takeCheckoutReturn()) return;
    void checkSpentCarts().then((ordered) => {
      if (ordered) return;
      toast({
        title: 'Welcome back!',
        description: 'Your bag is still here if you want to keep shopping.',
        action: { label: 'View Bag', onClick: openMerchCart },
        duration: 4000,
      });
    });
  }, []);
}

function PromoBanner() {
  return (
    <a
      href={VINYL_STORE_URL}
      target="_blank"
      rel="noopener noreferrer"
      data-testid="promo-banner"
      className="group flex items-center gap-4 rounded-2xl border border-white/10 bg-gradient-to-r from-accent/25 via-accent/10 to-transparent p-4 transition hover:border-accent/60 md:p-5"
    >
      <Disc3 aria-hidden="true" className="size-10 shrink-0 text-accent transition group-hover:rotate-45" />
      <span className="min-w-0 flex-1">
        <span className="block font-bold text-zinc-50">Vinyl, cassettes and 7-inches</span>
        <span className="block text-sm text-zinc-300">Every record of the label, pressed and shipped by our vinyl store.</span>
      </span>
      <span className="hidden shrink-0 items-center gap-1 text-sm font-semibold text-accent sm:inline-flex">
        Visit the Vinyl Store
        <ExternalLink aria-hidden="true" className="size-4" />
      </span>
      <span className="sr-only">(opens in a new tab)</span>
    </a>
  );
}

function ShopFilters({ query, onChange }: { query: ShopQuery; onChange: (change: Partial<ShopQuery>) => void }) {
  const products = useProducts();
  const collections = useCollections();
  const searchId = useId();
  const collectionId = useId();
  const sortId = useId();
  // The filter still works from the products' own collections if the collection list cannot be read.
  const options = useMemo(() => {
    if (collections.data) return collections.data.map(({ handle, title }) => ({ handle, title }));
    const seen = new Map<string, string>();
    for (const product of products.data ?? []) for (const c of product.collections) seen.set(c.handle, c.title);
    return [...seen].map(([handle, title]) => ({ handle, title }));
  }, [collections.data, products.data]);

  return (
    <div role="search" className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)]">
      <div className="relative sm:col-span-2 lg:col-span-1">
        <label htmlFor={searchId} className="sr-only">
          Search products
        </label>
        <Search aria-hidden="true" className="pointer-events-none absolute left-3 top-1/2 size-5 -translate-y-1/2 text-zinc-400" />
        <input
          id={searchId}
          type="search"
          value={query.search}
          onChange={(event) => onChange({ search: event.target.value })}
          placeholder="Search merch"
          autoComplete="off"
          enterKeyHint="search"
          data-testid="shop-search"
          className={`${fieldClass} pl-10`}
        />
      </div>
      <div className="flex items-center gap-2">
        <label htmlFor={collectionId} className="shrink-0 text-sm text-zinc-300">
          Collection
        </label>
        <select
          id={collectionId}
          value={query.collection}
          onChange={(event) => onChange({ collection: event.target.value })}
          data-testid="shop-collection"
          className={fieldClass}
        >
          <option value="">All collections</option>
          {options.map((collection) => (
            <option key={collection.handle} value={collection.handle}>
              {collection.title}
            </option>
          ))}
        </select>
      </div>
      <div className="flex items-center gap-2">
        <label htmlFor={sortId} className="shrink-0 text-sm text-zinc-300">
          Sort by
        </label>
        <select
          id={sortId}
          value={query.sort}
          onChange={(event) => onChange({ sort: event.target.value as MerchSort })}
          data-testid="shop-sort"
          className={fieldClass}
        >
          {MERCH_SORTS.map((sort) => (
            <option key={sort.value} value={sort.value}>
              {sort.label}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}

function ProductResults({
  query,
  onOpen,
  onPage,
  onClear,
}: {
  query: ShopQuery;
  onOpen: (product: ShopProduct) => void;
  onPage: (page: number) => void;
  onClear: () => void;
}) {
  const products = useProducts();
  const { search, collection, sort } = query;
  const listed = useMemo(
    () => (products.data ? listProducts(products.data, { search, collection, sort }) : []),
    [products.data, search, collection, sort],
  );

  if (products.isPending) return <GridSkeleton />;
  if (products.isError)
    return <ErrorState title="The shop could not be loaded" error={products.error} onRetry={() => void products.refetch()} />;
  if (products.data.length === 0) {
    return (
      <EmptyState icon={ShoppingBag} title="The shop is empty right now">
        New merch is on its way. Check back soon.
      </EmptyState>
    );
  }
  if (listed.length === 0) {
    return (
      <EmptyState
        icon={SearchX}
        title={query.search.trim() ? `No products match “${query.search.trim()}”` : 'No products in this collection'}
      >
        <Button variant="secondary" onClick={onClear} className="mt-1">
          Clear filters
        </Button>
      </EmptyState>
    );
  }

  const page = pageOfProducts(listed, query.page);
  return (
    <div className="space-y-6">
      <p className="text-sm text-zinc-300" aria-live="polite" data-testid="shop-count">
        {listed.length} {listed.length === 1 ? 'product' : 'products'}
      </p>
      <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4" data-testid="product-grid">
        {page.products.map((product) => (
          <li key={product.id}>
            <ProductCard product={product} onOpen={() => onOpen(product)} />
          </li>
        ))}
      </ul>
      {page.pageCount > 1 && <Pagination page={page.page} pageCount={page.pageCount} onPage={onPage} />}
    </div>
  );
}

function ProductCard({ product, onOpen }: { product: ShopProduct; onOpen: () => void }) {
  const image = product.images[0];
  return (
    <button
      type="button"
      onClick={onOpen}
      data-testid="product-card"
      data-handle={product.handle}
      className="group block w-full space-y-2 rounded-lg text-left"
    >
      <span className="relative block">
        <Artwork src={image?.url ?? null} alt="" size={240} className="w-full transition group-hover:brightness-110" />
        {!product.availableForSale && <Badge className="absolute left-2 top-2 bg-zinc-950/80">Sold Out</Badge>}
      </span>
      <span className="block truncate font-semibold text-zinc-50" data-testid="product-title">
        {product.title}
      </span>
      <span className="block text-sm text-zinc-300" data-testid="product-card-price">
        {priceRangeText(product)}
      </span>
    </button>
  );
}

function Pagination({ page, pageCount, onPage }: { page: number; pageCount: number; onPage: (page: number) => void }) {
  return (
    <nav aria-label="Pages" className="flex items-center justify-center gap-3" data-testid="shop-pagination">
      <Button variant="secondary" onClick={() => onPage(page - 1)} disabled={page <= 1} icon={ChevronLeft}>
        Previous
      </Button>
      <span className="text-sm tabular-nums text-zinc-300" aria-current="page">
        Page {page} of {pageCount}
      </span>
      <Button variant="secondary" onClick={() => onPage(page + 1)} disabled={page >= pageCount}>
        Next
        <ChevronRight aria-hidden="true" className="size-4" />
      </Button>
    </nav>
  );
}

function GridSkeleton() {
  return (
    <div role="status" data-testid="shop-loading">
      <span className="sr-only">Loading products…</span>
      <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4">
        {Array.from({ length: MERCH_SKELETON_COUNT }, (_, at) => (
          <li key={at}>
            <SkeletonStack className="space-y-2" blocks={['aspect-square w-full rounded-lg', 'h-4 w-3/4', 'h-3 w-1/3']} />
          </li>
        ))}
      </ul>
    </div>
  );
}
