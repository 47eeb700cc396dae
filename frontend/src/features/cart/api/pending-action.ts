/** POST and GET /api/auth/pending-action: the server's copy of the pending checkout (kept 600 s by a cookie; read once). */
import * as accounts from '../../../../../functions/contract/accounts';
import { request } from '../../../lib/http';
import type { PendingCheckout } from '../pending-checkout';

export const savePendingAction = (intent: PendingCheckout) =>
  request('/api/auth/pending-action', accounts.savePendingAction.answer, { method: 'POST', body: intent });

export const takePendingAction = () => request('/api/auth/pending-action', accounts.getPendingAction.answer);
