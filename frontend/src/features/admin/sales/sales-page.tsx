/**
 * Sales: the label's paid orders found by an order id, the buyer's e-mail address or an album (picked from the
 * catalogue), newest first and page by page, each refundable after a confirmation and a fresh authenticator code. The
 * search is kept in the address, so it can be reloaded and shared. A refund shows at once as the server answered it;
 * until Stripe's report of it reaches the list, the list reloads each second (15 s at most), and then reads Refunded.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Receipt, Search } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { fieldErrorsOf, HttpError, serverMessageOf } from '../../../lib/http';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { useSession } from '../../../lib/session';
import { Badge } from '../../../ui/badge';
import { Button } from '../../../ui/button';
import { EmptyState } from '../../../ui/status-message';
import { SelectField } from '../../../ui/field';
import { TextField } from '../../../ui/text-field';
import { salesAlbumsQueryOptions, salesKeys, searchSalesPage, type OrderRefund, type Sale, type SalesQuery } from '../api/admin-sales';
import { listenerPath } from '../people/people-page';
import { DataTable, type Column } from '../table/data-table';
import { useCursorPages } from '../table/use-cursor-pages';
import { RefundOrderDialog } from './refund-order-dialog';

const statusLabels: Record<Sale['status'], string> = { paid: 'Paid', refund_requested: 'Refund requested', refunded: 'Refunded' };

/** After a refund, how long and how often the list asks again until Stripe's report of it shows. */
const REFUND_WAIT_MS = 15_000;
const REFUND_POLL_MS = 1_000;

/** The search in the address: `?orderId=`, `?email=` or `?albumId=`. */
function queryOf(params: URLSearchParams): SalesQuery | null {
  const orderId = params.get('orderId');
  if (orderId) return { orderId };
  const email = params.get('email');
  if (email) return { email };
  const albumId = params.get('albumId');
  return albumId ? { albumId } : null;
}

/** What was typed: an address has an @, anything else is taken for an order id. */
const typedQuery = (text: string): SalesQuery => (text.includes('@') ? { email: text } : { orderId: text });

export function SalesPage() {
  const [params, setParams] = useSearchParams();
  const query = queryOf(params);
  const typed = query && !('albumId' in query) ? ('email' in query ? query.email : query.orderId) : '';
  const queryClient = useQueryClient();
  const search = (next: SalesQuery | null) => {
    // The same search again reads the orders again (one paid a moment ago may have reached the list since).
    void queryClient.invalidateQueries({ queryKey: salesKeys.searches });
    setParams(next ? new URLSearchParams(next) : new URLSearchParams());
  };

  return (
    <section className="space-y-5" aria-labelledby="sales-heading">
      <h1 id="sales-heading" className="text-2xl font-extrabold text-zinc-50">
        Sales
      </h1>
      <div className="grid max-w-3xl grid-cols-1 gap-4 md:grid-cols-[minmax(0,1fr)_minmax(0,16rem)] md:items-start">
        {/* Keyed by the search in the address, so going back and forth shows what was searched. */}
        <SearchForm key={typed} typed={typed} onSearch={(text) => search(text ? typedQuery(text) : null)} />
        <AlbumPicker value={query && 'albumId' in query ? query.albumId : ''} onPick={(albumId) => search(albumId ? { albumId } : null)} />
      </div>
      {query ? (
        <SalesResults query={query} />
      ) : (
        <EmptyState icon={Receipt} title="Find an order">
          Type an order id or the buyer’s e-mail address, or pick an album to list its sales.
        </EmptyState>
      )}
    </section>
  );
}

function SearchForm({ typed, onSearch }: { typed: string; onSearch: (text: string) => void }) {
  const [text, setText] = useState(typed);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSearch(text.trim());
  };
  return (
    <form role="search" aria-label="Find orders" onSubmit={submit} className="flex items-start gap-2">
      <TextField
        label="Order id or buyer’s e-mail"
        type="search"
        name="q"
        value={text}
        onChange={(event) => setText(event.target.value)}
        placeholder="buyer@example.com"
        autoComplete="off"
        className="min-w-0 flex-1"
        data-testid="sales-search"
      />
      <Button type="submit" icon={Search} className="mt-7 shrink-0">
        Search
      </Button>
    </form>
  );
}

function AlbumPicker({ value, onPick }: { value: string; onPick: (albumId: string) => void }) {
  const albums = useQuery(salesAlbumsQueryOptions());
  const onSale = (albums.data ?? []).filter((a) => a.isAvailableForPurchase || a.id === value);
  return (
    <SelectField
      label="Or an album’s sales"
      name="albumId"
      value={value}
      onChange={(event) => onPick(event.target.value)}
      disabled={albums.isPending}
      error={albums.isError ? 'Could not load the albums' : null}
      data-testid="sales-album"
    >
      <option value="">{albums.isPending ? 'Loading albums…' : 'Pick an album'}</option>
      {onSale.map((album) => (
        <option key={album.id} value={album.id}>
          {album.title} — {album.artistName}
        </option>
      ))}
    </SelectField>
  );
}

