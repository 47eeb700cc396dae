/**
 * POST /api/auth/send-magic-auth-link: the sign-up modal's e-mail step (one message with the code and the link),
 * retried on POST /api/auth/send-magic-link when the address already has an account, so the person still gets in.
 */
import { sendSignUpLinkAnswer } from '#contract/accounts.js';
import { api } from '../../../lib/http';
import { saysEmailExists } from '../sign-in-messages';

interface SignUpLinkRequest {
  email: string;
  /** "subscribe" when the Toko+ box is ticked, so the verified code answers with the subscription intent. */
  intent: 'subscribe' | 'free';
}

export async function sendSignUpLink(body: SignUpLinkRequest) {
  try {
    return await api('POST /api/auth/send-magic-auth-link', sendSignUpLinkAnswer, { body });
  } catch (error) {
    if (!saysEmailExists(error)) throw error;
    return api('POST /api/auth/send-magic-link', sendSignUpLinkAnswer, { body });
  }
}
