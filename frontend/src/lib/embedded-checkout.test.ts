/** Which embedded form a checkout session gets comes from the API's answer, never from where the app runs. */
import { describe, expect, it } from 'vitest';
import { embeddedCheckoutForm } from './embedded-checkout';

describe('embeddedCheckoutForm', () => {
  it("frames the Stripe sandbox's own page for the session", () => {
    expect(
      embeddedCheckoutForm({ checkoutUrl: 'http://127.0.0.1:4242/pay/cs_1', clientSecret: 'cs_1_secret_x', publishableKey: null }),
    ).toEqual({ kind: 'page', url: 'http://127.0.0.1:4242/pay/cs_1' });
  });

  it("mounts Stripe's embedded form when the API names a publishable key (real Stripe gives embedded sessions no page)", () => {
    expect(embeddedCheckoutForm({ checkoutUrl: null, clientSecret: 'cs_1_secret_x', publishableKey: 'pk_live_toko' })).toEqual({
      kind: 'stripe',
      publishableKey: 'pk_live_toko',
      clientSecret: 'cs_1_secret_x',
    });
  });

  it('has no form without a page or without a publishable key: the hosted page takes over', () => {
    expect(embeddedCheckoutForm({ checkoutUrl: null, clientSecret: 'cs_1_secret_x', publishableKey: null })).toBeNull();
    expect(embeddedCheckoutForm({ checkoutUrl: null, clientSecret: null, publishableKey: 'pk_live_toko' })).toBeNull();
  });
});
