/**
 * The shared switch for the sign-in / sign-up modal, so the header and any page can open it:
 * `useOpenAccountDialog()(intent, options)`. Options carry what the auth modal may hold: the Toko+
 * form shown from the start, the album that asked for an account, and a callback once signed in.
 * The provider sits with the app's other providers; `AccountDialogHost` renders the modal inside the router
 * (it follows links and redirects). The modal's code loads only when first opened.
 */
import { createContext, lazy, Suspense, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import type { SessionUser } from '../../../lib/session';

export type AccountIntent = 'sign-in' | 'sign-up' | 'join-plus';

/** What asked for an account, so the modal can say why (an exclusive album, a Toko+ tier). */
interface AccountDialogContext {
  isExclusive?: boolean;
  albumTitle?: string;
  requiredTier?: string;
  /** What the listener was doing with the album: playing it (the default) or keeping it in their library. */
  action?: 'listen' | 'keep';
}

interface AccountDialogOptions {
  /** Open on sign-up with the Toko+ box ticked ("join-plus" implies it). */
  showSubscriptionForm?: boolean;
  context?: AccountDialogContext;
  /** Called once the session shows the signed-in listener. */
  onSuccess?: (user: SessionUser | null) => void;
}

type OpenAccountDialog = (intent: AccountIntent, options?: AccountDialogOptions) => void;

export interface AccountDialogRequest extends AccountDialogOptions {
  intent: AccountIntent;
  /** A new number per opening: the modal starts over each time (closing resets everything). */
  id: number;
}

const AccountDialog = lazy(() => import('./account-dialog').then((module) => ({ default: module.AccountDialog })));

interface DialogState {
  request: AccountDialogRequest | null;
  open: boolean;
  close: () => void;
}

const AccountDialogSwitch = createContext<OpenAccountDialog>(() => undefined);
const AccountDialogState = createContext<DialogState>({ request: null, open: false, close: () => undefined });

/** Holds the modal's state for everything below it, inside or outside the router. */
export function AccountDialogProvider({ children }: { children: ReactNode }) {
  const [request, setRequest] = useState<AccountDialogRequest | null>(null);
  const [open, setOpen] = useState(false);
  const openDialog = useCallback<OpenAccountDialog>((intent, options = {}) => {
    setRequest((previous) => ({ ...options, intent, id: (previous?.id ?? 0) + 1 }));
    setOpen(true);
  }, []);
  const close = useCallback(() => setOpen(false), []);
  const state = useMemo(() => ({ request, open, close }), [request, open, close]);

  return (
    <AccountDialogSwitch.Provider value={openDialog}>
      <AccountDialogState.Provider value={state}>{children}</AccountDialogState.Provider>
    </AccountDialogSwitch.Provider>
  );
}

/** Renders the modal; placed inside the router (the modal follows links and redirects after sign-in). */
export function AccountDialogHost() {
  const { request, open, close } = useContext(AccountDialogState);
  if (!request) return null;
  return (
    <Suspense fallback={null}>
      <AccountDialog request={request} open={open} onClose={close} />
    </Suspense>
  );
}

export const useOpenAccountDialog = (): OpenAccountDialog => useContext(AccountDialogSwitch);
