/**
 * The Stripe sandbox: the part of Stripe's REST API the app's `stripe` SDK calls (checkout sessions,
 * products, prices, customers, subscriptions, promotion codes, payment intents, charges with their balance
 * transactions (Stripe's fee), invoice payments and refunds), a hosted
 * checkout page with a Pay button, and Stripe-signed webhooks. Form-encoded requests and Stripe's error shape, as Stripe does.
 * Admin endpoints under /sandbox/ let tests pay, renew, cancel and end, and redeliver events. The customer portal's page
 * offers what the session's configuration allows: a new card, cancelling (and renewing), and switching plan prices.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import Stripe from 'stripe';
import { z } from 'zod';
import { listen, loadState, readBody, sendHtml as sendPage, sendJson as sendJsonAnswer, usd } from '../sandbox-http.js';
import { parseForm } from './form.js';
import type { StripeShaped } from './stripe-shaped.js';
import { checkoutPage, donePage } from './page.js';
import { portalPage } from './portal.js';
import { defaultCatalogue, type SandboxCatalogue } from './catalogue.js';

interface StripeSandboxOptions {
  /** 0 picks a free port. */
  port: number;
  /** The app, for absolute image URLs of products. */
  appOrigin: string;
  /** Where webhooks are POSTed, e.g. `${appOrigin}/api/stripe/webhook`. */
  webhookUrl: string;
  webhookSecret: string;
  /** Products, plan prices and promotion codes; defaults to the seeded label's. */
  catalogue?: SandboxCatalogue;
  /** Keeps customers, sessions and subscriptions across restarts when set. */
  stateFile?: string;
  /**
   * The waits before each new try of a webhook the app did not answer 2xx, as Stripe retries with backoff (over days;
   * here over about a minute by default). The first try's status is what the admin endpoints answer.
   */
  webhookRetryDelaysMs?: number[];
  log?: (line: string) => void;
}

export interface StripeSandbox {
  url: string;
  port: number;
  /**
   * Tries again, on the retry schedule, each webhook kept from before a restart that the app never answered 2xx: Stripe
   * goes on retrying while the app is down. Called once the app answers again.
   */
  resumeWebhooks(): void;
  stop(): Promise<void>;
}

/** The secret key the app uses against the sandbox (any `sk_test_` key is accepted). */
const SANDBOX_SECRET_KEY = 'sk_test_toko_sandbox';

/** The variables the local cloud sets so the app's Stripe SDK talks to the sandbox. */
function stripeSandboxEnv(sandbox: Pick<StripeSandbox, 'port'>, webhookSecret: string): Record<string, string> {
  return {
    STRIPE_SECRET_KEY: SANDBOX_SECRET_KEY,
    STRIPE_WEBHOOK_SECRET: webhookSecret,
    STRIPE_API_HOST: '127.0.0.1',
    STRIPE_API_PORT: String(sandbox.port),
    STRIPE_API_PROTOCOL: 'http',
  };
}

/** A webhook signing secret for one run of the local cloud. */
export const newWebhookSecret = () => `whsec_${randomBytes(24).toString('base64url')}`;

type Metadata = Record<string, string>;
type CataloguePrice = SandboxCatalogue['prices'][number];

// ------------------------------------------------------------ the objects the sandbox keeps, as Stripe shapes them

type Price = StripeShaped<
  Stripe.Price,
  CataloguePrice & {
    object: 'price';
    active: boolean;
    currency: 'usd';
    livemode: false;
    created: number;
    metadata: Metadata;
    type: 'recurring' | 'one_time';
    unit_amount_decimal: string;
  }
>;

type Customer = StripeShaped<
  Stripe.Customer,
  {
    id: string;
    object: 'customer';
    email: string | null;
    name: string | null;
    metadata: Metadata;
    created: number;
    livemode: false;
  }
>;

type LineItem = StripeShaped<
  Stripe.LineItem,
  {
    id: string;
    object: 'item';
    amount_discount: number;
    amount_subtotal: number;
    amount_tax: number;
    amount_total: number;
    currency: 'usd';
    description: string;
    price: Price;
    quantity: number;
  }
>;

interface Session {
  id: string;
  object: 'checkout.session';
  mode: 'payment' | 'subscription';
  ui_mode: 'embedded_page' | 'hosted_page';
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid' | 'no_payment_required';
  amount_subtotal: number;
  amount_total: number;
  currency: 'usd';
  customer: string | null;
  customer_email: string | null;
  customer_details: {
    email: string;
    name: null;
    address: null;
    phone: null;
    tax_exempt: 'none';
    tax_ids: [];
  } | null;
  client_reference_id: string | null;
  metadata: Metadata;
  discounts: { promotion_code: string; coupon: string }[];
  allow_promotion_codes: boolean;
  success_url: string | null;
  cancel_url: string | null;
  return_url: string | undefined;
  client_secret: string | null;
  url: string;
  subscription: string | null;
  payment_intent: string | null;
  invoice: string | null;
  created: number;
  expires_at: number;
  livemode: false;
  total_details: { amount_discount: number; amount_shipping: number; amount_tax: number };
  /** Kept for the subscription the session starts; the API does not show it. */
  subscription_data: { trial_period_days: number | null; metadata: Metadata };
  /** Kept for the payment intent a paid `payment` session makes; the API does not show it. */
  payment_intent_data: { metadata: Metadata };
}

/** A session as the API answers it: `subscription`, `customer` and `line_items` expanded when asked. */
type SessionView = StripeShaped<
  Stripe.Checkout.Session,
  Omit<Session, 'subscription_data' | 'payment_intent_data' | 'subscription' | 'customer'> & {
    subscription: string | Subscription | null;
    customer: string | Customer | null;
    line_items?: List<LineItem>;
  }
>;

type SubscriptionItem = StripeShaped<
  Stripe.SubscriptionItem,
  {
    id: string;
    object: 'subscription_item';
    price: Price;
    quantity: number;
    current_period_start: number;
    current_period_end: number;
    metadata: Metadata;
  }
>;

const notCancelled = (): Subscription['cancellation_details'] => ({ reason: null, comment: null, feedback: null });
const cancellationRequested = (): Subscription['cancellation_details'] => ({
  reason: 'cancellation_requested',
  comment: null,
  feedback: null,
});

type Subscription = StripeShaped<
  Stripe.Subscription,
  {
    id: string;
    object: 'subscription';
    customer: string;
    status: 'trialing' | 'active' | 'canceled';
    cancel_at_period_end: boolean;
    cancel_at: number | null;
    canceled_at: number | null;
    /** Why it was cancelled: `cancellation_requested` when the API was asked to (at period end or at once). */
    cancellation_details: { reason: 'cancellation_requested' | null; comment: null; feedback: null };
    ended_at: number | null;
    created: number;
    start_date: number;
    billing_cycle_anchor: number;
    trial_start: number | null;
    trial_end: number | null;
    currency: 'usd';
    discounts: string[];
    metadata: Metadata;
    items: List<SubscriptionItem>;
    latest_invoice: string | null;
    livemode: false;
  }
>;

/** What an invoice line is made from: a session's line item, or a subscription item at renewal. */
type InvoiceLineSource = Pick<LineItem, 'amount_total' | 'description' | 'quantity'>;

type Invoice = StripeShaped<
  Stripe.Invoice,
  {
    id: string;
    object: 'invoice';
    customer: string;
    amount_due: number;
    amount_paid: number;
    amount_remaining: number;
    billing_reason: 'subscription_create' | 'subscription_cycle';
    currency: 'usd';
    status: 'paid';
    parent: { type: 'subscription_details'; quote_details: null; subscription_details: { subscription: string; metadata: Metadata } };
    lines: List<{ id: string; object: 'line_item'; amount: number; currency: 'usd'; description: string; quantity: number }>;
    period_start: number;
    period_end: number;
    created: number;
    livemode: false;
  }
>;

