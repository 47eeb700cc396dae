/**
 * The commerce views: each cart (one item, with the version it reflects so a reader can catch up),
 * each buyer's purchases (one item per album, which is also what they own; a refund takes it away), the paid orders
 * as the admins' sales search finds them (refunded ones stay, marked), album downloads, and the exclusive videos
 * (listed, hidden ones apart, and by slug).
 */
import type { CartLine, DomainEvent, EventOf, EventType } from '../../../events/index.js';
import { stamp, type Projection, type ViewOp, type ViewReader } from '../../platform/projection.js';
import { cartDecider } from '../domain/cart.js';
import { paidTotal } from '../domain/order.js';

export const cartKey = (ownerId: string) => ({ pk: `cart#${ownerId}`, sk: 'cart' });
export const purchasesPartition = (userId: string) => `purchases#${userId}`;
export const purchaseKey = (userId: string, albumId: string) => ({ pk: purchasesPartition(userId), sk: `album#${albumId}` });
/** A buyer's paid orders (`order#…`) and, beside them, one item per album sold that the album's sales index lists. */
export const salesPartition = (userId: string) => `sales#${userId}`;
export const SALE_ORDER = 'order#';
export const saleKey = (userId: string, orderId: string) => ({ pk: salesPartition(userId), sk: `${SALE_ORDER}${orderId}` });
export const saleAlbumKey = (userId: string, orderId: string, albumId: string) => ({
  pk: salesPartition(userId),
  sk: `album#${albumId}#order#${orderId}`,
});
/** The gsi1 partition of an album's sales, newest last by `<purchaseDate>#<orderId>`. */
export const albumSalesIndex = (albumId: string) => `album-sales#${albumId}`;
export const downloadKey = (albumId: string) => ({ pk: `download#${albumId}`, sk: 'zip' });
export const videoKey = (videoId: string) => ({ pk: `video#${videoId}`, sk: 'video' });
export const videoSlugKey = (slug: string) => ({ pk: `video-slug#${slug}`, sk: 'video' });
export const VIDEOS_INDEX = 'videos';
/** Hidden videos, for the admins' list only: listeners read VIDEOS_INDEX. */
export const HIDDEN_VIDEOS_INDEX = 'videos-hidden';

export interface CartView {
  lines: CartLine[];
  /** The cart stream version the lines reflect. */
  v: number;
}

export interface PurchaseView {
  id: string;
  orderId: string;
  albumId: string;
  title: string;
  artistName: string | null;
  artwork: string | null;
  purchasePrice: number;
  purchaseDate: string;
  stripeSessionId: string;
}

export type SaleStatus = 'paid' | 'refund_requested' | 'refunded';

/**
 * A paid order as the admins find it: what it sold, to whom (by id: the buyer's name and address are read when the
 * search answers, so an erased account shows as erased), and whether it was refunded.
 */
export interface SaleView {
  orderId: string;
  userId: string;
  albums: { albumId: string; title: string; artistName: string | null; price: number }[];
  /** Dollars: the albums' prices added up. */
  amount: number;
  /** When its first album's payment was recorded. */
  purchaseDate: string;
  status: SaleStatus;
  refundedAt: string | null;
}

/** One album of a sale, listed on the album's sales index. */
export interface SaleAlbumView {
  orderId: string;
  userId: string;
  albumId: string;
  gsi1pk: string;
  gsi1sk: string;
}

export interface DownloadView {
  albumId: string;
  key: string;
  bytes: number;
  files: string[];
  builtAt: string;
}

export interface VideoView {
  id: string;
  slug: string;
  title: string;
  description: string | null;
  youtubeVideoId: string;
  requiredTier: 'free' | 'toko_plus';
  publishedAt: string;
  /** Hidden from listeners (absent on videos projected before videos could be hidden). */
  hidden?: boolean;
}

export const commerceEvents = [
  'CartItemAdded',
  'CartItemRemoved',
  'CartCleared',
  'CartSynced',
  'CheckoutStarted',
  'PurchaseCompleted',
  'RefundRequested',
  'PurchaseRefunded',
  'AlbumDownloadBuilt',
  'VideoPublished',
  'VideoDetailsChanged',
  'VideoHidden',
  'VideoShown',
  'VideoDeleted',
] as const satisfies readonly EventType[];

