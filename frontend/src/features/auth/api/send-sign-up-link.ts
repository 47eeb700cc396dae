/**
 * POST /api/auth/send-magic-auth-link: the sign-up modal's e-mail step (one message with the code and the link),
 * retried on POST /api/auth/send-magic-link when the address already has an account, as the spec does.
 */
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { request } from '../../../lib/http';
import { saysEmailExists } from '../sign-in-messages';

const sendLinkAnswerSchema = z.object({
  message: z.nullish(z.string()),
  is_new_user: z.nullish(z.boolean()),
  isAdminAccount: z.nullish(z.boolean()),
  requiresPassword: z.nullish(z.boolean()),
});
export type SignUpLinkAnswer = z.infer<typeof sendLinkAnswerSchema>;

export interface SignUpLinkRequest {
  email: string;
  /** "subscribe" when the Toko+ box is ticked, so the verified code answers with the subscription intent. */
  intent: 'subscribe' | 'free';
}

export async function sendSignUpLink(body: SignUpLinkRequest): Promise<SignUpLinkAnswer> {
  try {
    return await request('/api/auth/send-magic-auth-link', sendLinkAnswerSchema, { method: 'POST', body });
  } catch (error) {
    if (!saysEmailExists(error)) throw error;
    return request('/api/auth/send-magic-link', sendLinkAnswerSchema, { method: 'POST', body });
  }
}

export const useSendSignUpLink = () => useMutation({ mutationFn: sendSignUpLink });
