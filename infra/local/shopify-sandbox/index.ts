/**
 * The Shopify sandbox: the part of Shopify's Storefront GraphQL API the app uses (products, collections, product
 * nodes, carts with `cartCreate`, `cartLinesAdd`, `cartLinesRemove` and discount codes (`discountCodes` in
 * `cartCreate`'s input and `cartDiscountCodesUpdate`), and the cart's `checkoutUrl`), a checkout page with a Pay button, and on pay an
 * `orders/create` webhook signed as Shopify signs it (HMAC-SHA256 of the raw body, base64, in `X-Shopify-Hmac-Sha256`).
 * Discount codes are the store's own (`discountCodes` of the options, as a store's admin sets them up): a percentage off
 * the cart's items, shown on the checkout page and carried by the order. Admin endpoints under /sandbox/ let tests pay a
 * cart and take the delivery to resend it.
 * Stock is answered as the version in the request's path does (the store's counts are in catalogue.json): from 2024-10
 * a cart is made with lines cut to the stock and sold-out lines left in, each named by a warning; before it, user
 * errors and no cart.
 */
import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import { z } from 'zod';
import { brand } from '../../../events/brand.js';
import { STOREFRONT_API_VERSION } from '../../../functions/merch/storefront.js';
import { listen, loadState, readBody, sendHtml as sendPage, sendJson } from '../sandbox-http.js';
import { parseForm } from '../stripe-sandbox/form.js';
import {
  sandboxCollections,
  sandboxProducts,
  sandboxStock,
  type SandboxCollection,
  type SandboxProduct,
  type SandboxVariant,
} from './catalogue.js';
import { execute, type Resolvable } from './graphql.js';
import { checkoutPage, messagePage, orderPage } from './page.js';

interface ShopifySandboxOptions {
  /** 0 picks a free port. */
  port: number;
  /** The app: product images are its media, and the order page leads back to its shop. */
  appOrigin: string;
  /** Where webhooks are POSTed, e.g. `${appOrigin}/api/shopify/webhook`. */
  webhookUrl: string;
  webhookSecret: string;
  /** Keeps carts and the order numbers across restarts when set. */
  stateFile?: string;
  /** The store's discount codes: each takes a percentage off a cart's items (codes are matched case-insensitively, as Shopify does). */
  discountCodes?: Record<string, number>;
  log?: (line: string) => void;
}

export interface ShopifySandbox {
  url: string;
  port: number;
  stop(): Promise<void>;
}

/** The Storefront access token the app uses against the sandbox. */
export const SANDBOX_STOREFRONT_TOKEN = 'toko-sandbox-storefront-token';
/** The shop's domain, as Shopify names it in `X-Shopify-Shop-Domain`. */
const SHOP_DOMAIN = 'toko-sandbox.myshopify.com';
/** Flat shipping on every order: the sandbox has no rates or taxes to compute. */
const SHIPPING_CENTS = 500;
/** The member discount code the local cloud's store has, and the app is configured with (SHOPIFY_MEMBER_DISCOUNT_CODE). */
export const SANDBOX_MEMBER_DISCOUNT_CODE = 'TOKO-PLUS-MERCH';

/** A webhook signing secret for one run of the local cloud. */
const newShopifyWebhookSecret = () => randomBytes(32).toString('hex');

/** The headers and body of one webhook delivery, signed with `secret`, as Shopify sends it. */
export function signedDelivery(topic: string, payload: unknown, secret: string, triggeredAt = new Date()) {
  const body = JSON.stringify(payload);
  return {
    body,
    headers: {
      'content-type': 'application/json',
      'user-agent': 'Shopify-Captain-Hook',
      'x-shopify-topic': topic,
      'x-shopify-hmac-sha256': createHmac('sha256', secret).update(body, 'utf8').digest('base64'),
      'x-shopify-shop-domain': SHOP_DOMAIN,
      'x-shopify-api-version': STOREFRONT_API_VERSION,
      'x-shopify-webhook-id': randomUUID(),
      'x-shopify-event-id': randomUUID(),
      'x-shopify-triggered-at': triggeredAt.toISOString(),
    },
  };
}

interface CartLine {
  id: string;
  variantId: string;
  quantity: number;
}

