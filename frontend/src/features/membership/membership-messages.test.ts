import { describe, expect, it } from 'vitest';
import { HttpError } from '../../lib/http';
import {
  cancelFailure,
  checkFailure,
  exclusiveErrorNotice,
  overlayCheckoutFailure,
  readExclusiveError,
  upgradeFailure,
  videoRequiresPlus,
  videoSlugFailurePath,
} from './membership-messages';

const serverError = (status: number, error: string, message: string) => new HttpError(status, JSON.stringify({ error, message }));

describe('membership messages', () => {
  it('read the error of /exclusive: the two known ones, anything else as other, none as none', () => {
    expect(readExclusiveError('video_not_found')).toBe('video_not_found');
    expect(readExclusiveError('server_error')).toBe('server_error');
    expect(readExclusiveError('boom')).toBe('other');
    expect(readExclusiveError(null)).toBeNull();
  });

  it('explain each error of /exclusive with its own title and sentence', () => {
    expect(exclusiveErrorNotice('video_not_found')).toEqual({
      title: 'Video not found',
      description: 'The requested video was not found.',
    });
    expect(exclusiveErrorNotice('server_error').description).toBe('There was an error loading the video. Please try again.');
    expect(exclusiveErrorNotice('other').description).toBe('An error occurred.');
  });

  it('name the locked video after the sentence when its title is known', () => {
    expect(videoRequiresPlus('Boathouse session')).toBe('This video requires a Toko+ subscription. Boathouse session');
    expect(videoRequiresPlus(null)).toBe('This video requires a Toko+ subscription.');
  });

  it('send a missing video link to video_not_found and any other failure to server_error', () => {
    expect(videoSlugFailurePath(serverError(404, 'video_not_found', 'Video not found'))).toBe('/exclusive?error=video_not_found');
    expect(videoSlugFailurePath(new HttpError(500, 'Internal Server Error'))).toBe('/exclusive?error=server_error');
    expect(videoSlugFailurePath(new TypeError('Failed to fetch'))).toBe('/exclusive?error=server_error');
  });

  it('put a refused coupon beside the coupon box, with the server words', () => {
    expect(upgradeFailure(serverError(400, 'invalid_coupon', 'Coupon NOPE is not valid'))).toEqual({
      field: 'coupon',
      message: 'Coupon NOPE is not valid',
    });
  });

  it('word the other failures of the upgrade checkout as the error catalogue does', () => {
    expect(upgradeFailure(serverError(400, 'email_required', 'Please make sure your account has a valid email address'))).toEqual({
      field: 'form',
      notice: { title: 'Email Required', description: 'Please make sure your account has a valid email address' },
    });
    expect(upgradeFailure(serverError(409, 'already_subscribed', 'You already have Toko+'))).toMatchObject({
      field: 'form',
      notice: { title: 'You already have Toko+' },
    });
    expect(upgradeFailure(new HttpError(502, 'Bad Gateway'))).toEqual({
      field: 'form',
      notice: { title: 'Checkout Error', description: 'Failed to create checkout session' },
    });
    expect(upgradeFailure(new TypeError('Failed to fetch'))).toMatchObject({ field: 'form', notice: { title: 'Connection Error' } });
  });

  it("tell in the overlay's alert what kept the checkout from opening: the connection, the form, the session or else", () => {
    const alert = 'Checkout failed. Please try again or contact support.';
    expect(overlayCheckoutFailure(new TypeError('Failed to fetch'), 'session')).toEqual({
      title: alert,
      description: 'Failed to start checkout. Please try again.',
    });
    expect(overlayCheckoutFailure(new HttpError(502, 'Bad Gateway'), 'session').description).toBe(
      'Failed to create payment session. Please try again.',
    );
    expect(overlayCheckoutFailure(new Error('The hosted checkout has no address'), 'session').description).toBe(
      'Failed to process checkout. Please try again.',
    );
    expect(overlayCheckoutFailure(new HttpError(502, 'Bad Gateway'), 'form').description).toBe(
      'Checkout system not available. Please refresh the page and try again.',
    );
  });

  it('say there is nothing to cancel on a 404, and otherwise give the server words', () => {
    expect(cancelFailure(serverError(404, 'no_subscription', 'No Active Subscription')).title).toBe('No Active Subscription');
    expect(cancelFailure(serverError(502, 'stripe', 'Stripe is down'))).toEqual({
      title: 'Subscription Error',
      description: 'Stripe is down',
    });
  });

  it('ask a guest to sign in before the subscription check, and word other check failures', () => {
    expect(checkFailure(new HttpError(401, 'Unauthorized')).title).toBe('Login Required');
    expect(checkFailure(serverError(403, 'forbidden', 'Enter the e-mail of the account you are signed in with'))).toEqual({
      title: 'Error checking subscription',
      description: 'Enter the e-mail of the account you are signed in with',
    });
    expect(checkFailure(new TypeError('Failed to fetch')).title).toBe('Check Failed');
  });
});
