/** The sandbox's hosted checkout page: self-contained HTML (no outside assets), line items, total and a Pay button. */
import { brand } from '../../../events/brand.js';
import { escapeHtml as escape } from '../../../functions/platform/contract/html.js';
import { pageStyle, usd } from '../sandbox-http.js';

const style = `${pageStyle}
  .total { display: flex; justify-content: space-between; font-weight: 700; margin: .5rem 0 1rem; }
  button { width: 100%; padding: .75rem; border: 0; border-radius: 8px; font: inherit; font-weight: 700; cursor: pointer; }
  button.pay { background: ${brand.accentColor}; color: #111; } button.cancel { background: transparent; color: #9aa3b2; margin-top: .5rem; }
  button:focus-visible, input:focus-visible { outline: 3px solid #fff; outline-offset: 2px; }
`;

export function checkoutPage(opts: {
  session: {
    id: string;
    mode: string;
    amount_total: number;
    customer_email: string | null;
    customer_details: { email: string } | null;
    status: string;
  };
  items: { name: string; quantity: number; amount: number; recurring: string | null }[];
  trialDays: number | null;
  embedded: boolean;
}): string {
  const { session, items } = opts;
  const target = opts.embedded ? ' target="_top"' : '';
  const rows = items
    .map(
      (i) =>
        `<li><span>${escape(i.name)}${i.quantity > 1 ? ` × ${i.quantity}` : ''}</span><span>${usd(i.amount)}${i.recurring ? `/${escape(i.recurring)}` : ''}</span></li>`,
    )
    .join('');
  const done = session.status !== 'open';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Pay ${escape(brand.labelName)} (Stripe sandbox)</title><style>${style}</style></head><body><main>
<h1>${escape(brand.labelName)}</h1><p class="note">Stripe sandbox: no real money moves. ${opts.trialDays ? `Free for ${opts.trialDays} days, then billed monthly.` : ''}</p>
<ul aria-label="Items">${rows}</ul><div class="total"><span>Total due today</span><span data-testid="total">${usd(session.amount_total)}</span></div>
${
  done
    ? `<p>This checkout is ${escape(session.status)}.</p>`
    : `<form method="post" action="/pay/${escape(session.id)}"${target}>
<label for="email">Email</label><input id="email" name="email" type="email" autocomplete="email" value="${escape(session.customer_details?.email ?? session.customer_email ?? '')}" required>
<label for="card">Card number</label><input id="card" name="card" inputmode="numeric" value="4242 4242 4242 4242" readonly>
<button class="pay" type="submit" name="action" value="pay">Pay ${usd(session.amount_total)}</button>
<button class="cancel" type="submit" name="action" value="cancel" formnovalidate>Cancel</button></form>`
}
</main></body></html>`;
}

export function donePage(title: string, message: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escape(title)}</title><style>${style}</style></head><body><main><h1>${escape(title)}</h1><p>${escape(message)}</p></main></body></html>`;
}
