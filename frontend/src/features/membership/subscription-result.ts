/**
 * What the result pages after a Toko+ checkout show, decided from what is known so far: the session, the
 * server's verification of the checkout, and how long the page has waited. Pure, so each path is tested.
 */

/** The success page: verifying (its first 2 s), then subscribed or processing; the rest are ways it can end. */
type SuccessState = 'verifying' | 'processing' | 'subscribed' | 'sign-in' | 'not-found' | 'error';

export interface SuccessFacts {
  sessionLoading: boolean;
  signedIn: boolean;
  /** The session shows the Toko+ tier (the header's badge). */
  isSubscriber: boolean;
  hasSessionId: boolean;
  /** The server answered the verification at least once. */
  answered: boolean;
  verifyFailed: boolean;
  /** Activation has taken longer than it ever should. */
  gaveUp: boolean;
}

export function successState(facts: SuccessFacts): SuccessState {
  if (facts.sessionLoading) return 'verifying';
  if (!facts.signedIn) return 'sign-in';
  if (!facts.hasSessionId) return facts.isSubscriber ? 'subscribed' : 'not-found';
  if (facts.verifyFailed) return 'error';
  if (!facts.answered) return 'verifying';
  if (facts.isSubscriber) return 'subscribed';
  return facts.gaveUp ? 'not-found' : 'processing';
}

/** The activation page's check: checking, then found, not-found or error (and sign-in first for a guest). */
type ActivationState = 'checking' | 'found' | 'not-found' | 'error' | 'sign-in' | 'no-email';

export interface ActivationFacts {
  sessionLoading: boolean;
  signedIn: boolean;
  hasEmail: boolean;
  /** The server's answer to the check, once there is one. */
  isSubscriber: boolean | undefined;
  checkFailed: boolean;
}

export function activationState(facts: ActivationFacts): ActivationState {
  if (facts.sessionLoading) return 'checking';
  if (!facts.signedIn) return 'sign-in';
  if (!facts.hasEmail) return 'no-email';
  if (facts.checkFailed) return 'error';
  if (facts.isSubscriber === undefined) return 'checking';
  return facts.isSubscriber ? 'found' : 'not-found';
}
