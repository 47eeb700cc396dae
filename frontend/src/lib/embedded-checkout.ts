/**
 * Which embedded payment form an embedded checkout session gets, from what the API answered (never from where the
 * app runs): a Stripe-compatible sandbox's own page for the session, shown in a frame; Stripe's embedded form, mounted
 * with Stripe.js, when the API names a publishable key (real Stripe keys); or none, and the hosted page takes over.
 */
export type EmbeddedCheckoutForm = { kind: 'page'; url: string } | { kind: 'stripe'; publishableKey: string; clientSecret: string };

interface EmbeddedSessionAnswer {
  checkoutUrl: string | null;
  clientSecret: string | null;
  publishableKey: string | null;
}

export function embeddedCheckoutForm({ checkoutUrl, clientSecret, publishableKey }: EmbeddedSessionAnswer): EmbeddedCheckoutForm | null {
  if (checkoutUrl) return { kind: 'page', url: checkoutUrl };
  if (clientSecret && publishableKey) return { kind: 'stripe', publishableKey, clientSecret };
  return null;
}
