/**
 * An admin's second step, after the password: set up the authenticator app (its secret, then a code of it that
 * confirms it and answers the recovery codes once), or sign in with a code of the app or a recovery code.
 * The server sets the session cookie when the step succeeds.
 */
import { adminTotpConfirmAnswer, adminTotpEnrolmentAnswer, adminTotpVerifyAnswer } from '#contract/accounts.js';
import { api } from '../../../lib/http';

export const startTotpEnrolment = (challenge: string) =>
  api('POST /api/auth/admin/totp/enrolment', adminTotpEnrolmentAnswer, { body: { challenge } });

export const confirmTotpEnrolment = (body: { challenge: string; code: string }) =>
  api('POST /api/auth/admin/totp/confirm', adminTotpConfirmAnswer, { body });

export const verifySecondFactor = (body: { challenge: string } & ({ code: string } | { recoveryCode: string })) =>
  api('POST /api/auth/admin/totp/verify', adminTotpVerifyAnswer, { body });
