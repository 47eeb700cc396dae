/** POST and GET /api/auth/pending-action: the server's copy of the pending checkout (kept 600 s by a cookie; read once). */
import { z } from 'zod/mini';
import { request } from '../../../lib/http';
import type { PendingCheckout } from '../pending-checkout';

const pendingAnswerSchema = z.object({
  action: z.nullish(z.string()),
  includeSubscription: z.nullish(z.boolean()),
  ts: z.nullish(z.number()),
});

export const savePendingAction = (intent: PendingCheckout) =>
  request('/api/auth/pending-action', z.unknown(), { method: 'POST', body: intent });

export const takePendingAction = () => request('/api/auth/pending-action', pendingAnswerSchema);