/** The payment of a `payment` session, made when it is paid. */
type PaymentIntent = StripeShaped<
  Stripe.PaymentIntent,
  {
    id: string;
    object: 'payment_intent';
    amount: number;
    amount_received: number;
    currency: 'usd';
    status: 'succeeded';
    latest_charge: string;
    metadata: Metadata;
    created: number;
    livemode: false;
  }
>;

type Charge = StripeShaped<
  Stripe.Charge,
  {
    id: string;
    object: 'charge';
    amount: number;
    amount_captured: number;
    amount_refunded: number;
    captured: true;
    paid: true;
    /** True once the whole amount is refunded. */
    refunded: boolean;
    status: 'succeeded';
    currency: 'usd';
    payment_intent: string;
    /** What the charge left in the balance, and Stripe's fee. */
    balance_transaction: string;
    metadata: Metadata;
    created: number;
    livemode: false;
  }
>;

/** A charge's movement in the balance: Stripe's standard US card fee, 2.9% + 30¢, rounded to the cent. */
type BalanceTransaction = StripeShaped<
  Stripe.BalanceTransaction,
  {
    id: string;
    object: 'balance_transaction';
    type: 'charge';
    amount: number;
    fee: number;
    net: number;
    currency: 'usd';
    source: string;
    status: 'available';
    fee_details: { type: 'stripe_fee'; amount: number; currency: 'usd'; description: string; application: null }[];
    created: number;
    available_on: number;
  }
>;

/** An invoice paid by a payment intent. */
type InvoicePayment = StripeShaped<
  Stripe.InvoicePayment,
  {
    id: string;
    object: 'invoice_payment';
    invoice: string;
    amount_paid: number;
    amount_requested: number;
    currency: 'usd';
    is_default: true;
    status: 'paid';
    payment: { type: 'payment_intent'; payment_intent: string };
    created: number;
    livemode: false;
  }
>;

type Refund = StripeShaped<
  Stripe.Refund,
  {
    id: string;
    object: 'refund';
    amount: number;
    charge: string;
    payment_intent: string;
    currency: 'usd';
    reason: string | null;
    status: 'succeeded';
    metadata: Metadata;
    created: number;
  }
>;

/** An event as Stripe sends it, of a `type` Stripe's SDK knows (its object is held to Stripe's types as that object). */
interface StripeEvent {
  id: string;
  object: 'event';
  api_version: string;
  created: number;
  type: Stripe.Event.Type;
  data: { object: Subscription | Invoice | SessionView | Charge; previous_attributes?: Partial<Subscription> | Partial<Charge> };
  livemode: false;
  pending_webhooks: number;
  request: { id: null; idempotency_key: null };
}

/** What a portal session offers: a new card, cancelling, and switching between the allowed prices of a product. */
type PortalConfiguration = StripeShaped<
  Stripe.BillingPortal.Configuration,
  {
    id: string;
    object: 'billing_portal.configuration';
    active: boolean;
    is_default: boolean;
    created: number;
    updated: number;
    default_return_url: string | null;
    livemode: false;
    metadata: Metadata;
    features: {
      payment_method_update: { enabled: boolean };
      subscription_cancel: { enabled: boolean; mode: 'at_period_end' | 'immediately' };
      subscription_update: {
        enabled: boolean;
        default_allowed_updates: 'price'[];
        products: { product: string; prices: string[] }[];
        proration_behavior: 'none' | 'create_prorations' | 'always_invoice';
      };
    };
  }
>;

/** The account's default configuration, as a new Stripe account has it: a card and cancelling, no plan changes. */
const DEFAULT_PORTAL_CONFIGURATION: PortalConfiguration = {
  id: 'bpc_sandbox',
  object: 'billing_portal.configuration',
  active: true,
  is_default: true,
  created: 1_700_000_000,
  updated: 1_700_000_000,
  default_return_url: null,
  livemode: false,
  metadata: {},
  features: {
    payment_method_update: { enabled: true },
    subscription_cancel: { enabled: true, mode: 'at_period_end' },
    subscription_update: { enabled: false, default_allowed_updates: [], products: [], proration_behavior: 'none' },
  },
};

interface PortalSession {
  id: string;
  object: 'billing_portal.session';
  configuration: string;
  created: number;
  customer: string;
  flow: null;
  livemode: false;
  locale: null;
  on_behalf_of: null;
  return_url: string | null;
  url: string;
}

interface List<T> {
  object: 'list';
  data: T[];
  has_more: false;
  url: string;
}

// ------------------------------------------------------------ the parameters each request may send

const metadataParam = z.record(z.string(), z.string());
const expandParams = z.object({ expand: z.union([z.string(), z.array(z.string())]).optional() });
// Every parameter is optional to the parser: the handlers answer a missing one as Stripe does.
const lineItemParams = z
  .object({
    quantity: z.string(),
    price: z.string(),
    price_data: z
      .object({
        currency: z.string(),
        unit_amount: z.string(),
        product: z.string(),
        product_data: z.object({ name: z.string(), images: z.array(z.string()), metadata: metadataParam }).partial(),
        recurring: z.object({ interval: z.string(), interval_count: z.string() }).partial(),
      })
      .partial(),
  })
  .partial();
const sessionParams = expandParams
  .extend({
    mode: z.string(),
    ui_mode: z.string(),
    return_url: z.string(),
    redirect_on_completion: z.string(),
    success_url: z.string(),
    cancel_url: z.string(),
    line_items: z.array(lineItemParams),
    customer: z.string(),
    customer_email: z.string(),
    client_reference_id: z.string(),
    metadata: metadataParam,
    discounts: z.array(z.object({ promotion_code: z.string() }).partial()),
    allow_promotion_codes: z.string(),
    subscription_data: z.object({ trial_period_days: z.string(), metadata: metadataParam }).partial(),
    payment_intent_data: z.object({ metadata: metadataParam }).partial(),
  })
  .partial();
const refundParams = z.object({
  payment_intent: z.string().optional(),
  charge: z.string().optional(),
  amount: z.string().regex(/^\d+$/, 'Invalid integer').optional(),
  reason: z.enum(['duplicate', 'fraudulent', 'requested_by_customer']).optional(),
  metadata: metadataParam.optional(),
});
const customerParams = z.object({ email: z.string().optional(), name: z.string().optional(), metadata: metadataParam.optional() });
const customerListParams = z.object({ email: z.string().optional() });
const priceListParams = z.object({ lookup_keys: z.union([z.string(), z.array(z.string())]).optional() });
const subscriptionUpdateParams = z.object({ metadata: metadataParam.optional(), cancel_at_period_end: z.string().optional() });
const portalSessionParams = z.object({
  customer: z.string().min(1),
  return_url: z.string().url().optional(),
  configuration: z.string().optional(),
});
const portalFlag = z.enum(['true', 'false']);
const portalConfigurationParams = z.object({
  features: z.object({
    payment_method_update: z.object({ enabled: portalFlag }).optional(),
    subscription_cancel: z.object({ enabled: portalFlag, mode: z.enum(['at_period_end', 'immediately']).optional() }).optional(),
    subscription_update: z
      .object({
        enabled: portalFlag,
        default_allowed_updates: z.array(z.enum(['price'])).optional(),
        products: z.array(z.object({ product: z.string().min(1), prices: z.array(z.string().min(1)).min(1) })).optional(),
        proration_behavior: z.enum(['none', 'create_prorations', 'always_invoice']).optional(),
      })
      .optional(),
  }),
  default_return_url: z.string().url().optional(),
  metadata: metadataParam.optional(),
});
const portalConfigurationListParams = z.object({ active: portalFlag.optional(), is_default: portalFlag.optional() });
const promotionCodeListParams = z.object({ code: z.string().optional(), active: z.string().optional() });
/** The admin endpoints take JSON (the tests) or a form; `deliver: false` leaves the events undelivered. */
const adminParams = z.object({ email: z.string().nullish(), deliver: z.union([z.boolean(), z.string()]).optional() });

class StripeError extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    message: string,
    readonly param?: string,
    readonly code?: string,
  ) {
    super(message);
  }
}

