/**
 * What the cart shows and charges, by the server's own pricing rules (functions/commerce/contract/pricing.ts, shared
 * rather than copied): members pay the member total, a non-member who adds Toko+ pays the member total plus
 * the plan, anyone else the regular total; the savings show only when there are some.
 */
import { cartTotals, linePrice, PLAN_ADD_ON_DOLLARS, pricingChoice, type CartTotals, type PricingChoice } from '#contract/pricing.js';
import type { CartAlbum } from './cart-album';

export { PLAN_ADD_ON_DOLLARS };

export interface CartLinePrice {
  albumId: string;
  /** What this buyer pays for the album with this choice. */
  price: number;
  /** The regular price, shown struck through when the buyer pays less. */
  regularPrice: number;
}

export interface CartSummary extends CartTotals {
  choice: PricingChoice;
  albumCount: number;
  lines: CartLinePrice[];
}

export function summarizeCart(albums: readonly CartAlbum[], buyer: { isSubscriber: boolean; includeSubscription: boolean }): CartSummary {
  const choice = pricingChoice(buyer);
  return {
    ...cartTotals(albums, choice),
    choice,
    albumCount: albums.length,
    lines: albums.map((album) => ({ albumId: album.albumId, price: linePrice(album, choice), regularPrice: album.basePrice })),
  };
}

/** "1 album", "3 albums". */
export const albumCountLabel = (count: number): string => `${count} ${count === 1 ? 'album' : 'albums'}`;
