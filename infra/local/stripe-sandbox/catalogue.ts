/** What the sandbox's Stripe account holds: the label's album products, the Toko+ plan prices and the beta promotion code. */
import { brand } from '../../../events/brand.js';
import { albums } from '../../seed/catalogue.js';

export interface SandboxCatalogue {
  products: { id: string; name: string; images: string[]; metadata: Record<string, string> }[];
  prices: {
    id: string;
    product: string;
    unit_amount: number;
    recurring: { interval: string; interval_count: number } | null;
    lookup_key: string | null;
    nickname: string | null;
  }[];
  coupons: {
    id: string;
    name: string;
    percent_off: number;
    duration: 'repeating';
    duration_in_months: number;
    metadata: Record<string, string>;
  }[];
  promotionCodes: { id: string; code: string; coupon: string; active: boolean; metadata: Record<string, string> }[];
}

const PLUS_PRODUCT_ID = 'prod_TokoPlus';

export function defaultCatalogue(appOrigin: string): SandboxCatalogue {
  const albumProducts = albums
    .filter((a) => a.stripeProductId)
    .map((a) => ({
      id: a.stripeProductId!,
      name: a.title,
      images: a.artwork ? [new URL(a.artwork, appOrigin).href] : [],
      metadata: { albumId: a.albumId },
    }));
  const plans = [5, 10, 20].map((amount) => ({
    id: `price_TokoPlus${amount}`,
    product: PLUS_PRODUCT_ID,
    unit_amount: amount * 100,
    recurring: { interval: 'month', interval_count: 1 },
    lookup_key: `toko_plus_monthly_${amount}`,
    nickname: `${brand.productPlus} $${amount}/month`,
  }));
  return {
    products: [...albumProducts, { id: PLUS_PRODUCT_ID, name: `${brand.productPlus} membership`, images: [], metadata: {} }],
    prices: plans,
    coupons: [
      {
        id: 'toko-plus-beta',
        name: `${brand.productPlus} beta: 2 months free`,
        percent_off: 100,
        duration: 'repeating',
        duration_in_months: 2,
        metadata: {},
      },
    ],
    promotionCodes: [
      { id: 'promo_TokoPlusBeta', code: 'TOKO-PLUS-BETA', coupon: 'toko-plus-beta', active: true, metadata: { trial_days: '60' } },
    ],
  };
}
