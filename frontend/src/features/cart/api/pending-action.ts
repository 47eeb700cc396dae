/** POST /api/auth/pending-action and its /take: the server's copy of the pending checkout (kept 600 s by a cookie; taken once). */
import { savePendingActionAnswer, takePendingAction as takeEndpoint } from '#contract/accounts.js';
import { api } from '../../../lib/http';
import type { PendingCheckout } from '../pending-checkout';

export const savePendingAction = (intent: PendingCheckout) =>
  api('POST /api/auth/pending-action', savePendingActionAnswer, { body: intent });

export const takePendingAction = () => api('POST /api/auth/pending-action/take', takeEndpoint.answer);
