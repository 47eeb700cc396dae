/**
 * /admin: the label's panel. Only admins get it (the server refuses everyone else every /api/admin call in any
 * case); each screen is its own chunk, so listeners never download admin code and admins only what they open.
 */
import {
  Clapperboard,
  Disc3,
  FileText,
  LayoutDashboard,
  ListMusic,
  Mail,
  Mic2,
  Receipt,
  RefreshCcw,
  ShieldAlert,
  Users,
} from 'lucide-react';
import { lazy, Suspense } from 'react';
import { Link, Navigate, Route, Routes } from 'react-router';
import { useDocumentTitle } from '../../../lib/document-title';
import { useSession, type AdminPermission } from '../../../lib/session';
import { Button, buttonClass } from '../../../ui/button';
import { Spinner } from '../../../ui/spinner';
import { SectionTabs } from './section-tabs';
import { StepUpDialog } from './step-up-dialog';

const DashboardPage = lazy(() => import('../dashboard/dashboard-page').then((m) => ({ default: m.DashboardPage })));
const ReleaseBoard = lazy(() => import('./release-board').then((m) => ({ default: m.ReleaseBoard })));
const ReleaseEditor = lazy(() => import('./release-editor').then((m) => ({ default: m.ReleaseEditor })));
const ArtistsPage = lazy(() => import('./artists-page').then((m) => ({ default: m.ArtistsPage })));
const PeoplePage = lazy(() => import('../people/people-page').then((m) => ({ default: m.PeoplePage })));
const ListenerPage = lazy(() => import('../people/listener-page').then((m) => ({ default: m.ListenerPage })));
const FanSignupsPage = lazy(() => import('../people/fan-signups-page').then((m) => ({ default: m.FanSignupsPage })));
const SalesPage = lazy(() => import('../sales/sales-page').then((m) => ({ default: m.SalesPage })));
const StatementsPage = lazy(() => import('../statements/statements-page').then((m) => ({ default: m.StatementsPage })));
const PlaylistsPage = lazy(() => import('./playlists-page').then((m) => ({ default: m.PlaylistsPage })));
const PlaylistEditor = lazy(() => import('./playlist-editor').then((m) => ({ default: m.PlaylistEditor })));
const VideosPage = lazy(() => import('./videos-page').then((m) => ({ default: m.VideosPage })));

/** The panel's sections, each with the permission it needs (the dashboard is every admin's home). */
const sections: { to: string; label: string; icon: typeof Users; permission?: AdminPermission }[] = [
  { to: '/admin', label: 'Dashboard', icon: LayoutDashboard },
  { to: '/admin/releases', label: 'Releases', icon: Disc3, permission: 'catalogue' },
  { to: '/admin/artists', label: 'Artists', icon: Mic2, permission: 'catalogue' },
  { to: '/admin/playlists', label: 'Playlists', icon: ListMusic, permission: 'catalogue' },
  { to: '/admin/videos', label: 'Videos', icon: Clapperboard, permission: 'catalogue' },
  { to: '/admin/people', label: 'People', icon: Users, permission: 'people' },
  { to: '/admin/fan-signups', label: 'Fan signups', icon: Mail, permission: 'people' },
  { to: '/admin/sales', label: 'Sales', icon: Receipt, permission: 'money' },
  { to: '/admin/statements', label: 'Statements', icon: FileText, permission: 'money' },
  // The operations console has its own area; its tab leads there, and its heading leads back.
  { to: '/sync-manager', label: 'Sync manager', icon: RefreshCcw, permission: 'operations' },
];

export function AdminArea({ onSignIn }: { onSignIn: () => void }) {
  const { isLoading, isSignedIn, isAdmin, adminMay } = useSession();
  useDocumentTitle(isAdmin ? 'Admin Panel' : 'Admins only');
  if (isLoading) return <Spinner label="Checking your account…" className="py-24" />;
  if (!isAdmin) return <AdminsOnly signedIn={isSignedIn} onSignIn={onSignIn} />;
  // A section the admin may not open is neither listed nor routed: its path falls back to the dashboard.
  const mine = sections.filter((s) => !s.permission || adminMay(s.permission));
  const may = (permission: AdminPermission) => adminMay(permission);
  return (
    <div className="space-y-6" data-testid="admin-area" data-area="admin">
      {/* The dashboard is the panel's home: active there alone, not under every section. */}
      <SectionTabs label="Admin sections" sections={mine} home="/admin" />
      <StepUpDialog />
      <Suspense fallback={<Spinner label="Loading…" className="py-16" />}>
        <Routes>
          <Route index element={<DashboardPage />} />
          {may('catalogue') && (
            <>
              <Route path="releases" element={<ReleaseBoard />} />
              <Route path="releases/:albumId" element={<ReleaseEditor />} />
              <Route path="artists" element={<ArtistsPage />} />
              <Route path="playlists" element={<PlaylistsPage />} />
              <Route path="playlists/:playlistId" element={<PlaylistEditor />} />
              <Route path="videos" element={<VideosPage />} />
            </>
          )}
          {may('people') && (
            <>
              <Route path="people" element={<PeoplePage />} />
              <Route path="people/:userId" element={<ListenerPage />} />
              <Route path="fan-signups" element={<FanSignupsPage />} />
            </>
          )}
          {may('money') && (
            <>
              <Route path="sales" element={<SalesPage />} />
              <Route path="statements" element={<StatementsPage />} />
            </>
          )}
          <Route path="*" element={<Navigate to={may('catalogue') ? '/admin/releases' : '/admin'} replace />} />
        </Routes>
      </Suspense>
    </div>
  );
}

/** What a listener who is not an admin sees on an admin path. */
export function AdminsOnly({ signedIn, onSignIn }: { signedIn: boolean; onSignIn: () => void }) {
  return (
    <div className="flex flex-col items-center gap-4 py-16 text-center" data-testid="admins-only">
      <ShieldAlert aria-hidden="true" className="size-10 text-accent" />
      <h1 className="text-3xl font-bold text-zinc-50">Admins only</h1>
      <p className="max-w-md text-zinc-300">
        This area is for the label's administrators.{' '}
        {signedIn ? 'Your account does not have admin access.' : 'Sign in with an administrator account to continue.'}
      </p>
      <div className="flex flex-wrap justify-center gap-3">
        {!signedIn && <Button onClick={onSignIn}>Sign In</Button>}
        <Link to="/" className={buttonClass('secondary')}>
          Go to Home
        </Link>
      </div>
    </div>
  );
}
