import { createStorefrontApiClient } from '@shopify/storefront-api-client';
import { describe, expect, it } from 'vitest';
import { cartAdjustments, linesToRemove, STOREFRONT_API_VERSION, storefrontClient, type UnsupportedVersion } from './storefront.js';

/** What the Storefront API client reports about a version when a client is made for it, on today's date. */
function unsupportedReports(make: (report: (unsupported: UnsupportedVersion) => void) => void): UnsupportedVersion[] {
  const reports: UnsupportedVersion[] = [];
  make((unsupported) => reports.push(unsupported));
  return reports;
}

describe('the pinned Storefront API version', () => {
  it('is one Shopify supports today, by the client’s own list', () => {
    const reports = unsupportedReports((report) => storefrontClient('toko.myshopify.com', 'token', report));
    expect(reports).toEqual([]);
  });

  it('would be reported once retired, as the client reports 2025-01 today', () => {
    const reports = unsupportedReports((report) =>
      createStorefrontApiClient({
        storeDomain: 'toko.myshopify.com',
        apiVersion: '2025-01',
        publicAccessToken: 'token',
        logger: (log) => (log.type === 'Unsupported_Api_Version' ? report(log.content) : undefined),
      }),
    );
    expect(reports).toHaveLength(1);
    expect(reports[0].supportedApiVersions).not.toContain('2025-01');
    expect(STOREFRONT_API_VERSION).not.toBe('2025-01');
  });
});

const hoodie = 'gid://shopify/ProductVariant/203';
const tee = 'gid://shopify/ProductVariant/104';
const tote = 'gid://shopify/ProductVariant/901';
const line = (lineId: string, variantId: string, quantity: number) => ({ lineId, variantId, quantity });

describe('a cart’s stock warnings', () => {
  const held = [
    line('gid://shopify/CartLine/a', hoodie, 2),
    line('gid://shopify/CartLine/b', tee, 1),
    line('gid://shopify/CartLine/c', tote, 1),
  ];

  it('take out the lines the shop warns are sold out, and leave a line it cut down to its stock', () => {
    const warnings = [
      {
        code: 'MERCHANDISE_NOT_ENOUGH_STOCK',
        message: 'Only 2 items were added to your cart due to availability.',
        target: 'gid://shopify/CartLine/a',
      },
      { code: 'MERCHANDISE_OUT_OF_STOCK', message: 'The product is already sold out.', target: 'gid://shopify/CartLine/b' },
    ];
    expect(linesToRemove(warnings, held)).toEqual(['gid://shopify/CartLine/b']);
  });

  it('ignore other warnings and lines the cart no longer holds', () => {
    const warnings = [
      { code: 'PAYMENTS_GIFT_CARDS_UNAVAILABLE', message: 'Gift cards are not available.', target: 'gid://shopify/Cart/x' },
      { code: 'MERCHANDISE_OUT_OF_STOCK', message: 'The product is already sold out.', target: 'gid://shopify/CartLine/gone' },
    ];
    expect(linesToRemove(warnings, held)).toEqual([]);
  });
});

describe('what the cart holds against what was asked for', () => {
  it('names each variant it holds fewer of: cut to the stock, or none at all', () => {
    const requested = [
      { variantId: hoodie, quantity: 5 },
      { variantId: tee, quantity: 1 },
      { variantId: tote, quantity: 1 },
    ];
    expect(cartAdjustments(requested, [line('a', hoodie, 2), line('c', tote, 1)])).toEqual([
      { variantId: hoodie, requested: 5, quantity: 2, reason: 'not_enough_stock' },
      { variantId: tee, requested: 1, quantity: 0, reason: 'out_of_stock' },
    ]);
  });

  it('names nothing when the cart holds all that was asked for, a variant asked for twice counted once', () => {
    const requested = [
      { variantId: hoodie, quantity: 1 },
      { variantId: hoodie, quantity: 2 },
    ];
    expect(cartAdjustments(requested, [line('a', hoodie, 3)])).toEqual([]);
    expect(cartAdjustments(requested, [line('a', hoodie, 2)])).toEqual([
      { variantId: hoodie, requested: 3, quantity: 2, reason: 'not_enough_stock' },
    ]);
  });
});
