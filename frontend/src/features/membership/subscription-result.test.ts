import { describe, expect, it } from 'vitest';
import { activationState, successState, type ActivationFacts, type SuccessFacts } from './subscription-result';

const paidListener: SuccessFacts = {
  sessionLoading: false,
  signedIn: true,
  isSubscriber: false,
  hasSessionId: true,
  answered: false,
  verifyFailed: false,
  gaveUp: false,
};

describe('the subscription success page', () => {
  it('verifies until the server answers, processes until the session shows Toko+, then is subscribed', () => {
    expect(successState({ ...paidListener, sessionLoading: true })).toBe('verifying');
    expect(successState(paidListener)).toBe('verifying');
    expect(successState({ ...paidListener, answered: true })).toBe('processing');
    expect(successState({ ...paidListener, answered: true, isSubscriber: true })).toBe('subscribed');
  });

  it('gives up after the activation deadline, and reports a failed verification', () => {
    expect(successState({ ...paidListener, answered: true, gaveUp: true })).toBe('not-found');
    expect(successState({ ...paidListener, verifyFailed: true })).toBe('error');
  });

  it('asks a guest to sign in, and without a session id trusts the session alone', () => {
    expect(successState({ ...paidListener, signedIn: false })).toBe('sign-in');
    expect(successState({ ...paidListener, hasSessionId: false })).toBe('not-found');
    expect(successState({ ...paidListener, hasSessionId: false, isSubscriber: true })).toBe('subscribed');
  });
});

const listener: ActivationFacts = { sessionLoading: false, signedIn: true, hasEmail: true, isSubscriber: undefined, checkFailed: false };

describe('the activation page', () => {
  it('checks, then finds the membership or not', () => {
    expect(activationState({ ...listener, sessionLoading: true })).toBe('checking');
    expect(activationState(listener)).toBe('checking');
    expect(activationState({ ...listener, isSubscriber: true })).toBe('found');
    expect(activationState({ ...listener, isSubscriber: false })).toBe('not-found');
    expect(activationState({ ...listener, checkFailed: true })).toBe('error');
  });

  it('needs a signed-in account with an e-mail', () => {
    expect(activationState({ ...listener, signedIn: false })).toBe('sign-in');
    expect(activationState({ ...listener, hasEmail: false })).toBe('no-email');
  });
});
