/** POST /api/auth/pending-action and its /take: the server's copy of the pending checkout (kept 600 s by a cookie; taken once). */
import { api } from '../../../lib/http';
import type { PendingCheckout } from '../pending-checkout';

/** The answers' schemas, loaded apart from the first page's code (lib/http.ts). */
const accountsSchemas = () => import('#contract/accounts.js');

export const savePendingAction = (intent: PendingCheckout) =>
  api('POST /api/auth/pending-action', () => accountsSchemas().then((c) => c.savePendingActionAnswer), { body: intent });

export const takePendingAction = () =>
  api('POST /api/auth/pending-action/take', () => accountsSchemas().then((c) => c.takePendingAction.answer));
