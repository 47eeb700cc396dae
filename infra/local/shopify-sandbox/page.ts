/** The Shopify sandbox's pages: the checkout of a cart (lines, shipping, total and a Pay button) and what follows it. Self-contained HTML. */
import { brand } from '../../../events/brand.js';
import { escapeHtml as escape } from '../../../functions/platform/contract/html.js';
import { pageStyle, usd } from '../sandbox-http.js';

const style = `${pageStyle}
  .sum { display: flex; justify-content: space-between; margin: .25rem 0; } .total { font-weight: 700; margin: .5rem 0 1rem; }
  button { width: 100%; padding: .75rem; border: 0; border-radius: 8px; font: inherit; font-weight: 700; cursor: pointer; background: ${brand.accentColor}; color: #111; }
  a { color: ${brand.accentColor}; }
  button:focus-visible, input:focus-visible, a:focus-visible { outline: 3px solid #fff; outline-offset: 2px; }
`;

const page = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)}</title><style>${style}</style></head><body><main>${body}</main></body></html>`;

interface CheckoutView {
  /** Where the Pay form posts. */
  payPath: string;
  lines: { name: string; quantity: number; lineCents: number }[];
  subtotalCents: number;
  /** The cart's discount code and the amount it takes off, when one applies. */
  discount: { code: string; cents: number } | null;
  shippingCents: number;
  totalCents: number;
}

export function checkoutPage(view: CheckoutView): string {
  const rows = view.lines
    .map((l) => `<li><span>${escape(l.name)}${l.quantity > 1 ? ` × ${l.quantity}` : ''}</span><span>${usd(l.lineCents)}</span></li>`)
    .join('');
  return page(
    `Checkout: ${brand.labelName} (Shopify sandbox)`,
    `<h1>${escape(brand.labelName)} shop</h1><p class="note">Shopify sandbox: no real money moves and nothing is shipped.</p>
<ul aria-label="Items">${rows}</ul>
<div class="sum"><span>Subtotal</span><span data-testid="subtotal">${usd(view.subtotalCents)}</span></div>
${view.discount ? `<div class="sum"><span>Discount (${escape(view.discount.code)})</span><span data-testid="discount">−${usd(view.discount.cents)}</span></div>` : ''}
<div class="sum"><span>Shipping</span><span data-testid="shipping">${usd(view.shippingCents)}</span></div>
<div class="sum total"><span>Total</span><span data-testid="total">${usd(view.totalCents)}</span></div>
<form method="post" action="${escape(view.payPath)}">
<label for="email">Email</label><input id="email" name="email" type="email" autocomplete="email" value="fan@example.com" required>
<label for="card">Card number</label><input id="card" name="card" inputmode="numeric" value="4242 4242 4242 4242" readonly>
<button type="submit">Pay ${usd(view.totalCents)}</button></form>`,
  );
}

export function orderPage(opts: { orderName: string; shopUrl: string }): string {
  return page(
    `Order ${opts.orderName} confirmed`,
    `<h1>Thank you!</h1><p>Your order <strong data-testid="order-name">${escape(opts.orderName)}</strong> is confirmed.</p>
<p><a href="${escape(opts.shopUrl)}">Back to the shop</a></p>`,
  );
}

export function messagePage(title: string, message: string): string {
  return page(title, `<h1>${escape(title)}</h1><p>${escape(message)}</p>`);
}