interface Cart {
  token: string;
  key: string;
  lines: CartLine[];
  /** The discount codes given to the cart, as given (applicable or not). Absent in carts saved before codes existed. */
  discountCodes?: string[];
  createdAt: string;
  updatedAt: string;
  /** Set once it is paid: the order it became. */
  orderId: number | null;
}

interface State {
  nextOrderNumber: number;
  nextLineItemId: number;
  carts: Record<string, Cart>;
  orders: Record<string, { name: string; cartToken: string }>;
}

const emptyState = (): State => ({ nextOrderNumber: 1001, nextLineItemId: 1, carts: {}, orders: {} });

const cents = (amount: string) => Math.round(Number(amount) * 100);
const decimal = (amountCents: number) => (amountCents / 100).toFixed(2);
const numberOf = (gid: string) => Number(gid.split('/').pop());

interface UserError {
  field: string[] | null;
  message: string;
  code: string;
}

/** A change the shop made to a cart on its own while carrying out a mutation; `target` is the line's id. */
interface CartWarning {
  code: 'MERCHANDISE_NOT_ENOUGH_STOCK' | 'MERCHANDISE_OUT_OF_STOCK';
  message: string;
  target: string;
}

/**
 * The first Storefront API version that answers stock problems as warnings on a cart it still makes; before it, they
 * were user errors and no cart.
 */
const CART_WARNINGS_SINCE = '2024-10';

const stockOf = (variantId: string) => sandboxStock.get(variantId) ?? 0;

const lineInput = z.object({ merchandiseId: z.string(), quantity: z.number().int().default(1) });
const cartCreateArgs = z.object({
  input: z.object({ lines: z.array(lineInput).nullish(), discountCodes: z.array(z.string()).nullish() }).nullish(),
});
const cartLinesAddArgs = z.object({ cartId: z.string(), lines: z.array(lineInput) });
const cartLinesRemoveArgs = z.object({ cartId: z.string(), lineIds: z.array(z.string()) });
const cartDiscountCodesUpdateArgs = z.object({ cartId: z.string(), discountCodes: z.array(z.string()).nullish() });
const connectionArgs = z.object({
  first: z.number().int().nullish(),
  after: z.string().nullish(),
  sortKey: z.string().nullish(),
  reverse: z.boolean().nullish(),
});
const payParams = z.object({ email: z.string().nullish(), deliver: z.union([z.boolean(), z.enum(['true', 'false'])]).nullish() });

