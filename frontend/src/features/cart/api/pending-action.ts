/** POST /api/auth/pending-action and its /take: the server's copy of the pending checkout (kept 600 s by a cookie; taken once). */
import { savePendingActionAnswer, takePendingAction as takeEndpoint } from '#contract/accounts.js';
import { request } from '../../../lib/http';
import type { PendingCheckout } from '../pending-checkout';

export const savePendingAction = (intent: PendingCheckout) =>
  request('/api/auth/pending-action', savePendingActionAnswer, { method: 'POST', body: intent });

export const takePendingAction = () => request('/api/auth/pending-action/take', takeEndpoint.answer, { method: 'POST' });