/** A request's parameters as `schema` reads them; what does not fit is answered as Stripe answers a malformed parameter. */
function parseParams<T>(schema: z.ZodType<T>, params: unknown): T {
  const parsed = schema.safeParse(params);
  if (parsed.success) return parsed.data;
  const [issue] = parsed.error.issues;
  const param = issue.path.map((part, i) => (i === 0 ? String(part) : `[${String(part)}]`)).join('');
  throw new StripeError(400, 'invalid_request_error', `Invalid ${param || 'request'}: ${issue.message}`, param || undefined);
}

interface State {
  customers: Record<string, Customer>;
  sessions: Record<string, Session>;
  /** Line items of each session, as Stripe lists them. */
  lineItems: Record<string, LineItem[]>;
  subscriptions: Record<string, Subscription>;
  invoices: Record<string, Invoice>;
  paymentIntents: Record<string, PaymentIntent>;
  charges: Record<string, Charge>;
  balanceTransactions: Record<string, BalanceTransaction>;
  invoicePayments: Record<string, InvoicePayment>;
  refunds: Record<string, Refund>;
  portalSessions: Record<string, PortalSession>;
  /** The configurations made through the API; the default one is the account's own. */
  portalConfigurations: Record<string, PortalConfiguration>;
  /** The last four digits of each customer's card on file, as the portal shows and changes it. */
  cardLast4: Record<string, string>;
  events: StripeEvent[];
  deliveries: { eventId: string; status: number; at: number }[];
}