export async function startShopifySandbox(options: ShopifySandboxOptions): Promise<ShopifySandbox> {
  const log = options.log ?? (() => undefined);
  const state = loadState(options.stateFile, emptyState);
  const save = () => {
    if (options.stateFile) fs.writeFileSync(options.stateFile, JSON.stringify(state));
  };
  let baseUrl = '';
  const variants = new Map<string, { variant: SandboxVariant; product: SandboxProduct }>(
    sandboxProducts.flatMap((product) => product.variants.map((variant) => [variant.id, { variant, product }] as const)),
  );

  // ------------------------------------------------------------ Storefront objects, resolvable field by field

  const money = (price: SandboxVariant['price']) => ({ __typename: 'MoneyV2', ...price });
  const centsMoney = (amountCents: number) => money({ amount: decimal(amountCents), currencyCode: 'USD' });

  function connection<T>(items: T[], args: unknown) {
    const { first, after } = connectionArgs.parse(args ?? {});
    const start = after ? Number(Buffer.from(after, 'base64url').toString('utf8')) + 1 : 0;
    const page = items.slice(start, first ? start + first : undefined);
    const cursor = (i: number) => Buffer.from(String(start + i)).toString('base64url');
    return {
      nodes: page,
      edges: page.map((node, i) => ({ node, cursor: cursor(i) })),
      pageInfo: {
        hasNextPage: start + page.length < items.length,
        hasPreviousPage: start > 0,
        startCursor: page.length ? cursor(0) : null,
        endCursor: page.length ? cursor(page.length - 1) : null,
      },
    };
  }

  const image = (img: SandboxProduct['images'][number], index: number, product: SandboxProduct) => ({
    __typename: 'Image',
    id: `gid://shopify/ProductImage/${numberOf(product.id)}${index}`,
    url: () => new URL(img.url, options.appOrigin).href,
    altText: img.altText,
    width: 1200,
    height: 1200,
  });

  function variantObject(variant: SandboxVariant, product: SandboxProduct): Resolvable {
    return {
      __typename: 'ProductVariant',
      id: variant.id,
      title: variant.title,
      availableForSale: variant.available,
      quantityAvailable: stockOf(variant.id),
      price: money(variant.price),
      compareAtPrice: null,
      selectedOptions: [{ name: 'Title', value: variant.title }],
      image: product.images[0] ? image(product.images[0], 0, product) : null,
      product: () => productObject(product),
    };
  }

  function collectionObject(collection: SandboxCollection): Resolvable {
    return {
      __typename: 'Collection',
      ...collection,
      descriptionHtml: collection.description,
      products: (args: unknown) =>
        connection(sandboxProducts.filter((p) => p.collections.some((c) => c.handle === collection.handle)).map(productObject), args),
    };
  }

  function productObject(product: SandboxProduct): Resolvable {
    return {
      __typename: 'Product',
      id: product.id,
      handle: product.handle,
      title: product.title,
      description: product.description,
      descriptionHtml: `<p>${product.description}</p>`,
      availableForSale: product.availableForSale,
      createdAt: product.createdAt,
      updatedAt: product.createdAt,
      publishedAt: product.createdAt,
      vendor: brand.labelName,
      productType: product.collections[0]?.title ?? '',
      tags: product.tags,
      onlineStoreUrl: `${brand.shopUrl}/products/${product.handle}`,
      featuredImage: product.images[0] ? image(product.images[0], 0, product) : null,
      images: (args: unknown) =>
        connection(
          product.images.map((img, i) => image(img, i, product)),
          args,
        ),
      variants: (args: unknown) =>
        connection(
          product.variants.map((v) => variantObject(v, product)),
          args,
        ),
      priceRange: {
        minVariantPrice: money(product.priceRange.minVariantPrice),
        maxVariantPrice: money(product.priceRange.maxVariantPrice),
      },
      collections: (args: unknown) =>
        connection(sandboxCollections.filter((c) => product.collections.some((pc) => pc.handle === c.handle)).map(collectionObject), args),
    };
  }

  const cartGid = (cart: Cart) => `gid://shopify/Cart/${cart.token}?key=${cart.key}`;
  const checkoutUrl = (cart: Cart) => `${baseUrl}/cart/c/${cart.token}?key=${cart.key}`;
  const lineCents = (line: CartLine) => cents(variants.get(line.variantId)!.variant.price.amount) * line.quantity;
  const subtotalOf = (cart: Cart) => cart.lines.reduce((sum, line) => sum + lineCents(line), 0);

  /** The store's percentage for a code, matched case-insensitively; undefined for a code the store does not have. */
  const percentOf = (code: string) =>
    Object.entries(options.discountCodes ?? {}).find(([known]) => known.toUpperCase() === code.trim().toUpperCase())?.[1];

  /**
   * The cart's code discount: Shopify applies one order discount code (the first applicable one), a percentage of the
   * items' subtotal rounded to the cent, spread over the lines in proportion to their amounts (the remainder cents
   * going to the largest shares), so the lines' allocations add up to the discount exactly.
   */
  function discountOf(cart: Cart): { code: string; percent: number; cents: number; perLine: number[] } | null {
    const code = (cart.discountCodes ?? []).find((c) => percentOf(c) !== undefined);
    if (code === undefined) return null;
    const percent = percentOf(code)!;
    const subtotal = subtotalOf(cart);
    const total = Math.round((subtotal * percent) / 100);
    const exact = cart.lines.map((line) => (subtotal ? (total * lineCents(line)) / subtotal : 0));
    const perLine = exact.map(Math.floor);
    const order = exact.map((x, i) => [x - Math.floor(x), i] as const).sort((a, b) => b[0] - a[0]);
    const remainder = total - perLine.reduce((a, b) => a + b, 0);
    for (let k = 0; k < remainder; k++) perLine[order[k][1]] += 1;
    return { code, percent, cents: total, perLine };
  }

  function cartObject(cart: Cart): Resolvable {
    return {
      __typename: 'Cart',
      id: cartGid(cart),
      checkoutUrl: checkoutUrl(cart),
      createdAt: cart.createdAt,
      updatedAt: cart.updatedAt,
      totalQuantity: cart.lines.reduce((sum, line) => sum + line.quantity, 0),
      lines: (args: unknown) =>
        connection(
          cart.lines.map((line) => {
            const { variant, product } = variants.get(line.variantId)!;
            return {
              __typename: 'CartLine',
              id: line.id,
              quantity: line.quantity,
              merchandise: variantObject(variant, product),
              cost: { totalAmount: centsMoney(lineCents(line)), amountPerQuantity: money(variant.price) },
            };
          }),
          args,
        ),
      discountCodes: (cart.discountCodes ?? []).map((code) => ({
        __typename: 'CartDiscountCode',
        code,
        applicable: percentOf(code) !== undefined,
      })),
      discountAllocations: (() => {
        const discount = discountOf(cart);
        return discount
          ? [{ __typename: 'CartCodeDiscountAllocation', code: discount.code, discountedAmount: centsMoney(discount.cents) }]
          : [];
      })(),
      // As Shopify's: the subtotal is before cart-level discounts (a discount code), the total after them.
      cost: {
        subtotalAmount: centsMoney(subtotalOf(cart)),
        totalAmount: centsMoney(subtotalOf(cart) - (discountOf(cart)?.cents ?? 0)),
      },
    };
  }

  /** Cart lines as Shopify checks them: known merchandise and a positive quantity. */
  function checkLines(lines: z.infer<typeof lineInput>[], field: string[]): UserError[] {
    return lines.flatMap((line, i): UserError[] => {
      const at = [...field, String(i)];
      if (!variants.has(line.merchandiseId))
        return [
          { field: [...at, 'merchandiseId'], message: `The merchandise with id ${line.merchandiseId} does not exist.`, code: 'INVALID' },
        ];
      if (line.quantity < 1) return [{ field: [...at, 'quantity'], message: 'The quantity must be at least 1.', code: 'INVALID' }];
      return [];
    });
  }

  const soldOutMessage = (variantId: string) => `The product '${variants.get(variantId)!.product.title}' is already sold out.`;

  /** How versions before cart warnings refused lines the store has too few of: user errors, and no cart made. */
  function stockErrors(cart: Cart, lines: z.infer<typeof lineInput>[], field: string[]): UserError[] {
    return lines.flatMap((line, i): UserError[] => {
      const inCart = cart.lines.find((l) => l.variantId === line.merchandiseId)?.quantity ?? 0;
      const available = stockOf(line.merchandiseId);
      if (available === 0)
        return [{ field: [...field, String(i)], message: soldOutMessage(line.merchandiseId), code: 'MERCHANDISE_OUT_OF_STOCK' }];
      if (inCart + line.quantity > available) {
        const message = `Only ${available} items were added to your cart due to availability.`;
        return [{ field: [...field, String(i)], message, code: 'MERCHANDISE_NOT_ENOUGH_STOCK' }];
      }
      return [];
    });
  }

  /**
   * What current versions do with lines the store has too few of: a line is cut down to the stock, and one of a
   * sold-out variant stays in the cart for the client to remove; each gets a warning naming the line.
   */
  function fitToStock(cart: Cart): CartWarning[] {
    return cart.lines.flatMap((line): CartWarning[] => {
      const available = stockOf(line.variantId);
      if (available === 0) return [{ code: 'MERCHANDISE_OUT_OF_STOCK', message: soldOutMessage(line.variantId), target: line.id }];
      if (line.quantity <= available) return [];
      line.quantity = available;
      const message = `Only ${available} items were added to your cart due to availability.`;
      return [{ code: 'MERCHANDISE_NOT_ENOUGH_STOCK', message, target: line.id }];
    });
  }

  /** Whether a cart holds more of a variant than the store has (a sold-out line the client left in it). */
  const overStock = (cart: Cart) => cart.lines.some((line) => line.quantity > stockOf(line.variantId));

  function addLines(cart: Cart, lines: z.infer<typeof lineInput>[]) {
    for (const line of lines) {
      const existing = cart.lines.find((l) => l.variantId === line.merchandiseId);
      if (existing) existing.quantity += line.quantity;
      else
        cart.lines.push({
          id: `gid://shopify/CartLine/${randomUUID()}?cart=${cart.token}`,
          variantId: line.merchandiseId,
          quantity: line.quantity,
        });
    }
    cart.updatedAt = new Date().toISOString();
  }

  const openCart = (gid: string) => {
    const match = /^gid:\/\/shopify\/Cart\/([\w-]+)(?:\?key=(\w+))?$/.exec(gid);
    const cart = match ? state.carts[match[1]] : undefined;
    return cart && cart.key === match?.[2] && cart.orderId === null ? cart : undefined;
  };
  /** Shopify's answer to a cart mutation naming a cart it does not have (or one already ordered). */
  const noSuchCart = () => ({
    cart: null,
    userErrors: [{ field: ['cartId'], message: 'The specified cart does not exist.', code: 'INVALID' }],
    warnings: [],
  });

  const nodeById = (id: string): Resolvable | null => {
    const product = sandboxProducts.find((p) => p.id === id);
    if (product) return productObject(product);
    const found = variants.get(id);
    if (found) return variantObject(found.variant, found.product);
    const collection = sandboxCollections.find((c) => c.id === id);
    return collection ? collectionObject(collection) : null;
  };

  /** The API as a version answers it: `legacy` for one before cart warnings. */
  const roots = (legacy: boolean): { query: Resolvable; mutation: Resolvable } => ({
    query: {
      __typename: 'QueryRoot',
      shop: { __typename: 'Shop', name: brand.labelName, primaryDomain: { url: brand.shopUrl, host: new URL(brand.shopUrl).host } },
      products: (args: unknown) => {
        const { sortKey, reverse } = connectionArgs.parse(args ?? {});
        const sorted = [...sandboxProducts];
        if (sortKey === 'CREATED_AT') sorted.sort((a, b) => a.createdAt.localeCompare(b.createdAt));
        else if (sortKey === 'TITLE') sorted.sort((a, b) => a.title.localeCompare(b.title));
        else if (sortKey === 'PRICE')
          sorted.sort((a, b) => cents(a.priceRange.minVariantPrice.amount) - cents(b.priceRange.minVariantPrice.amount));
        if (reverse) sorted.reverse();
        return connection(sorted.map(productObject), args);
      },
      product: ({ id, handle }: { id?: string; handle?: string }) => {
        const product = sandboxProducts.find((p) => p.id === id || p.handle === handle);
        return product ? productObject(product) : null;
      },
      collections: (args: unknown) => connection(sandboxCollections.map(collectionObject), args),
      collection: ({ id, handle }: { id?: string; handle?: string }) => {
        const collection = sandboxCollections.find((c) => c.id === id || c.handle === handle);
        return collection ? collectionObject(collection) : null;
      },
      node: ({ id }: { id: string }) => nodeById(id),
      nodes: ({ ids }: { ids: string[] }) => ids.map(nodeById),
      cart: ({ id }: { id: string }) => {
        const cart = openCart(id);
        return cart ? cartObject(cart) : null;
      },
    },
    mutation: {
      __typename: 'Mutation',
      cartCreate: (args: unknown) => {
        const { lines: given, discountCodes } = cartCreateArgs.parse(args).input ?? {};
        const lines = given ?? [];
        const now = new Date().toISOString();
        const cart: Cart = {
          token: randomBytes(16).toString('hex'),
          key: randomBytes(16).toString('hex'),
          lines: [],
          discountCodes: discountCodes ?? [],
          createdAt: now,
          updatedAt: now,
          orderId: null,
        };
        const userErrors = checkLines(lines, ['input', 'lines']);
        if (legacy && !userErrors.length) userErrors.push(...stockErrors(cart, lines, ['input', 'lines']));
        if (userErrors.length) return { cart: null, userErrors, warnings: [] };
        addLines(cart, lines);
        const warnings = legacy ? [] : fitToStock(cart);
        state.carts[cart.token] = cart;
        save();
        return { cart: cartObject(cart), userErrors: [], warnings };
      },
      cartLinesAdd: (args: unknown) => {
        const { cartId, lines } = cartLinesAddArgs.parse(args);
        const cart = openCart(cartId);
        if (!cart) return noSuchCart();
        const userErrors = checkLines(lines, ['lines']);
        if (legacy && !userErrors.length) userErrors.push(...stockErrors(cart, lines, ['lines']));
        if (userErrors.length) return { cart: null, userErrors, warnings: [] };
        addLines(cart, lines);
        const warnings = legacy ? [] : fitToStock(cart);
        save();
        return { cart: cartObject(cart), userErrors: [], warnings };
      },
      cartLinesRemove: (args: unknown) => {
        const { cartId, lineIds } = cartLinesRemoveArgs.parse(args);
        const cart = openCart(cartId);
        if (!cart) return noSuchCart();
        const unknown = lineIds.filter((id) => !cart.lines.some((line) => line.id === id));
        if (unknown.length) {
          const userErrors = unknown.map((id) => ({
            field: ['lineIds'],
            message: `The merchandise line with id ${id} does not exist.`,
            code: 'INVALID',
          }));
          return { cart: null, userErrors, warnings: [] };
        }
        cart.lines = cart.lines.filter((line) => !lineIds.includes(line.id));
        cart.updatedAt = new Date().toISOString();
        save();
        return { cart: cartObject(cart), userErrors: [], warnings: [] };
      },
      // The codes given replace the cart's; an empty list takes them all off.
      cartDiscountCodesUpdate: (args: unknown) => {
        const { cartId, discountCodes } = cartDiscountCodesUpdateArgs.parse(args);
        const cart = openCart(cartId);
        if (!cart) return noSuchCart();
        cart.discountCodes = discountCodes ?? [];
        cart.updatedAt = new Date().toISOString();
        save();
        return { cart: cartObject(cart), userErrors: [], warnings: [] };
      },
    },
  });

  // ------------------------------------------------------------ paying: the order and its webhook

  /** The order a paid cart becomes, in the REST Admin API shape `orders/create` sends. */
  function placeOrder(cart: Cart, email: string | null) {
    const number = state.nextOrderNumber++;
    const id = 5_000_000_000 + number;
    const now = new Date().toISOString();
    const itemsCents = subtotalOf(cart);
    const discount = discountOf(cart);
    const discountCents = discount?.cents ?? 0;
    // Shopify's order subtotal is after discounts, before shipping and taxes.
    const subtotal = itemsCents - discountCents;
    const order = {
      id,
      admin_graphql_api_id: `gid://shopify/Order/${id}`,
      name: `#${number}`,
      order_number: number,
      number: number - 1000,
      email,
      contact_email: email,
      created_at: now,
      updated_at: now,
      processed_at: now,
      currency: 'USD',
      presentment_currency: 'USD',
      financial_status: 'paid',
      fulfillment_status: null,
      confirmed: true,
      test: true,
      cart_token: cart.token,
      source_name: 'web',
      total_line_items_price: decimal(itemsCents),
      total_discounts: decimal(discountCents),
      total_discounts_set: {
        shop_money: { amount: decimal(discountCents), currency_code: 'USD' },
        presentment_money: { amount: decimal(discountCents), currency_code: 'USD' },
      },
      discount_codes: discount ? [{ code: discount.code, amount: decimal(discount.cents), type: 'percentage' }] : [],
      discount_applications: discount
        ? [
            {
              type: 'discount_code',
              code: discount.code,
              value: discount.percent.toFixed(1),
              value_type: 'percentage',
              allocation_method: 'across',
              target_selection: 'all',
              target_type: 'line_item',
            },
          ]
        : [],
      subtotal_price: decimal(subtotal),
      total_tax: '0.00',
      taxes_included: false,
      total_price: decimal(subtotal + SHIPPING_CENTS),
      total_shipping_price_set: {
        shop_money: { amount: decimal(SHIPPING_CENTS), currency_code: 'USD' },
        presentment_money: { amount: decimal(SHIPPING_CENTS), currency_code: 'USD' },
      },
      shipping_lines: [{ id: number, title: 'Standard', code: 'Standard', price: decimal(SHIPPING_CENTS), source: 'shopify' }],
      line_items: cart.lines.map((line, index) => {
        const { variant, product } = variants.get(line.variantId)!;
        const lineItemId = 9_000_000_000 + state.nextLineItemId++;
        return {
          id: lineItemId,
          admin_graphql_api_id: `gid://shopify/LineItem/${lineItemId}`,
          product_id: numberOf(product.id),
          variant_id: numberOf(variant.id),
          title: product.title,
          variant_title: variant.title === 'Default Title' ? null : variant.title,
          name: variant.title === 'Default Title' ? product.title : `${product.title} - ${variant.title}`,
          vendor: brand.labelName,
          quantity: line.quantity,
          price: variant.price.amount,
          // A code's discount is an order-level one: Shopify leaves the line's own discount at 0 and allocates it here.
          total_discount: '0.00',
          discount_allocations: discount ? [{ amount: decimal(discount.perLine[index]), discount_application_index: 0 }] : [],
          requires_shipping: true,
          taxable: true,
          gift_card: false,
          properties: [],
        };
      }),
    };
    cart.orderId = id;
    state.orders[String(id)] = { name: order.name, cartToken: cart.token };
    save();
    return order;
  }

  /** POSTs one delivery to the app; answers the app's status (0 when it could not be reached). */
  async function deliver(delivery: ReturnType<typeof signedDelivery>): Promise<number> {
    try {
      const res = await fetch(options.webhookUrl, { method: 'POST', headers: delivery.headers, body: delivery.body });
      await res.arrayBuffer();
      if (!res.ok) log(`webhook ${delivery.headers['x-shopify-topic']} answered ${res.status}`);
      return res.status;
    } catch (err) {
      log(`webhook ${delivery.headers['x-shopify-topic']} to ${options.webhookUrl} failed: ${(err as Error).message}`);
      return 0;
    }
  }

  /** Pays a cart: the order, its signed `orders/create` delivery, and (unless told not to) the delivery sent. */
  async function pay(cart: Cart, email: string | null, send: boolean) {
    const order = placeOrder(cart, email);
    const webhook = signedDelivery('orders/create', order, options.webhookSecret);
    const status = send ? await deliver(webhook) : null;
    return { order, webhook, status };
  }

  // ------------------------------------------------------------ server

  async function handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://sandbox');
    const method = (req.method ?? 'GET').toUpperCase();
    try {
      const raw = await readBody(req);
      const api = /^\/api\/([\w-]+)\/graphql(\.json)?$/.exec(url.pathname);
      if (api) {
        if (method !== 'POST') return sendJson(res, 405, { errors: [{ message: 'Use POST' }] });
        const token = req.headers['x-shopify-storefront-access-token'] ?? req.headers['shopify-storefront-private-token'];
        if (token !== SANDBOX_STOREFRONT_TOKEN) {
          return sendJson(res, 401, { errors: [{ message: 'Invalid Storefront access token', extensions: { code: 'UNAUTHORIZED' } }] });
        }
        const request = z
          .object({ query: z.string(), variables: z.record(z.string(), z.unknown()).nullish(), operationName: z.string().nullish() })
          .safeParse(JSON.parse(raw.toString('utf8') || '{}'));
        if (!request.success) return sendJson(res, 400, { errors: [{ message: 'Expected a JSON body with a query' }] });
        return sendJson(res, 200, await execute(roots(api[1] < CART_WARNINGS_SINCE), request.data));
      }

      const checkout = /^\/cart\/c\/(\w+)(\/pay)?$/.exec(url.pathname);
      if (checkout) {
        const cart = state.carts[checkout[1]];
        if (!cart || cart.key !== url.searchParams.get('key'))
          return sendHtml(res, 404, messagePage('Checkout not found', 'This cart does not exist in the sandbox.'));
        const orderUrl = (orderId: number) => `/checkouts/thank-you/${orderId}`;
        if (cart.orderId !== null) return redirect(res, orderUrl(cart.orderId));
        // As Shopify's checkout: a cart holding more than the store has is not paid for.
        if (overStock(cart))
          return sendHtml(res, 409, messagePage('Not enough stock', 'Some items in this cart are sold out or have fewer in stock.'));
        if (!checkout[2] && method === 'GET') {
          const subtotal = subtotalOf(cart);
          const lines = cart.lines.map((line) => {
            const { variant, product } = variants.get(line.variantId)!;
            const name = variant.title === 'Default Title' ? product.title : `${product.title} (${variant.title})`;
            return { name, quantity: line.quantity, lineCents: lineCents(line) };
          });
          const discount = discountOf(cart);
          const view = {
            payPath: `/cart/c/${cart.token}/pay?key=${cart.key}`,
            lines,
            subtotalCents: subtotal,
            discount: discount ? { code: discount.code, cents: discount.cents } : null,
            shippingCents: SHIPPING_CENTS,
          };
          return sendHtml(res, 200, checkoutPage({ ...view, totalCents: subtotal - (discount?.cents ?? 0) + SHIPPING_CENTS }));
        }
        if (checkout[2] && method === 'POST') {
          const email = parseForm(raw.toString('utf8')).email;
          const { order } = await pay(cart, typeof email === 'string' && email.includes('@') ? email : null, true);
          return redirect(res, orderUrl(order.id));
        }
        return sendHtml(res, 405, messagePage('Method not allowed', ''));
      }

      const thanks = /^\/checkouts\/thank-you\/(\d+)$/.exec(url.pathname);
      if (thanks && method === 'GET') {
        const order = state.orders[thanks[1]];
        if (!order) return sendHtml(res, 404, messagePage('Order not found', 'This order does not exist in the sandbox.'));
        return sendHtml(res, 200, orderPage({ orderName: order.name, shopUrl: new URL('/shop', options.appOrigin).href }));
      }

      const adminPay = /^\/sandbox\/carts\/(\w+)\/pay$/.exec(url.pathname);
      if (adminPay && method === 'POST') {
        const cart = state.carts[adminPay[1]];
        if (!cart) return sendJson(res, 404, { error: 'cart_not_found' });
        if (cart.orderId !== null) return sendJson(res, 409, { error: 'cart_paid' });
        if (overStock(cart)) return sendJson(res, 409, { error: 'not_enough_stock' });
        const params = payParams.parse(raw.length ? JSON.parse(raw.toString('utf8')) : {});
        return sendJson(res, 200, await pay(cart, params.email ?? null, params.deliver !== false && params.deliver !== 'false'));
      }
      return sendJson(res, 404, { errors: [{ message: `Not found: ${method} ${url.pathname}` }] });
    } catch (err) {
      log(`${method} ${url.pathname} failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
      sendJson(res, 500, { errors: [{ message: 'The sandbox failed on this request.' }] });
    }
  }

  const server = http.createServer((req, res) => void handle(req, res));
  const listening = await listen(server, options.port);
  baseUrl = listening.url;
  return listening;
}

const sendHtml = (res: http.ServerResponse, status: number, html: string) => sendPage(res, status, html, "form-action 'self'");

function redirect(res: http.ServerResponse, location: string) {
  res.writeHead(303, { location });
  res.end();
}

/**
 * How the local cloud runs the sandbox: once the gateway's URL is known and before the handlers' environment is set,
 * start it and merge `env` into that environment (stop it on shutdown). Its carts and order numbers live in
 * `<dataDir>/shopify-sandbox.json`, so an order placed after a restart never reuses an order id already recorded.
 */
export async function startLocalShopify(opts: {
  appUrl: string;
  dataDir: string;
  log?: (line: string) => void;
}): Promise<{ sandbox: ShopifySandbox; env: Record<string, string> }> {
  const webhookSecret = newShopifyWebhookSecret();
  const sandbox = await startShopifySandbox({
    port: 0,
    appOrigin: opts.appUrl,
    webhookUrl: `${opts.appUrl}/api/shopify/webhook`,
    webhookSecret,
    stateFile: `${opts.dataDir}/shopify-sandbox.json`,
    // The store's member discount, as the label would set it up in Shopify's admin: the brand's percentage.
    discountCodes: { [SANDBOX_MEMBER_DISCOUNT_CODE]: brand.memberMerchDiscountPercent },
    log: opts.log,
  });
  return {
    sandbox,
    env: {
      SHOPIFY_STORE_DOMAIN: sandbox.url,
      SHOPIFY_STOREFRONT_TOKEN: SANDBOX_STOREFRONT_TOKEN,
      SHOPIFY_WEBHOOK_SECRET: webhookSecret,
      SHOPIFY_MEMBER_DISCOUNT_CODE: SANDBOX_MEMBER_DISCOUNT_CODE,
      SHOPIFY_SANDBOX_URL: sandbox.url,
    },
  };
}