function SalesResults({ query }: { query: SalesQuery }) {
  const { adminMay } = useSession();
  const pages = useCursorPages<Sale>(salesKeys.search(query), (cursor, signal) => searchSalesPage(query, cursor, signal));
  const [refunds, setRefunds] = useState<Map<string, OrderRefund['status']>>(new Map());
  const [asking, setAsking] = useState<Sale | null>(null);
  const [waitUntil, setWaitUntil] = useState(0);
  // A refund the server answered shows at once; the server's own later word (refunded) wins over it.
  const rows = pages.rows.map((sale) => ({
    ...sale,
    id: sale.orderId,
    status: sale.status === 'paid' ? (refunds.get(sale.orderId) ?? sale.status) : sale.status,
  }));
  const waiting = rows.some((row) => row.status === 'refund_requested');
  // The latest refetch, so the timer below lives as long as the wait and not one render.
  const refetch = useRef(pages.refetch);
  useEffect(() => {
    refetch.current = pages.refetch;
  });

  useEffect(() => {
    if (!waiting || waitUntil <= Date.now()) return;
    const timer = setInterval(() => (Date.now() < waitUntil ? refetch.current() : clearInterval(timer)), REFUND_POLL_MS);
    return () => clearInterval(timer);
  }, [waiting, waitUntil]);

  // A search the server refuses (a malformed address) is said in words above the list.
  const refused = pages.error instanceof HttpError && pages.error.status === 400;
  if (refused) {
    const fields = fieldErrorsOf(pages.error);
    return (
      <p role="alert" className="text-sm text-red-300" data-testid="sales-refusal">
        {'email' in query && fields.email
          ? `“${query.email}” is not an e-mail address`
          : (serverMessageOf(pages.error) ?? 'This search is not valid')}
      </p>
    );
  }

  const columns: Column<(typeof rows)[number]>[] = [
    {
      key: 'order',
      header: 'Order',
      cell: (row) => (
        <span>
          <span className="block break-all font-mono text-xs text-zinc-200">{row.orderId}</span>
          <span className="block text-xs text-zinc-400">{formatDateTime(row.purchaseDate)}</span>
        </span>
      ),
    },
    {
      key: 'buyer',
      header: 'Buyer',
      cell: (row) =>
        row.buyer ? (
          <span>
            {adminMay('people') ? (
              <Link to={listenerPath(row.buyer.id)} className="font-semibold text-zinc-50 hover:text-accent hover:underline">
                {row.buyer.displayName ?? 'No name'}
              </Link>
            ) : (
              <span className="font-semibold text-zinc-50">{row.buyer.displayName ?? 'No name'}</span>
            )}
            <span className="block break-all text-xs text-zinc-400">{row.buyer.email}</span>
          </span>
        ) : (
          <span className="text-zinc-400">Unknown account</span>
        ),
    },
    {
      key: 'albums',
      header: 'Albums',
      cell: (row) => (
        <ul className="space-y-0.5">
          {row.albums.map((album) => (
            <li key={album.albumId}>
              <span className="font-semibold text-zinc-50">{album.title}</span>
              {album.artistName && <span className="text-xs text-zinc-400"> · {album.artistName}</span>}
            </li>
          ))}
        </ul>
      ),
    },
    { key: 'amount', header: 'Amount', numeric: true, cell: (row) => formatMoney(row.amount) },
    {
      key: 'status',
      header: 'Status',
      cell: (row) =>
        row.status === 'paid' ? (
          <span className="flex flex-wrap items-center gap-2">
            <Badge tone="accent">Paid</Badge>
            <Button variant="ghost" className="px-2 py-1.5" onClick={() => setAsking(row)} aria-label={`Refund order ${row.orderId}`}>
              Refund
            </Button>
          </span>
        ) : (
          <Badge>{statusLabels[row.status]}</Badge>
        ),
    },
  ];

  const onRefunded = (refund: OrderRefund) => {
    setRefunds((current) => new Map(current).set(refund.orderId, refund.status));
    if (refund.status === 'refund_requested') setWaitUntil(Date.now() + REFUND_WAIT_MS);
  };

  const searched = 'orderId' in query ? `order ${query.orderId}` : 'email' in query ? query.email : 'this album';
  return (
    <>
      <DataTable
        caption={`Orders for ${searched}`}
        testId="sales-table"
        columns={columns}
        rows={rows}
        source={pages}
        empty={{
          icon: Receipt,
          title: `No orders for ${searched}`,
          children:
            'email' in query
              ? 'No paid order, or no account uses this address.'
              : 'orderId' in query
                ? 'No paid order has this id.'
                : 'Nobody has bought this album yet.',
        }}
        hasMore={pages.hasMore}
        loadingMore={pages.loadingMore}
        onLoadMore={pages.loadMore}
      />
      {asking && (
        <RefundOrderDialog
          orderId={asking.orderId}
          buyerId={asking.buyer?.id}
          description={`Stripe pays ${formatMoney(asking.amount)} back for the whole order (${asking.albums.map((a) => `“${a.title}”`).join(', ')}). The albums leave the buyer’s purchases and downloads, their download links stop working, and the buyer gets an e-mail.`}
          onRefunded={onRefunded}
          onClose={() => setAsking(null)}
        />
      )}
    </>
  );
}
