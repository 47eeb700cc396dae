/**
 * The words of the membership screens for what went wrong, one title and sentence per error code,
 * kept pure so each rule is tested once.
 */
import { brand } from '../../lib/brand';
import { HttpError, isNetworkError, serverMessageOf } from '../../lib/http';

export interface Notice {
  title: string;
  description?: string;
}

/** The `error` of /exclusive?error=…, as the video-by-slug page sets it. */
export type ExclusiveError = 'video_not_found' | 'server_error' | 'other';

export const readExclusiveError = (raw: string | null): ExclusiveError | null =>
  raw === null ? null : raw === 'video_not_found' || raw === 'server_error' ? raw : 'other';

export function exclusiveErrorNotice(error: ExclusiveError): Notice {
  switch (error) {
    case 'video_not_found':
      return { title: 'Video not found', description: 'The requested video was not found.' };
    case 'server_error':
      return { title: 'Video not available', description: 'There was an error loading the video. Please try again.' };
    case 'other':
      return { title: 'Something went wrong', description: 'An error occurred.' };
    default: {
      const unknown: never = error;
      return unknown;
    }
  }
}

/** A locked video: the sentence that asks for Toko+, with the video's title when it is known. */
export const videoRequiresPlus = (title: string | null): string =>
  `This video requires a ${brand.productPlus} subscription.${title ? ` ${title}` : ''}`;

export const PLAYER_FAILED = 'Failed to load video player.';

/** Where /video/{slug} goes when the video cannot be opened: a 404 is "not found", anything else a server error. */
export const videoSlugFailurePath = (error: unknown): string =>
  `/exclusive?error=${error instanceof HttpError && error.status === 404 ? 'video_not_found' : 'server_error'}`;

/** Both the embedded and the hosted checkout failed (the overlay's alert). */
export const checkoutFailed: Notice = { title: 'Checkout failed. Please try again or contact support.' };

/** Where the overlay's checkout broke before the hosted page failed too: creating the session, or showing Stripe's form. */
type CheckoutBreak = 'session' | 'form';

/**
 * The overlay's alert when no checkout could be opened: one alert title, with the 'Checkout Error' sentence
 * that says what failed (the connection, Stripe's form, the payment session, or anything else).
 */
export function overlayCheckoutFailure(error: unknown, broke: CheckoutBreak): Notice {
  const said = (description: string): Notice => ({ title: checkoutFailed.title, description });
  if (isNetworkError(error)) return said('Failed to start checkout. Please try again.');
  if (broke === 'form') return said('Checkout system not available. Please refresh the page and try again.');
  if (error instanceof HttpError) return said('Failed to create payment session. Please try again.');
  return said('Failed to process checkout. Please try again.');
}

/** The upgrade page's checkout could not start: the coupon, the e-mail, membership, or anything else. */
type UpgradeFailure = { field: 'coupon'; message: string } | { field: 'form'; notice: Notice };

/** The machine-readable `error` of the server's `{ error, message }` body (the HttpError's text after "<status>: "). */
function serverCode(error: HttpError): string | null {
  try {
    const body: unknown = JSON.parse(error.message.slice(`${error.status}: `.length));
    const code = body && typeof body === 'object' ? (body as { error?: unknown }).error : null;
    return typeof code === 'string' ? code : null;
  } catch {
    return null;
  }
}

export function upgradeFailure(error: unknown): UpgradeFailure {
  if (isNetworkError(error))
    return { field: 'form', notice: { title: 'Connection Error', description: 'Please check your connection and try again.' } };
  const server = serverMessageOf(error);
  if (error instanceof HttpError) {
    const code = serverCode(error);
    if (code === 'invalid_coupon') return { field: 'coupon', message: server ?? 'This coupon is not valid' };
    if (code === 'email_required') {
      return { field: 'form', notice: { title: 'Email Required', description: 'Please make sure your account has a valid email address' } };
    }
    if (error.status === 409)
      return { field: 'form', notice: { title: `You already have ${brand.productPlus}`, description: server ?? undefined } };
  }
  return { field: 'form', notice: { title: 'Checkout Error', description: server ?? 'Failed to create checkout session' } };
}

/** The account page's cancellation failed: nothing to cancel, or anything else. */
export function cancelFailure(error: unknown): Notice {
  if (error instanceof HttpError && error.status === 404)
    return { title: 'No Active Subscription', description: 'There is no subscription to cancel on this account.' };
  if (isNetworkError(error)) return { title: 'Network error', description: 'Please check your connection and try again.' };
  return {
    title: 'Subscription Error',
    description: serverMessageOf(error) ?? 'Your subscription could not be cancelled. Please try again.',
  };
}

/** The subscription check (activation page, success page) could not answer. */
export function checkFailure(error: unknown): Notice {
  if (error instanceof HttpError && error.status === 401)
    return { title: 'Login Required', description: 'Sign in to check your subscription.' };
  if (isNetworkError(error)) return { title: 'Check Failed', description: 'Please check your connection and try again.' };
  return { title: 'Error checking subscription', description: serverMessageOf(error) ?? 'Please try again.' };
}

export const subscriptionNotFound: Notice = {
  title: 'Subscription Not Found',
  description: `If you just checked out, activation can take up to 5 minutes. Still nothing? Contact support at ${brand.supportEmail}.`,
};
