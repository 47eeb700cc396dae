import { describe, expect, it } from 'vitest';
import { HttpError } from '../../lib/http';
import { addToCartFailure, checkoutFailure, CHECKOUT_FAILED, sendCodeFailure, syncFailure, syncResultNotice } from './cart-messages';

const serverError = (status: number, error: string, message: string) => new HttpError(status, JSON.stringify({ error, message }));

describe('adding to the cart fails', () => {
  it("says 'Already in Cart' for the server's and the guest cart's refusal", () => {
    expect(addToCartFailure(serverError(409, 'already_in_cart', 'Album already in cart'), 'Paper Satellites')).toEqual({
      kind: 'already-in-cart',
      notice: { title: 'Already in Cart', description: 'Paper Satellites is already in your cart.' },
    });
    expect(addToCartFailure(new Error('Album already in cart'), 'X').kind).toBe('already-in-cart');
  });

  it("says 'Already Owned' for an album bought before", () => {
    const failure = addToCartFailure(serverError(409, 'already_owned', 'You already own this album'), 'X');
    expect(failure).toMatchObject({ kind: 'already-owned', notice: { title: 'Already Owned' } });
  });

  it('shows the server text for anything else', () => {
    expect(addToCartFailure(serverError(400, 'not_for_sale', 'X is not for sale'), 'X')).toEqual({
      kind: 'other',
      notice: { title: 'Failed to add to cart', description: 'X is not for sale' },
    });
  });
});

describe('the guest cart sync says', () => {
  it('how many items moved', () => {
    expect(syncResultNotice({ syncedItems: 2, sent: ['a', 'b'], inCart: ['a', 'b'] })).toEqual({
      title: 'Cart Synced',
      description: '2 items added to your cart',
    });
    expect(syncResultNotice({ syncedItems: 1, sent: ['a'], inCart: ['a'] })?.description).toBe('1 item added to your cart');
  });

  it('nothing when every album was already there', () => {
    expect(syncResultNotice({ syncedItems: 0, sent: ['a'], inCart: ['a'] })).toBeNull();
  });

  it('that some items could not be moved', () => {
    expect(syncResultNotice({ syncedItems: 1, sent: ['a', 'b'], inCart: ['a'] })?.title).toBe('Cart Sync Failed');
  });

  it('why it failed', () => {
    expect(syncFailure(serverError(500, 'internal', '')).title).toBe('Sync Failed');
    expect(syncFailure(new TypeError('Failed to fetch')).title).toBe('Sync Error');
    expect(syncFailure(new Error('Unexpected answer')).title).toBe('Cart Sync Error');
  });
});

describe('signing in from the cart and checking out fail with', () => {
  it("'Authentication Error' and the server text, or a generic sentence when the server gave none", () => {
    expect(sendCodeFailure(serverError(429, 'rate_limited', 'Too many codes'))).toEqual({
      title: 'Authentication Error',
      description: 'Too many codes',
    });
    expect(sendCodeFailure(new HttpError(500, 'Internal Server Error'))).toEqual({
      title: 'Authentication Error',
      description: 'Failed to send verification code. Please try again.',
    });
  });

  it("the buyer's own fix when there is one, else 'Checkout Failed'", () => {
    expect(checkoutFailure(serverError(400, 'email_required', 'Email verification required for checkout')).title).toBe('Email Required');
    expect(checkoutFailure(serverError(400, 'empty_cart', 'Add some albums to your cart first')).title).toBe('Empty Cart');
    expect(checkoutFailure(serverError(409, 'already_owned', 'You already own this album'))).toEqual({
      title: 'Checkout Failed',
      description: 'You already own this album',
    });
    expect(checkoutFailure(new TypeError('Failed to fetch'))).toBe(CHECKOUT_FAILED);
  });
});
