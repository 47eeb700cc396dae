/**
 * Where the pending checkout is kept: this tab's session storage, local storage (a sign-in link
 * opened in another tab), and the server (600 s, behind its own cookie). Whichever copy is read, all are cleared.
 */
import { readStored, removeStored, writeStored } from '../../lib/storage';
import { savePendingAction, takePendingAction } from './api/pending-action';
import { parsePendingCheckout, pendingCheckout, PENDING_CHECKOUT_KEY, readPendingCheckout, type PendingCheckout } from './pending-checkout';

export async function savePendingCheckout(includeSubscription: boolean): Promise<void> {
  const intent = pendingCheckout(includeSubscription, Date.now());
  const stored = JSON.stringify(intent);
  writeStored('session', PENDING_CHECKOUT_KEY, stored);
  writeStored('local', PENDING_CHECKOUT_KEY, stored);
  // The browser copies are enough to resume here; the server copy is a backup, so its failure does not stop sign-in.
  await savePendingAction(intent).catch(() => undefined);
}

/** The intent this browser holds, without clearing it: a cheap look that needs no request. */
export const storedPendingCheckout = (): PendingCheckout | null =>
  parsePendingCheckout(readStored('session', PENDING_CHECKOUT_KEY), Date.now()) ??
  parsePendingCheckout(readStored('local', PENDING_CHECKOUT_KEY), Date.now());

/** Reads the intent once and clears every copy; `askServer` also consults the server when the browser holds none. */
export async function takePendingCheckout({ askServer }: { askServer: boolean }): Promise<PendingCheckout | null> {
  const stored = storedPendingCheckout();
  removeStored('session', PENDING_CHECKOUT_KEY);
  removeStored('local', PENDING_CHECKOUT_KEY);
  if (!stored && !askServer) return null;
  // Taking the server copy clears it too.
  const server = await takePendingAction().catch(() => null);
  return stored ?? readPendingCheckout(server, Date.now());
}
