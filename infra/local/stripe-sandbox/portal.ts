/**
 * The sandbox's customer portal page, Stripe's billing portal in miniature: the member's plan and card, a form to
 * change the card, switching to another price of the plan, cancelling at the end of the period, taking a cancellation
 * back before it ends, and the way back. It shows only what the portal session's configuration enables.
 */
import { brand } from '../../../events/brand.js';
import { escapeHtml as escape } from '../../../functions/platform/contract/html.js';
import { pageStyle, usd } from '../sandbox-http.js';

const style = `${pageStyle}
  h2 { font-size: 1rem; margin: 1.25rem 0 .5rem; }
  button, a.back { display: block; width: 100%; box-sizing: border-box; text-align: center; padding: .75rem; border: 0; border-radius: 8px; font: inherit; font-weight: 700; cursor: pointer; text-decoration: none; }
  button.primary { background: ${brand.accentColor}; color: #111; } button.quiet, a.back { background: transparent; color: #c7ceda; border: 1px solid #3a4150; margin-top: .5rem; }
  p.notice { background: #12321f; color: #b7f0c8; padding: .5rem .75rem; border-radius: 8px; } p.error { background: #3a1518; color: #ffc9cc; padding: .5rem .75rem; border-radius: 8px; }
  ul.plans li { align-items: center; gap: .75rem; } ul.plans button { width: auto; margin: 0; padding: .5rem .75rem; }
  button:focus-visible, input:focus-visible, a.back:focus-visible { outline: 3px solid #fff; outline-offset: 2px; }
`;

interface PortalView {
  sessionId: string;
  returnUrl: string;
  email: string | null;
  /** Null when the configuration does not let the customer change the card. */
  cardLast4: string | null;
  plan: {
    name: string;
    amount: number;
    status: string;
    cancelAtPeriodEnd: boolean;
    periodEnd: number;
    cancellable: boolean;
    /** The prices the member may switch to (none when the configuration allows no plan change). */
    otherPlans: { priceId: string; name: string; amount: number }[];
  } | null;
  notice: string | null;
  error: string | null;
}

const day = (unix: number) =>
  new Date(unix * 1000).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });

/** The other prices as one choice each: the switch is at once, and the new price is billed from the next renewal. */
function changePlan(action: string, plans: { priceId: string; name: string; amount: number }[]): string {
  const choices = plans
    .map(
      (p) =>
        `<li><span>${escape(p.name)}</span><button class="quiet" type="submit" name="price" value="${escape(p.priceId)}">Switch to ${usd(p.amount)}/month</button></li>`,
    )
    .join('');
  return `<h2>Change plan</h2><p class="note">Same benefits at every price; the new price is billed from your next renewal.</p>
<form method="post" action="${action}"><input type="hidden" name="action" value="switch"><ul aria-label="Prices you can switch to" class="plans">${choices}</ul></form>`;
}

export function portalPage(view: PortalView): string {
  const action = `/portal/${escape(view.sessionId)}`;
  const plan = view.plan;
  const planSection = plan
    ? `<h2>Current plan</h2><ul aria-label="Plan"><li><span>${escape(plan.name)}</span><span>${usd(plan.amount)}/month</span></li>
<li><span>${plan.cancelAtPeriodEnd ? 'Cancels on' : 'Renews on'}</span><span data-testid="period-end">${day(plan.periodEnd)}</span></li></ul>
${plan.otherPlans.length ? changePlan(action, plan.otherPlans) : ''}${
        plan.cancellable
          ? `<form method="post" action="${action}">${
              plan.cancelAtPeriodEnd
                ? `<button class="primary" type="submit" name="action" value="resume">Renew plan</button>`
                : `<button class="quiet" type="submit" name="action" value="cancel">Cancel plan</button>`
            }</form>`
          : ''
      }`
    : `<h2>Current plan</h2><p>No plan that renews.</p>`;
  const cardSection =
    view.cardLast4 === null
      ? ''
      : `<h2>Payment method</h2><p data-testid="card">Card ending in ${escape(view.cardLast4)}</p>
<form method="post" action="${action}"><label for="card">New card number</label><input id="card" name="card" inputmode="numeric" autocomplete="cc-number" placeholder="4242 4242 4242 4242" required>
<button class="quiet" type="submit" name="action" value="card">Update card</button></form>`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(brand.labelName)} billing (Stripe sandbox)</title><style>${style}</style></head><body><main>
<h1>${escape(brand.labelName)} billing</h1><p class="note">Stripe sandbox customer portal${view.email ? ` for ${escape(view.email)}` : ''}: no real money moves.</p>
${view.notice ? `<p class="notice" role="status">${escape(view.notice)}</p>` : ''}${view.error ? `<p class="error" role="alert">${escape(view.error)}</p>` : ''}
${planSection}
${cardSection}
<a class="back" href="${escape(view.returnUrl)}">Return to ${escape(brand.labelName)}</a>
</main></body></html>`;
}
