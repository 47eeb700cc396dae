/**
 * The shared switch for the sign-up / join dialog, so the header and any page can open it. Accounts are a
 * later slice: for now the dialog tells the listener so, and the dialog's code loads only when first opened.
 */
import { createContext, lazy, Suspense, useContext, useMemo, useState, type ReactNode } from 'react';

export type AccountIntent = 'sign-in' | 'sign-up' | 'join-plus';

const AccountDialog = lazy(() => import('./account-dialog').then((module) => ({ default: module.AccountDialog })));

const AccountDialogContext = createContext<(intent: AccountIntent) => void>(() => undefined);

export function AccountDialogProvider({ children }: { children: ReactNode }) {
  const [intent, setIntent] = useState<AccountIntent | null>(null);
  const [everOpened, setEverOpened] = useState(false);
  const open = useMemo(
    () => (next: AccountIntent) => {
      setEverOpened(true);
      setIntent(next);
    },
    [],
  );

  return (
    <AccountDialogContext.Provider value={open}>
      {children}
      {everOpened && (
        <Suspense fallback={null}>
          <AccountDialog intent={intent} onClose={() => setIntent(null)} />
        </Suspense>
      )}
    </AccountDialogContext.Provider>
  );
}

export const useOpenAccountDialog = (): ((intent: AccountIntent) => void) => useContext(AccountDialogContext);
