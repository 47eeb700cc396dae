/** Contract of the `stripe-webhook` context: Stripe's deliveries (the body is read raw, for its signature). */
import * as z from 'zod/mini';
import { endpoint } from '../../platform/contract/endpoint.js';

export const webhookAnswer = z.object({ received: z.literal(true), outcome: z.string() });
export const webhook = endpoint({ answer: webhookAnswer });