const emptyState = (): State => ({
  customers: {},
  sessions: {},
  lineItems: {},
  subscriptions: {},
  invoices: {},
  paymentIntents: {},
  charges: {},
  balanceTransactions: {},
  invoicePayments: {},
  refunds: {},
  portalSessions: {},
  portalConfigurations: {},
  cardLast4: {},
  events: [],
  deliveries: [],
});
const API_VERSION = '2026-10-28.endive';
const now = () => Math.floor(Date.now() / 1000);
const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('base64url').replace(/[-_]/g, 'x')}`;
const addMonths = (unix: number, months: number) => {
  const d = new Date(unix * 1000);
  d.setUTCMonth(d.getUTCMonth() + months);
  return Math.floor(d.getTime() / 1000);
};

export async function startStripeSandbox(options: StripeSandboxOptions): Promise<StripeSandbox> {
  const log = options.log ?? (() => {});
  const catalogue = options.catalogue ?? defaultCatalogue(options.appOrigin);
  const state: State = loadState(options.stateFile, emptyState);
  const idempotent = new Map<string, { status: number; body: unknown }>();
  let baseUrl = '';

  const save = () => {
    if (!options.stateFile) return;
    fs.writeFileSync(`${options.stateFile}.tmp`, JSON.stringify(state));
    fs.renameSync(`${options.stateFile}.tmp`, options.stateFile);
  };

  // ------------------------------------------------------------ objects

  const product = (productId: string) => {
    const found = catalogue.products.find((p) => p.id === productId);
    if (!found) throw new StripeError(404, 'invalid_request_error', `No such product: '${productId}'`, 'id', 'resource_missing');
    return { object: 'product', active: true, livemode: false, created: 1_700_000_000, description: null, ...found };
  };
  const price = (priceId: string) => {
    const found = catalogue.prices.find((p) => p.id === priceId);
    if (!found) throw new StripeError(404, 'invalid_request_error', `No such price: '${priceId}'`, 'price', 'resource_missing');
    return priceObject(found);
  };

  function customer(customerId: string) {
    const found = state.customers[customerId];
    if (!found) throw new StripeError(404, 'invalid_request_error', `No such customer: '${customerId}'`, 'id', 'resource_missing');
    return found;
  }
  function createCustomer(params: z.infer<typeof customerParams>): Customer {
    const c: Customer = {
      id: id('cus'),
      object: 'customer',
      email: params.email ?? null,
      name: params.name ?? null,
      metadata: params.metadata ?? {},
      created: now(),
      livemode: false,
    };
    state.customers[c.id] = c;
    return c;
  }
  function session(sessionId: string) {
    const found = state.sessions[sessionId];
    if (!found)
      throw new StripeError(404, 'invalid_request_error', `No such checkout.session: '${sessionId}'`, 'session', 'resource_missing');
    return found;
  }
  function subscription(subscriptionId: string) {
    const found = state.subscriptions[subscriptionId];
    if (!found) throw new StripeError(404, 'invalid_request_error', `No such subscription: '${subscriptionId}'`, 'id', 'resource_missing');
    return found;
  }

  /** A line item from `price` or `price_data`, as Stripe expands it. */
  function lineItem(raw: z.infer<typeof lineItemParams>, index: number): LineItem {
    const quantity = Number(raw.quantity ?? 1);
    if (!Number.isInteger(quantity) || quantity < 1)
      throw new StripeError(400, 'invalid_request_error', 'Invalid integer: quantity', `line_items[${index}][quantity]`);
    let linePrice: Price;
    if (raw.price) linePrice = price(raw.price);
    else if (raw.price_data) {
      const pd = raw.price_data;
      const unit = Number(pd.unit_amount);
      if (!Number.isInteger(unit) || unit < 0)
        throw new StripeError(
          400,
          'invalid_request_error',
          'Invalid integer: unit_amount',
          `line_items[${index}][price_data][unit_amount]`,
        );
      if (pd.currency !== 'usd')
        throw new StripeError(
          400,
          'invalid_request_error',
          'This sandbox only charges in usd',
          `line_items[${index}][price_data][currency]`,
        );
      let productId: string;
      if (pd.product) productId = product(pd.product).id;
      else if (pd.product_data?.name) {
        productId = id('prod');
        catalogue.products.push({
          id: productId,
          name: pd.product_data.name,
          images: pd.product_data.images ?? [],
          metadata: pd.product_data.metadata ?? {},
        });
      } else
        throw new StripeError(
          400,
          'invalid_request_error',
          'Missing required param: product or product_data',
          `line_items[${index}][price_data]`,
        );
      const recurring = pd.recurring
        ? { interval: pd.recurring.interval ?? 'month', interval_count: Number(pd.recurring.interval_count ?? 1) }
        : null;
      const created = { id: id('price'), product: productId, unit_amount: unit, recurring, lookup_key: null, nickname: null };
      catalogue.prices.push(created);
      linePrice = priceObject(created);
    } else throw new StripeError(400, 'invalid_request_error', 'Each line item needs a price or price_data', `line_items[${index}]`);
    const amount = linePrice.unit_amount * quantity;
    return {
      id: id('li'),
      object: 'item',
      amount_discount: 0,
      amount_subtotal: amount,
      amount_tax: 0,
      amount_total: amount,
      currency: 'usd',
      description: product(linePrice.product).name,
      price: linePrice,
      quantity,
    };
  }

  function createSession(params: z.infer<typeof sessionParams>): Session {
    const mode = params.mode;
    if (mode !== 'payment' && mode !== 'subscription')
      throw new StripeError(400, 'invalid_request_error', 'Invalid mode: must be payment or subscription', 'mode');
    const uiMode = params.ui_mode ?? 'hosted_page';
    const embedded = uiMode === 'embedded_page' || uiMode === 'embedded';
    if (!embedded && !['hosted_page', 'hosted'].includes(uiMode))
      throw new StripeError(400, 'invalid_request_error', `Invalid ui_mode: ${uiMode}`, 'ui_mode');
    if (embedded && !params.return_url && params.redirect_on_completion !== 'never')
      throw new StripeError(400, 'invalid_request_error', 'Missing required param: return_url.', 'return_url');
    if (!embedded && !params.success_url)
      throw new StripeError(400, 'invalid_request_error', 'Missing required param: success_url.', 'success_url');
    const rawItems = params.line_items ?? [];
    if (!rawItems.length) throw new StripeError(400, 'invalid_request_error', 'Missing required param: line_items.', 'line_items');
    const items = rawItems.map(lineItem);
    const recurring = items.filter((li) => li.price.recurring);
    if (mode === 'subscription' && !recurring.length)
      throw new StripeError(
        400,
        'invalid_request_error',
        'You must provide at least one recurring price in `subscription` mode.',
        'line_items',
      );
    if (mode === 'payment' && recurring.length)
      throw new StripeError(400, 'invalid_request_error', 'You specified `payment` mode but passed a recurring price.', 'line_items');
    if (params.customer) customer(params.customer);
    let discounts: Session['discounts'] = [];
    const requested = params.discounts?.[0];
    if (requested) {
      const code = catalogue.promotionCodes.find((p) => p.id === requested.promotion_code);
      if (!code)
        throw new StripeError(400, 'invalid_request_error', 'No such promotion code', 'discounts[0][promotion_code]', 'resource_missing');
      discounts = [{ promotion_code: code.id, coupon: code.coupon }];
    }
    const trialDays = params.subscription_data?.trial_period_days ? Number(params.subscription_data.trial_period_days) : null;
    const subtotal = items.reduce((sum, li) => sum + li.amount_total, 0);
    const total = trialDays ? items.filter((li) => !li.price.recurring).reduce((sum, li) => sum + li.amount_total, 0) : subtotal;
    const sessionId = `cs_test_${randomBytes(24).toString('base64url').replace(/[-_]/g, 'x')}`;
    const created = now();
    const s: Session = {
      id: sessionId,
      object: 'checkout.session',
      mode,
      ui_mode: embedded ? 'embedded_page' : 'hosted_page',
      status: 'open',
      payment_status: 'unpaid',
      amount_subtotal: subtotal,
      amount_total: total,
      currency: 'usd',
      customer: params.customer ?? null,
      customer_email: params.customer_email ?? null,
      customer_details: null,
      client_reference_id: params.client_reference_id ?? null,
      metadata: params.metadata ?? {},
      discounts,
      allow_promotion_codes: params.allow_promotion_codes === 'true',
      success_url: params.success_url ?? null,
      cancel_url: params.cancel_url ?? null,
      return_url: params.return_url ?? undefined,
      client_secret: embedded ? `${sessionId}_secret_${randomBytes(12).toString('base64url')}` : null,
      // Stripe gives a URL only to hosted sessions; the sandbox's page also stands in for the embedded form.
      url: `${baseUrl}/pay/${sessionId}`,
      subscription: null,
      payment_intent: null,
      invoice: null,
      created,
      expires_at: created + 24 * 3600,
      livemode: false,
      total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: 0 },
      subscription_data: { trial_period_days: trialDays, metadata: params.subscription_data?.metadata ?? {} },
      payment_intent_data: { metadata: params.payment_intent_data?.metadata ?? {} },
    };
    state.sessions[sessionId] = s;
    state.lineItems[sessionId] = items;
    return s;
  }

  /** What the API returns for a session: the stored one, with line_items when expanded. */
  function sessionView(s: Session, expand: string[]): SessionView {
    const { subscription_data: _sd, payment_intent_data: _pid, ...visible } = s;
    const out: SessionView = { ...visible };
    if (expand.includes('line_items')) out.line_items = list(state.lineItems[s.id] ?? [], `/v1/checkout/sessions/${s.id}/line_items`);
    if (expand.includes('subscription') && s.subscription) out.subscription = state.subscriptions[s.subscription];
    if (expand.includes('customer') && s.customer) out.customer = state.customers[s.customer];
    return out;
  }

  function subscriptionItemsPeriod(sub: Subscription, start: number, end: number) {
    for (const item of sub.items.data) {
      item.current_period_start = start;
      item.current_period_end = end;
    }
  }

  function createInvoice(sub: Subscription, reason: Invoice['billing_reason'], lines: InvoiceLineSource[], amount: number) {
    const item = sub.items.data[0];
    const invoice: Invoice = {
      id: id('in'),
      object: 'invoice',
      customer: sub.customer,
      amount_due: amount,
      amount_paid: amount,
      amount_remaining: 0,
      billing_reason: reason,
      currency: 'usd',
      status: 'paid',
      parent: { type: 'subscription_details', quote_details: null, subscription_details: { subscription: sub.id, metadata: sub.metadata } },
      lines: list(
        lines.map((li) => ({
          id: id('il'),
          object: 'line_item',
          amount: li.amount_total,
          currency: 'usd',
          description: li.description,
          quantity: li.quantity,
        })),
        '',
      ),
      period_start: item.current_period_start,
      period_end: item.current_period_end,
      created: now(),
      livemode: false,
    };
    state.invoices[invoice.id] = invoice;
    sub.latest_invoice = invoice.id;
    return invoice;
  }

  /** Pays an open session: what happens when the buyer presses Pay. Returns the events to deliver, in Stripe's usual order. */
  function pay(sessionId: string, email: string | null): StripeEvent[] {
    const s = session(sessionId);
    if (s.status === 'complete') return [];
    if (s.status !== 'open') throw new StripeError(400, 'invalid_request_error', 'This Checkout Session is no longer open.', 'session');
    const buyerEmail = email || s.customer_email || (s.customer ? state.customers[s.customer]?.email : null) || 'buyer@example.com';
    s.status = 'complete';
    s.customer_details = { email: buyerEmail, name: null, address: null, phone: null, tax_exempt: 'none', tax_ids: [] };
    const events: StripeEvent[] = [];
    if (s.mode === 'payment') {
      s.payment_status = 'paid';
      s.payment_intent = chargePayment(s.amount_total, s.payment_intent_data.metadata).id;
    } else {
      if (!s.customer) s.customer = createCustomer({ email: buyerEmail }).id;
      const start = now();
      const trialDays = s.subscription_data.trial_period_days;
      const trialEnd = trialDays ? start + trialDays * 24 * 3600 : null;
      const periodEnd = trialEnd ?? addMonths(start, 1);
      const items = state.lineItems[s.id];
      const recurring = items.filter((li) => li.price.recurring);
      const sub: Subscription = {
        id: id('sub'),
        object: 'subscription',
        customer: s.customer,
        status: trialEnd ? 'trialing' : 'active',
        cancel_at_period_end: false,
        cancel_at: null,
        canceled_at: null,
        cancellation_details: notCancelled(),
        ended_at: null,
        created: start,
        start_date: start,
        billing_cycle_anchor: periodEnd,
        trial_start: trialEnd ? start : null,
        trial_end: trialEnd,
        currency: 'usd',
        discounts: s.discounts.map((d) => d.coupon),
        metadata: { ...s.subscription_data.metadata },
        items: list(
          recurring.map((li) => ({
            id: id('si'),
            object: 'subscription_item',
            price: li.price,
            quantity: li.quantity,
            current_period_start: start,
            current_period_end: periodEnd,
            metadata: {},
          })),
          '',
        ),
        latest_invoice: null,
        livemode: false,
      };
      state.subscriptions[sub.id] = sub;
      s.subscription = sub.id;
      const invoice = createInvoice(sub, 'subscription_create', items, s.amount_total);
      if (invoice.amount_paid > 0) payInvoice(invoice);
      s.invoice = invoice.id;
      s.payment_status = s.amount_total === 0 ? 'no_payment_required' : 'paid';
      events.push(event('customer.subscription.created', sub), event('invoice.paid', invoice));
    }
    events.push(event('checkout.session.completed', sessionView(s, [])));
    save();
    return events;
  }

  /** Pays an invoice by a payment intent and its charge, as Stripe does for a subscription's first invoice. */
  function payInvoice(invoice: Invoice) {
    const intent = chargePayment(invoice.amount_paid, {});
    const payment: InvoicePayment = {
      id: id('inpay'),
      object: 'invoice_payment',
      invoice: invoice.id,
      amount_paid: invoice.amount_paid,
      amount_requested: invoice.amount_paid,
      currency: 'usd',
      is_default: true,
      status: 'paid',
      payment: { type: 'payment_intent', payment_intent: intent.id },
      created: intent.created,
      livemode: false,
    };
    state.invoicePayments[payment.id] = payment;
  }

  /** A payment intent paid by one charge, as a paid `payment` session has. */
  function chargePayment(amount: number, metadata: Metadata): PaymentIntent {
    const created = now();
    const intentId = id('pi');
    const fee = Math.round(amount * 0.029) + 30;
    const balance: BalanceTransaction = {
      id: id('txn'),
      object: 'balance_transaction',
      type: 'charge',
      amount,
      fee,
      net: amount - fee,
      currency: 'usd',
      source: '',
      status: 'available',
      fee_details: [{ type: 'stripe_fee', amount: fee, currency: 'usd', description: 'Stripe processing fees', application: null }],
      created,
      available_on: created,
    };
    const charge: Charge = {
      id: id('ch'),
      object: 'charge',
      amount,
      amount_captured: amount,
      amount_refunded: 0,
      captured: true,
      paid: true,
      refunded: false,
      status: 'succeeded',
      currency: 'usd',
      payment_intent: intentId,
      balance_transaction: balance.id,
      metadata: {},
      created,
      livemode: false,
    };
    balance.source = charge.id;
    const intent: PaymentIntent = {
      id: intentId,
      object: 'payment_intent',
      amount,
      amount_received: amount,
      currency: 'usd',
      status: 'succeeded',
      latest_charge: charge.id,
      metadata: { ...metadata },
      created,
      livemode: false,
    };
    state.charges[charge.id] = charge;
    state.balanceTransactions[balance.id] = balance;
    state.paymentIntents[intent.id] = intent;
    return intent;
  }

  function paymentIntent(intentId: string) {
    const found = state.paymentIntents[intentId];
    if (!found)
      throw new StripeError(404, 'invalid_request_error', `No such payment_intent: '${intentId}'`, 'payment_intent', 'resource_missing');
    return found;
  }
  function charge(chargeId: string) {
    const found = state.charges[chargeId];
    if (!found) throw new StripeError(404, 'invalid_request_error', `No such charge: '${chargeId}'`, 'charge', 'resource_missing');
    return found;
  }

  /** Refunds a charge (named, or its payment intent's), all that is left of it unless `amount` says less; Stripe's refusals included. */
  function createRefund(params: z.infer<typeof refundParams>): { refund: Refund; events: StripeEvent[] } {
    const chargeId = params.charge ?? (params.payment_intent ? paymentIntent(params.payment_intent).latest_charge : null);
    if (!chargeId) throw new StripeError(400, 'invalid_request_error', 'Missing required param: charge or payment_intent.', 'charge');
    const refunded = charge(chargeId);
    const left = refunded.amount - refunded.amount_refunded;
    if (left === 0)
      throw new StripeError(
        400,
        'invalid_request_error',
        `Charge ${refunded.id} has already been refunded.`,
        undefined,
        'charge_already_refunded',
      );
    const amount = params.amount ? Number(params.amount) : left;
    if (amount < 1 || amount > left)
      throw new StripeError(
        400,
        'invalid_request_error',
        `Refund amount ($${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge ($${(left / 100).toFixed(2)})`,
        'amount',
        'amount_too_large',
      );
    const refund: Refund = {
      id: id('re'),
      object: 'refund',
      amount,
      charge: refunded.id,
      payment_intent: refunded.payment_intent,
      currency: 'usd',
      reason: params.reason ?? null,
      status: 'succeeded',
      metadata: params.metadata ?? {},
      created: now(),
    };
    state.refunds[refund.id] = refund;
    const before = { amount_refunded: refunded.amount_refunded, refunded: refunded.refunded };
    refunded.amount_refunded += amount;
    refunded.refunded = refunded.amount_refunded === refunded.amount;
    return { refund, events: [event('charge.refunded', refunded, before)] };
  }

  function event(
    type: Stripe.Event.Type,
    object: StripeEvent['data']['object'],
    previous?: NonNullable<StripeEvent['data']['previous_attributes']>,
  ): StripeEvent {
    const e: StripeEvent = {
      id: id('evt'),
      object: 'event',
      api_version: API_VERSION,
      created: now(),
      type,
      data: { object: structuredClone(object), ...(previous ? { previous_attributes: previous } : {}) },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
    };
    state.events.push(e);
    return e;
  }

  const retryDelaysMs = options.webhookRetryDelaysMs ?? [1_000, 2_000, 4_000, 8_000, 16_000, 30_000];
  const retries = new Set<NodeJS.Timeout>();

  /** POSTs one event to the app and, in the background, again after each wait while the app does not answer 2xx. */
  async function deliver(e: StripeEvent): Promise<number> {
    const status = await attempt(e);
    if (!ok(status)) retryLater(e, 0);
    return status;
  }

  const ok = (status: number) => status >= 200 && status < 300;

  function retryLater(e: StripeEvent, retry: number) {
    if (retry >= retryDelaysMs.length) {
      // Not tried again after a restart either.
      e.pending_webhooks = 0;
      save();
      return log(`stripe sandbox: webhook ${e.type} ${e.id} given up after ${retry} retries`);
    }
    const timer = setTimeout(() => {
      retries.delete(timer);
      void attempt(e).then((status) => {
        if (ok(status)) save();
        else retryLater(e, retry + 1);
      });
    }, retryDelaysMs[retry]);
    retries.add(timer);
  }

  /** POSTs one event to the app, signed as Stripe signs it (a fresh signature per try); answers the app's status. */
  async function attempt(e: StripeEvent): Promise<number> {
    const payload = JSON.stringify(e, null, 2);
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: options.webhookSecret });
    let status = 0;
    try {
      const res = await fetch(options.webhookUrl, {
        method: 'POST',
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'stripe-signature': signature,
          'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
        },
        body: payload,
        // Stripe waits 10 s for an answer before it counts the try as failed.
        signal: AbortSignal.timeout(10_000),
      });
      status = res.status;
      await res.arrayBuffer();
    } catch (err) {
      log(`stripe sandbox: webhook ${e.type} to ${options.webhookUrl} failed: ${(err as Error).message}`);
    }
    state.deliveries.push({ eventId: e.id, status, at: Date.now() });
    if (status < 200 || status >= 300) log(`stripe sandbox: webhook ${e.type} ${e.id} answered ${status}`);
    return status;
  }

  async function deliverAll(events: StripeEvent[]) {
    const statuses: number[] = [];
    for (const e of events) statuses.push(await deliver(e));
    save();
    return statuses;
  }

  function portalConfiguration(configurationId: string): PortalConfiguration {
    if (configurationId === DEFAULT_PORTAL_CONFIGURATION.id) return DEFAULT_PORTAL_CONFIGURATION;
    const found = state.portalConfigurations[configurationId];
    if (!found)
      throw new StripeError(
        404,
        'invalid_request_error',
        `No such configuration: '${configurationId}'`,
        'configuration',
        'resource_missing',
      );
    return found;
  }

  function createPortalConfiguration(p: z.infer<typeof portalConfigurationParams>): PortalConfiguration {
    const update = p.features.subscription_update;
    const products = update?.products ?? [];
    if (update?.enabled === 'true' && !products.length)
      throw new StripeError(
        400,
        'invalid_request_error',
        'You must provide at least one product when subscription updates are enabled.',
        'features[subscription_update][products]',
      );
    for (const [i, entry] of products.entries()) {
      product(entry.product);
      for (const priceId of entry.prices)
        if (price(priceId).product !== entry.product)
          throw new StripeError(
            400,
            'invalid_request_error',
            `The price ${priceId} does not belong to the product ${entry.product}.`,
            `features[subscription_update][products][${i}][prices]`,
          );
    }
    const created = now();
    const configuration: PortalConfiguration = {
      id: id('bpc'),
      object: 'billing_portal.configuration',
      active: true,
      is_default: false,
      created,
      updated: created,
      default_return_url: p.default_return_url ?? null,
      livemode: false,
      metadata: p.metadata ?? {},
      features: {
        payment_method_update: { enabled: p.features.payment_method_update?.enabled === 'true' },
        subscription_cancel: {
          enabled: p.features.subscription_cancel?.enabled === 'true',
          mode: p.features.subscription_cancel?.mode ?? 'at_period_end',
        },
        subscription_update: {
          enabled: update?.enabled === 'true',
          default_allowed_updates: update?.default_allowed_updates ?? [],
          products,
          proration_behavior: update?.proration_behavior ?? 'create_prorations',
        },
      },
    };
    state.portalConfigurations[configuration.id] = configuration;
    return configuration;
  }

  /**
   * Moves the subscription to another price, at once and without proration (the portal's plan change with
   * `proration_behavior: none`): the period stays, the next renewal bills the new price.
   */
  function switchPrice(sub: Subscription, priceId: string): StripeEvent[] {
    if (sub.status === 'canceled')
      throw new StripeError(400, 'invalid_request_error', 'A canceled subscription cannot change its price.', 'items');
    const item = sub.items.data[0];
    if (item.price.id === priceId) return [];
    const previous = structuredClone(sub.items);
    item.price = price(priceId);
    return [event('customer.subscription.updated', sub, { items: previous })];
  }

  function renew(sub: Subscription): StripeEvent[] {
    if (sub.status === 'canceled') throw new StripeError(400, 'invalid_request_error', 'This subscription has ended.', 'subscription');
    const item = sub.items.data[0];
    const start = item.current_period_end;
    const end = addMonths(start, 1);
    subscriptionItemsPeriod(sub, start, end);
    const wasTrial = sub.status === 'trialing';
    sub.status = 'active';
    const amount = sub.items.data.reduce((sum, i) => sum + i.price.unit_amount * i.quantity, 0);
    const lines = sub.items.data.map((i) => ({
      amount_total: i.price.unit_amount * i.quantity,
      description: product(i.price.product).name,
      quantity: i.quantity,
    }));
    const invoice = createInvoice(sub, 'subscription_cycle', lines, amount);
    if (invoice.amount_paid > 0) payInvoice(invoice);
    const events = [event('invoice.paid', invoice)];
    if (wasTrial) events.unshift(event('customer.subscription.updated', sub, { status: 'trialing' }));
    return events;
  }

  function setCancelAtPeriodEnd(sub: Subscription, cancel: boolean): StripeEvent[] {
    if (sub.status === 'canceled')
      throw new StripeError(
        400,
        'invalid_request_error',
        'A canceled subscription can only update its cancellation_details and metadata.',
        'cancel_at_period_end',
      );
    if (sub.cancel_at_period_end === cancel) return [];
    sub.cancel_at_period_end = cancel;
    sub.cancel_at = cancel ? sub.items.data[0].current_period_end : null;
    sub.canceled_at = cancel ? now() : null;
    sub.cancellation_details = cancel ? cancellationRequested() : notCancelled();
    return [event('customer.subscription.updated', sub, { cancel_at_period_end: !cancel })];
  }

  /** Ends the subscription now: its period's end came (the admin endpoint), or the API cancelled it (`requested`). */
  function end(sub: Subscription, requested = false): StripeEvent[] {
    if (sub.status === 'canceled') return [];
    sub.status = 'canceled';
    sub.ended_at = now();
    sub.canceled_at ??= sub.ended_at;
    if (requested) sub.cancellation_details = cancellationRequested();
    return [event('customer.subscription.deleted', sub)];
  }

  // ------------------------------------------------------------ routes

  /** Answers one route; `params` is the request's, unchecked: each handler parses what it reads. */
  type Handler = (m: RegExpExecArray, params: unknown) => unknown;
  const api: [string, RegExp, Handler][] = [
    [
      'POST',
      /^\/v1\/checkout\/sessions$/,
      (_m, raw) => {
        const p = parseParams(sessionParams, raw);
        return sessionView(createSession(p), expandOf(p));
      },
    ],
    ['GET', /^\/v1\/checkout\/sessions\/([\w-]+)$/, (m, raw) => sessionView(session(m[1]), expandOf(parseParams(expandParams, raw)))],
    [
      'GET',
      /^\/v1\/checkout\/sessions\/([\w-]+)\/line_items$/,
      (m) => list(state.lineItems[session(m[1]).id], `/v1/checkout/sessions/${m[1]}/line_items`),
    ],
    [
      'POST',
      /^\/v1\/checkout\/sessions\/([\w-]+)\/expire$/,
      (m) => {
        const s = session(m[1]);
        if (s.status !== 'open') throw new StripeError(400, 'invalid_request_error', 'Only open sessions can be expired.', 'session');
        s.status = 'expired';
        return sessionView(s, []);
      },
    ],
    ['GET', /^\/v1\/products\/([\w-]+)$/, (m) => product(m[1])],
    ['GET', /^\/v1\/payment_intents\/([\w-]+)$/, (m) => paymentIntent(m[1])],
    ['GET', /^\/v1\/charges\/([\w-]+)$/, (m) => charge(m[1])],
    [
      'GET',
      /^\/v1\/balance_transactions\/([\w-]+)$/,
      (m) => {
        const found = state.balanceTransactions[m[1]];
        if (!found) throw new StripeError(404, 'invalid_request_error', `No such balance transaction: '${m[1]}'`, 'id', 'resource_missing');
        return found;
      },
    ],
    [
      'GET',
      /^\/v1\/invoice_payments$/,
      (_m, raw) => {
        const { invoice } = parseParams(z.object({ invoice: z.string() }).passthrough(), raw);
        return list(
          Object.values(state.invoicePayments).filter((p) => p.invoice === invoice),
          '/v1/invoice_payments',
        );
      },
    ],
    [
      'POST',
      /^\/v1\/refunds$/,
      (_m, raw) => {
        const { refund, events } = createRefund(parseParams(refundParams, raw));
        save();
        // As with Stripe, the webhook goes out beside the answer: the caller does not wait for it.
        void deliverAll(events);
        return refund;
      },
    ],
    [
      'GET',
      /^\/v1\/refunds\/([\w-]+)$/,
      (m) => {
        const found = state.refunds[m[1]];
        if (!found) throw new StripeError(404, 'invalid_request_error', `No such refund: '${m[1]}'`, 'id', 'resource_missing');
        return found;
      },
    ],
    [
      'GET',
      /^\/v1\/prices$/,
      (_m, raw) => {
        const p = parseParams(priceListParams, raw);
        const keys = Array.isArray(p.lookup_keys) ? p.lookup_keys : p.lookup_keys ? [p.lookup_keys] : [];
        return list(
          catalogue.prices.filter((pr) => !keys.length || (pr.lookup_key && keys.includes(pr.lookup_key))).map(priceObject),
          '/v1/prices',
        );
      },
    ],
    ['GET', /^\/v1\/prices\/([\w-]+)$/, (m) => price(m[1])],
    [
      'POST',
      /^\/v1\/customers$/,
      (_m, raw) => {
        const c = createCustomer(parseParams(customerParams, raw));
        save();
        return c;
      },
    ],
    [
      'GET',
      /^\/v1\/customers$/,
      (_m, raw) => {
        const p = parseParams(customerListParams, raw);
        return list(
          Object.values(state.customers).filter((c) => !p.email || c.email === p.email),
          '/v1/customers',
        );
      },
    ],
    ['GET', /^\/v1\/customers\/([\w-]+)$/, (m) => customer(m[1])],
    ['GET', /^\/v1\/subscriptions\/([\w-]+)$/, (m) => subscription(m[1])],
    [
      'POST',
      /^\/v1\/subscriptions\/([\w-]+)$/,
      (m, raw) => {
        const p = parseParams(subscriptionUpdateParams, raw);
        const sub = subscription(m[1]);
        if (p.metadata) sub.metadata = { ...sub.metadata, ...p.metadata };
        const events = p.cancel_at_period_end !== undefined ? setCancelAtPeriodEnd(sub, p.cancel_at_period_end === 'true') : [];
        save();
        void deliverAll(events);
        return sub;
      },
    ],
    [
      'DELETE',
      /^\/v1\/subscriptions\/([\w-]+)$/,
      (m) => {
        const sub = subscription(m[1]);
        const events = end(sub, true);
        save();
        void deliverAll(events);
        return sub;
      },
    ],
    [
      'POST',
      /^\/v1\/billing_portal\/sessions$/,
      (_m, raw) => {
        const p = parseParams(portalSessionParams, raw);
        const c = customer(p.customer);
        const configuration = portalConfiguration(p.configuration ?? DEFAULT_PORTAL_CONFIGURATION.id);
        const sessionId = id('bps');
        const portal: PortalSession = {
          id: sessionId,
          object: 'billing_portal.session',
          configuration: configuration.id,
          created: now(),
          customer: c.id,
          flow: null,
          livemode: false,
          locale: null,
          on_behalf_of: null,
          return_url: p.return_url ?? configuration.default_return_url,
          url: `${baseUrl}/portal/${sessionId}`,
        };
        state.portalSessions[sessionId] = portal;
        save();
        return portal;
      },
    ],
    [
      'POST',
      /^\/v1\/billing_portal\/configurations$/,
      (_m, raw) => {
        const configuration = createPortalConfiguration(parseParams(portalConfigurationParams, raw));
        save();
        return configuration;
      },
    ],
    [
      'GET',
      /^\/v1\/billing_portal\/configurations$/,
      (_m, raw) => {
        const p = parseParams(portalConfigurationListParams, raw);
        return list(
          [DEFAULT_PORTAL_CONFIGURATION, ...Object.values(state.portalConfigurations)].filter(
            (c) => (!p.active || String(c.active) === p.active) && (!p.is_default || String(c.is_default) === p.is_default),
          ),
          '/v1/billing_portal/configurations',
        );
      },
    ],
    ['GET', /^\/v1\/billing_portal\/configurations\/([\w-]+)$/, (m) => portalConfiguration(m[1])],
    [
      'GET',
      /^\/v1\/promotion_codes$/,
      (_m, raw) => {
        const p = parseParams(promotionCodeListParams, raw);
        const codes = catalogue.promotionCodes.filter(
          (c) => (!p.code || c.code === p.code) && (p.active === undefined || String(c.active) === p.active),
        );
        return list(
          codes.map((c) => ({
            object: 'promotion_code',
            livemode: false,
            created: 1_700_000_000,
            ...c,
            coupon: catalogue.coupons.find((k) => k.id === c.coupon),
          })),
          '/v1/promotion_codes',
        );
      },
    ],
    [
      'GET',
      /^\/v1\/coupons\/([\w-]+)$/,
      (m) => {
        const coupon = catalogue.coupons.find((c) => c.id === m[1]);
        if (!coupon) throw new StripeError(404, 'invalid_request_error', `No such coupon: '${m[1]}'`, 'id', 'resource_missing');
        return { object: 'coupon', livemode: false, valid: true, ...coupon };
      },
    ],
  ];

  const admin: [string, RegExp, Handler][] = [
    [
      'POST',
      /^\/sandbox\/checkout\/sessions\/([\w-]+)\/pay$/,
      async (m, raw) => {
        const p = parseParams(adminParams, raw);
        const events = pay(m[1], p.email ?? null);
        const statuses = p.deliver === false || p.deliver === 'false' ? undelivered(events) : await deliverAll(events);
        return { session: sessionView(session(m[1]), []), events, statuses };
      },
    ],
    ['POST', /^\/sandbox\/subscriptions\/([\w-]+)\/renew$/, (m, raw) => adminDeliver(raw, () => renew(subscription(m[1])))],
    [
      'POST',
      /^\/sandbox\/subscriptions\/([\w-]+)\/cancel-at-period-end$/,
      (m, raw) => adminDeliver(raw, () => setCancelAtPeriodEnd(subscription(m[1]), true)),
    ],
    ['POST', /^\/sandbox\/subscriptions\/([\w-]+)\/end$/, (m, raw) => adminDeliver(raw, () => end(subscription(m[1])))],
    ['GET', /^\/sandbox\/events$/, () => ({ events: state.events, deliveries: state.deliveries })],
    [
      'POST',
      /^\/sandbox\/events\/([\w-]+)\/deliver$/,
      async (m) => {
        const e = state.events.find((x) => x.id === m[1]);
        if (!e) throw new StripeError(404, 'invalid_request_error', `No such event: '${m[1]}'`, 'id', 'resource_missing');
        return { status: await deliver(e) };
      },
    ],
  ];

  /** Makes a change (its parameters checked first), keeps it, and delivers its events unless asked not to. */
  async function adminDeliver(raw: unknown, change: () => StripeEvent[]) {
    const p = parseParams(adminParams, raw);
    const events = change();
    save();
    const statuses = p.deliver === false || p.deliver === 'false' ? undelivered(events) : await deliverAll(events);
    return { events, statuses };
  }

  /** Events a caller asked not to deliver: it delivers them itself, so a restart does not either. */
  function undelivered(events: StripeEvent[]): number[] {
    for (const e of events) e.pending_webhooks = 0;
    save();
    return [];
  }

  // ------------------------------------------------------------ server

  const server = http.createServer((req, res) => void handle(req, res));

  async function handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://sandbox');
    const method = (req.method ?? 'GET').toUpperCase();
    try {
      const raw = await readBody(req);
      if (url.pathname.startsWith('/pay/')) return await payPage(req, res, method, url, raw);
      if (url.pathname.startsWith('/portal/')) return await portalRequest(res, method, url, raw);
      if (url.pathname.startsWith('/sandbox/')) {
        const params: unknown =
          raw.length && String(req.headers['content-type'] ?? '').includes('json')
            ? JSON.parse(raw.toString('utf8'))
            : parseForm(raw.toString('utf8') || url.search.slice(1));
        return sendJson(res, 200, await route(admin, method, url.pathname, params));
      }
      if (!url.pathname.startsWith('/v1/'))
        return sendJson(res, 404, {
          error: { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${url.pathname}).` },
        });
      const auth = String(req.headers.authorization ?? '');
      if (!/^Bearer sk_test_\w+$/.test(auth))
        throw new StripeError(401, 'invalid_request_error', 'Invalid API Key provided. The sandbox accepts sk_test_ keys.');
      const params = method === 'GET' || method === 'DELETE' ? parseForm(url.search.slice(1)) : parseForm(raw.toString('utf8'));
      const key = method === 'POST' ? req.headers['idempotency-key'] : undefined;
      const cacheKey = typeof key === 'string' ? `${url.pathname}|${key}` : undefined;
      const cached = cacheKey ? idempotent.get(cacheKey) : undefined;
      if (cached) return sendJson(res, cached.status, cached.body, { 'idempotent-replayed': 'true' });
      const body = await route(api, method, url.pathname, params);
      if (cacheKey) idempotent.set(cacheKey, { status: 200, body });
      sendJson(res, 200, body);
    } catch (err) {
      if (err instanceof StripeError) {
        return sendJson(res, err.status, {
          error: {
            type: err.type,
            message: err.message,
            ...(err.param ? { param: err.param } : {}),
            ...(err.code ? { code: err.code } : {}),
          },
        });
      }
      log(`stripe sandbox: ${method} ${url.pathname} failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
      sendJson(res, 500, { error: { type: 'api_error', message: 'The sandbox failed on this request.' } });
    }
  }

  function route(table: [string, RegExp, Handler][], method: string, path: string, params: unknown): unknown {
    for (const [m, re, handler] of table) {
      const match = re.exec(path);
      if (match && m === method) return handler(match, params);
    }
    throw new StripeError(404, 'invalid_request_error', `Unrecognized request URL (${method}: ${path}).`);
  }

  async function payPage(req: http.IncomingMessage, res: http.ServerResponse, method: string, url: URL, raw: Buffer) {
    const sessionId = url.pathname.slice('/pay/'.length);
    const s = state.sessions[sessionId];
    if (!s) return sendHtml(res, 404, donePage('Checkout not found', 'This checkout session does not exist in the sandbox.'));
    if (method === 'GET') {
      const items = state.lineItems[sessionId].map((li) => ({
        name: li.description,
        quantity: li.quantity,
        amount: li.amount_total,
        recurring: li.price.recurring?.interval ?? null,
      }));
      return sendHtml(
        res,
        200,
        checkoutPage({
          session: s,
          items,
          trialDays: s.subscription_data.trial_period_days,
          embedded: s.ui_mode === 'embedded_page',
        }),
      );
    }
    if (method !== 'POST') return sendHtml(res, 405, donePage('Method not allowed', ''));
    const form = parseForm(raw.toString('utf8'));
    if (form.action === 'cancel') {
      const back = s.cancel_url ?? options.appOrigin;
      res.writeHead(303, { location: back });
      return res.end();
    }
    await deliverAll(pay(sessionId, typeof form.email === 'string' && form.email.includes('@') ? form.email : null));
    const next = (s.success_url ?? s.return_url ?? options.appOrigin).replace('{CHECKOUT_SESSION_ID}', sessionId);
    res.writeHead(303, { location: next });
    res.end();
    void req;
  }

  /** The customer's subscription the portal manages: their latest one not ended. */
  const portalSubscription = (customerId: string) =>
    Object.values(state.subscriptions)
      .filter((sub) => sub.customer === customerId && sub.status !== 'canceled')
      .sort((a, b) => b.created - a.created)[0];

  /** The prices the configuration lets this subscription move to: the other allowed prices of its product. */
  function otherPlans(configuration: PortalConfiguration, sub: Subscription | undefined): Price[] {
    const update = configuration.features.subscription_update;
    // Stripe's portal offers no plan change to a subscription set to cancel: it must be renewed first.
    if (!sub || !update.enabled || sub.cancel_at_period_end) return [];
    const current = sub.items.data[0].price;
    const allowed = update.products.find((p) => p.product === current.product)?.prices ?? [];
    return allowed
      .filter((priceId) => priceId !== current.id)
      .map(price)
      .sort((a, b) => a.unit_amount - b.unit_amount);
  }

  const planName = (p: Price) => p.nickname ?? product(p.product).name;

  /** The portal page (GET), and its forms (POST): a change delivers its webhooks, then shows the page again with a notice. */
  async function portalRequest(res: http.ServerResponse, method: string, url: URL, raw: Buffer) {
    const portal = state.portalSessions[url.pathname.slice('/portal/'.length)];
    if (!portal) return sendHtml(res, 404, donePage('Portal not found', 'This billing portal session does not exist in the sandbox.'));
    const c = customer(portal.customer);
    const configuration = portalConfiguration(portal.configuration);
    const { features } = configuration;
    const show = (status: number, notice: string | null, error: string | null) => {
      const sub = portalSubscription(c.id);
      const item = sub?.items.data[0];
      sendHtml(
        res,
        status,
        portalPage({
          sessionId: portal.id,
          returnUrl: portal.return_url ?? options.appOrigin,
          email: c.email,
          cardLast4: features.payment_method_update.enabled ? (state.cardLast4[c.id] ?? '4242') : null,
          plan:
            sub && item
              ? {
                  name: planName(item.price),
                  amount: item.price.unit_amount * item.quantity,
                  status: sub.status,
                  cancelAtPeriodEnd: sub.cancel_at_period_end,
                  periodEnd: item.current_period_end,
                  cancellable: features.subscription_cancel.enabled,
                  otherPlans: otherPlans(configuration, sub).map((p) => ({ priceId: p.id, name: planName(p), amount: p.unit_amount })),
                }
              : null,
          notice,
          error,
        }),
      );
    };
    if (method === 'GET') return show(200, null, null);
    if (method !== 'POST') return sendHtml(res, 405, donePage('Method not allowed', ''));
    const form = parseForm(raw.toString('utf8'));
    if (form.action === 'card' && features.payment_method_update.enabled) {
      const digits = typeof form.card === 'string' ? form.card.replace(/[\s-]/g, '') : '';
      if (!/^\d{15,16}$/.test(digits)) return show(400, null, 'Enter a card number of 15 or 16 digits.');
      state.cardLast4[c.id] = digits.slice(-4);
      save();
      return show(200, `Card ending in ${digits.slice(-4)} saved.`, null);
    }
    const sub = portalSubscription(c.id);
    if (sub && form.action === 'switch') {
      const next = otherPlans(configuration, sub).find((p) => p.id === form.price);
      if (!next) return show(400, null, 'That plan is not one you can switch to.');
      const events = switchPrice(sub, next.id);
      save();
      await deliverAll(events);
      return show(200, `Your plan is now ${planName(next)}. It bills ${usd(next.unit_amount)} from your next renewal.`, null);
    }
    const cancelling = form.action === 'cancel' || form.action === 'resume';
    if (!sub || !cancelling || !features.subscription_cancel.enabled) return show(400, null, 'Nothing to change.');
    await deliverAll(setCancelAtPeriodEnd(sub, form.action === 'cancel'));
    return show(200, form.action === 'cancel' ? 'Your plan will be cancelled at the end of the period.' : 'Your plan renews again.', null);
  }

  const listening = await listen(server, options.port);
  baseUrl = listening.url;
  return {
    ...listening,
    resumeWebhooks: () => {
      // An event answered 2xx just before the kill, before the state was kept, is delivered again: the app takes a
      // webhook once however often it comes, as Stripe's at-least-once delivery requires.
      const delivered = new Set(state.deliveries.filter((d) => ok(d.status)).map((d) => d.eventId));
      for (const e of state.events) if (e.pending_webhooks > 0 && !delivered.has(e.id)) retryLater(e, 0);
    },
    stop: () => {
      for (const timer of retries) clearTimeout(timer);
      return listening.stop();
    },
  };
}

function priceObject(p: CataloguePrice): Price {
  return {
    object: 'price',
    active: true,
    currency: 'usd',
    livemode: false,
    created: 1_700_000_000,
    metadata: {},
    type: p.recurring ? 'recurring' : 'one_time',
    unit_amount_decimal: String(p.unit_amount),
    ...p,
  };
}

function expandOf(params: z.infer<typeof expandParams>): string[] {
  return [params.expand ?? []].flat();
}

function list<T>(data: T[], url: string): List<T> {
  return { object: 'list', data, has_more: false, url };
}

/** A Stripe API answer, with the headers Stripe sends on each. */
const sendJson = (res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) =>
  sendJsonAnswer(res, status, body, { 'request-id': id('req'), 'stripe-version': API_VERSION, ...headers });

/** The hosted checkout posts to the app's return URL and is framed by the app's embedded checkout. */
const sendHtml = (res: http.ServerResponse, status: number, html: string) =>
  sendPage(res, status, html, 'form-action *; frame-ancestors *');

/**
 * How the local cloud runs the sandbox: once the gateway's URL is known and before the handlers'
 * environment is set, start it and merge `env` into that environment (stop it on shutdown). Its
 * customers, sessions and subscriptions live in `<dataDir>/stripe-sandbox.json`, so they survive a
 * restart as the rest of the cloud's data does.
 */
export async function startLocalStripe(opts: {
  appUrl: string;
  /** Where the webhooks go, when not to the app itself (a fault proxy in front of it); default `appUrl`. */
  webhookOrigin?: string;
  dataDir: string;
  log?: (line: string) => void;
}): Promise<{ sandbox: StripeSandbox; env: Record<string, string> }> {
  const webhookSecret = newWebhookSecret();
  const sandbox = await startStripeSandbox({
    port: 0,
    appOrigin: opts.appUrl,
    webhookUrl: `${opts.webhookOrigin ?? opts.appUrl}/api/stripe/webhook`,
    webhookSecret,
    stateFile: `${opts.dataDir}/stripe-sandbox.json`,
    log: opts.log,
  });
  return { sandbox, env: { ...stripeSandboxEnv(sandbox, webhookSecret), STRIPE_SANDBOX_URL: sandbox.url } };
}
