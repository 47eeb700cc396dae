/**
 * /admin and /sync-manager: the label's admin areas, loaded on demand. Listeners who are not admins get a clear
 * page instead (the server refuses them the admin API in any case). /admin is the panel of features/admin, and
 * /sync-manager its operations console.
 */
import { AdminArea, AdminsOnly, StepUpDialog, SyncManager } from '../../features/admin';
import { useOpenAccountDialog } from '../../features/auth/components/account-dialog-provider';
import { useDocumentTitle } from '../../lib/document-title';
import { useSession } from '../../lib/session';
import { Spinner } from '../../ui/spinner';

/** /admin/*: the panel, with its own screens and routes. */
export function AdminPanelRoute() {
  const openAccountDialog = useOpenAccountDialog();
  return <AdminArea onSignIn={() => openAccountDialog('sign-in')} />;
}

/** /sync-manager/*: the operations console (features/admin/ops). */
export function SyncManagerRoute() {
  const { isLoading, isSignedIn, isAdmin, adminMay } = useSession();
  const openAccountDialog = useOpenAccountDialog();
  useDocumentTitle(isAdmin ? 'Sync Manager' : 'Admins only');

  if (isLoading) return <Spinner label="Checking your account…" className="py-24" />;
  if (!isAdmin || !adminMay('operations')) return <AdminsOnly signedIn={isSignedIn} onSignIn={() => openAccountDialog('sign-in')} />;
  return (
    <>
      <SyncManager />
      <StepUpDialog />
    </>
  );
}