export const commerceProjection: Projection = {
  name: 'commerce',
  events: commerceEvents,
  async apply(event: DomainEvent, views): Promise<ViewOp[]> {
    switch (event.type) {
      case 'CartItemAdded':
      case 'CartItemRemoved':
      case 'CartCleared':
      case 'CartSynced': {
        const key = cartKey(event.data.ownerId);
        const before = ((await views.get(key)) as (CartView & { pk: string }) | undefined)?.lines ?? [];
        const { lines } = cartDecider.evolve({ lines: before }, event);
        return [{ kind: 'put', item: { ...key, lines, ...stamp(event) } }];
      }
      case 'PurchaseCompleted': {
        const { userId, orderId, album, stripeSessionId } = event.data;
        const purchase: PurchaseView = {
          id: `${orderId}:${album.albumId}`,
          orderId,
          albumId: album.albumId,
          title: album.title,
          artistName: album.artistName,
          artwork: album.artwork,
          purchasePrice: album.price,
          purchaseDate: event.meta.at,
          stripeSessionId,
        };
        // Two paid orders for one album (checkouts raced before either was paid) keep the first purchase,
        // whatever order the two order streams are projected in, also when they are projected at once.
        const first = `${purchase.purchaseDate}|${purchase.id}`;
        return [
          {
            kind: 'put',
            item: { ...purchaseKey(userId, album.albumId), ...purchase, first, ...stamp(event) },
            keep: { field: 'first', winner: 'lowest' },
          },
          ...(await saleOps(event, views)),
        ];
      }
      case 'RefundRequested': {
        const { userId, orderId } = event.data;
        const sale = (await views.get(saleKey(userId, orderId))) as SaleView | undefined;
        // A refund Stripe already reported stays refunded.
        if (!sale || sale.status !== 'paid') return [];
        return [{ kind: 'update', key: saleKey(userId, orderId), set: { status: 'refund_requested', ...stamp(event) } }];
      }
      case 'PurchaseRefunded': {
        // The album leaves the buyer's purchases (and so downloads and access) only where this order is the purchase
        // kept: an album bought again in another order still stands.
        const { userId, orderId, albums } = event.data;
        const kept = await Promise.all(
          albums.map(async (a) => ({ key: purchaseKey(userId, a.albumId), item: await views.get(purchaseKey(userId, a.albumId)) })),
        );
        const sale = await views.get(saleKey(userId, orderId));
        return [
          ...kept.filter(({ item }) => item?.orderId === orderId).map(({ key }): ViewOp => ({ kind: 'delete', key })),
          ...(sale
            ? [
                {
                  kind: 'update' as const,
                  key: saleKey(userId, orderId),
                  set: { status: 'refunded', refundedAt: event.meta.at, ...stamp(event) },
                },
              ]
            : []),
        ];
      }
      case 'AlbumDownloadBuilt': {
        const { albumId, key, bytes, files } = event.data;
        const download: DownloadView = { albumId, key, bytes, files, builtAt: event.meta.at };
        return [{ kind: 'put', item: { ...downloadKey(albumId), ...download, ...stamp(event) } }];
      }
      case 'VideoPublished': {
        const { videoId, ...video } = event.data;
        const view: VideoView = { id: videoId, ...video };
        return [
          {
            kind: 'put',
            item: { ...videoKey(videoId), ...view, gsi1pk: VIDEOS_INDEX, gsi1sk: `${video.publishedAt}#${videoId}`, ...stamp(event) },
          },
          { kind: 'put', item: { ...videoSlugKey(video.slug), videoId, ...stamp(event) } },
        ];
      }
      case 'VideoDetailsChanged':
        return [{ kind: 'update', key: videoKey(event.data.videoId), set: { ...event.data.changes, ...stamp(event) } }];
      case 'VideoHidden':
      case 'VideoShown': {
        const hidden = event.type === 'VideoHidden';
        return [
          {
            kind: 'update',
            key: videoKey(event.data.videoId),
            set: { hidden, gsi1pk: hidden ? HIDDEN_VIDEOS_INDEX : VIDEOS_INDEX, ...stamp(event) },
          },
        ];
      }
      case 'VideoDeleted': {
        const video = (await views.get(videoKey(event.data.videoId))) as VideoView | undefined;
        const slugOwner = video && (await views.get(videoSlugKey(video.slug)));
        return [
          { kind: 'delete', key: videoKey(event.data.videoId) },
          ...(video && slugOwner?.videoId === event.data.videoId ? [{ kind: 'delete' as const, key: videoSlugKey(video.slug) }] : []),
        ];
      }
      default:
        // CheckoutStarted: the order stream is read directly while it is open; nothing to list yet.
        return [];
    }
  },
};

/**
 * A paid album joins its order's sale (one PurchaseCompleted per album, in the order stream's order, so the sale read
 * here is the one the stream's earlier albums wrote) and the album's sales index.
 */
async function saleOps(event: EventOf<'PurchaseCompleted'>, views: ViewReader): Promise<ViewOp[]> {
  const { userId, orderId, album } = event.data;
  const before = (await views.get(saleKey(userId, orderId))) as SaleView | undefined;
  const albums = [
    ...(before?.albums ?? []).filter((a) => a.albumId !== album.albumId),
    { albumId: album.albumId, title: album.title, artistName: album.artistName, price: album.price },
  ];
  const sale: SaleView = {
    orderId,
    userId,
    albums,
    amount: paidTotal(albums),
    purchaseDate: before?.purchaseDate ?? event.meta.at,
    status: before?.status ?? 'paid',
    refundedAt: before?.refundedAt ?? null,
  };
  const index: SaleAlbumView = {
    orderId,
    userId,
    albumId: album.albumId,
    gsi1pk: albumSalesIndex(album.albumId),
    gsi1sk: `${sale.purchaseDate}#${orderId}`,
  };
  return [
    { kind: 'put', item: { ...saleKey(userId, orderId), ...sale, ...stamp(event) } },
    { kind: 'put', item: { ...saleAlbumKey(userId, orderId, album.albumId), ...index, ...stamp(event) } },
  ];
}
