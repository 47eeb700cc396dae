/**
 * /admin and /sync-manager: the label's admin areas, loaded on demand. Listeners who are not admins get a clear
 * page instead (the server refuses them the admin API in any case). /admin is the panel of features/admin; the
 * sync manager's console arrives with a later issue.
 */
import { RefreshCcw } from 'lucide-react';
import { Link } from 'react-router';
import { AdminArea, AdminsOnly } from '../../features/admin';
import { useOpenAccountDialog } from '../../features/auth/components/account-dialog-provider';
import { useDocumentTitle } from '../../lib/document-title';
import { useSession } from '../../lib/session';
import { Spinner } from '../../ui/spinner';

/** /admin/*: the panel, with its own screens and routes. */
export function AdminPanelRoute() {
  const openAccountDialog = useOpenAccountDialog();
  return <AdminArea onSignIn={() => openAccountDialog('sign-in')} />;
}

/** /sync-manager/*: the operations console's place (issue #15). */
export function SyncManagerRoute() {
  const { isLoading, isSignedIn, isAdmin } = useSession();
  const openAccountDialog = useOpenAccountDialog();
  useDocumentTitle(isAdmin ? 'Sync Manager' : 'Admins only');

  if (isLoading) return <Spinner label="Checking your account…" className="py-24" />;
  if (!isAdmin) return <AdminsOnly signedIn={isSignedIn} onSignIn={() => openAccountDialog('sign-in')} />;
  return (
    <section className="space-y-6" data-testid="admin-area" data-area="sync-manager">
      <h1 className="flex items-center gap-3 text-3xl font-extrabold text-zinc-50">
        <RefreshCcw aria-hidden="true" className="size-8 text-accent" />
        Sync Manager
      </h1>
      <p className="text-zinc-200">Keeping the catalogue in step with the stores and platforms.</p>
      <div className="rounded-2xl border border-dashed border-white/15 p-8 text-center text-zinc-300">
        The panels of this area arrive in an upcoming release. Meanwhile the{' '}
        <Link to="/deployment-check" className="font-semibold text-accent hover:underline">
          deployment status
        </Link>{' '}
        shows what is live.
      </div>
    </section>
  );
}
