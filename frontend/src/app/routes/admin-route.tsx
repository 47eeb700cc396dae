/**
 * /admin and /sync-manager: the label's admin areas, loaded on demand. Listeners who are not admins get a clear
 * page instead (the server refuses them the admin API in any case). /admin is the panel of features/admin; the
 * sync manager's console arrives with a later issue.
 */
import { LayoutDashboard, RefreshCcw, ShieldAlert } from 'lucide-react';
import { Link } from 'react-router';
import { AdminArea } from '../../features/admin';
import { useOpenAccountDialog } from '../../features/auth/components/account-dialog-provider';
import { useDocumentTitle } from '../../lib/document-title';
import { useSession } from '../../lib/session';
import { Button, buttonClass } from '../../ui/button';
import { Spinner } from '../../ui/spinner';

const areas = {
  admin: { title: 'Admin Panel', icon: LayoutDashboard, about: 'Users, catalogue, plays and sales of the label.' },
  'sync-manager': { title: 'Sync Manager', icon: RefreshCcw, about: 'Keeping the catalogue in step with the stores and platforms.' },
} as const;

/** /admin/*: the panel, with its own screens and routes. */
export function AdminPanelRoute() {
  const openAccountDialog = useOpenAccountDialog();
  return <AdminArea onSignIn={() => openAccountDialog('sign-in')} />;
}

export function AdminRoute({ area }: { area: keyof typeof areas }) {
  const { isLoading, isSignedIn, isAdmin } = useSession();
  const { title, icon: Icon, about } = areas[area];
  useDocumentTitle(isAdmin ? title : 'Admins only');

  if (isLoading) return <Spinner label="Checking your account…" className="py-24" />;
  if (!isAdmin) return <AdminsOnly signedIn={isSignedIn} />;
  return (
    <section className="space-y-6" data-testid="admin-area" data-area={area}>
      <h1 className="flex items-center gap-3 text-3xl font-extrabold text-zinc-50">
        <Icon aria-hidden="true" className="size-8 text-accent" />
        {title}
      </h1>
      <p className="text-zinc-200">{about}</p>
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

function AdminsOnly({ signedIn }: { signedIn: boolean }) {
  const openAccountDialog = useOpenAccountDialog();
  return (
    <div className="flex flex-col items-center gap-4 py-16 text-center" data-testid="admins-only">
      <ShieldAlert aria-hidden="true" className="size-10 text-accent" />
      <h1 className="text-3xl font-bold text-zinc-50">Admins only</h1>
      <p className="max-w-md text-zinc-300">
        This area is for the label's administrators.{' '}
        {signedIn ? 'Your account does not have admin access.' : 'Sign in with an administrator account to continue.'}
      </p>
      <div className="flex flex-wrap justify-center gap-3">
        {!signedIn && <Button onClick={() => openAccountDialog('sign-in')}>Sign In</Button>}
        <Link to="/" className={buttonClass('secondary')}>
          Go to Home
        </Link>
      </div>
    </div>
  );
}
