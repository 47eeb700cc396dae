/**
 * /library: a guest sees what a library is and how to start; a signed-in listener sees their profile and
 * the tabs Albums, Songs, Favorites and Downloads (the tab is kept in the address, `?tab=songs`).
 */
import { Crown, Heart, LibraryBig, ListMusic, LogOut, Receipt, Sparkles } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { brand } from '../../../lib/brand';
import { useDocumentTitle } from '../../../lib/document-title';
import { isSubscriber, useSession, type SessionUser } from '../../../lib/session';
import { Badge } from '../../../ui/badge';
import { Button, buttonClass } from '../../../ui/button';
import { Skeleton } from '../../../ui/skeleton';
import { UnderlineTabs } from '../../../ui/tabs';
import { displayNameOf, UserAvatar, useSignOut } from '../../account';
import { useOpenAccountDialog } from '../../auth';
import type { LibraryPlayback } from '../library-playback';
import { LibraryAlbums } from './library-albums';
import { LibraryDownloads } from './library-downloads';
import { LibraryFavorites } from './library-favorites';
import { LibrarySongs } from './library-songs';

export type LibraryTab = 'albums' | 'songs' | 'favorites' | 'downloads';
const tabs: Array<{ id: LibraryTab; label: string }> = [
  { id: 'albums', label: 'Albums' },
  { id: 'songs', label: 'Songs' },
  { id: 'favorites', label: 'Favorites' },
  { id: 'downloads', label: 'Downloads' },
];
const isTab = (value: string | null): value is LibraryTab => tabs.some((tab) => tab.id === value);

interface LibraryPageProps {
  playback: LibraryPlayback;
  /** The upgrade action of the app (sign-up modal or the upgrade page). */
  onUpgrade: () => void;
  /** The purchased albums, once the store provides them; the Downloads tab shows its empty state until then. */
  downloads?: ReactNode;
}

export function LibraryPage({ playback, onUpgrade, downloads }: LibraryPageProps) {
  const { user, isLoading } = useSession();
  useDocumentTitle('Library');
  if (isLoading) return <LibrarySkeleton />;
  if (!user) return <LibraryIntro />;
  return <SignedInLibrary user={user} playback={playback} onUpgrade={onUpgrade} downloads={downloads} />;
}

function LibraryIntro() {
  const openAccountDialog = useOpenAccountDialog();
  const points = [
    { icon: LibraryBig, text: 'Keep the albums you love in one place' },
    { icon: Heart, text: 'Heart songs and play them back in one go' },
    { icon: ListMusic, text: 'Sort every song by title, artist, album or length' },
  ];
  return (
    <section
      aria-labelledby="library-intro"
      className="mx-auto flex max-w-xl flex-col items-center gap-6 py-10 text-center"
      data-testid="library-intro"
    >
      <LibraryBig aria-hidden="true" className="size-14 text-accent" />
      <div className="space-y-2">
        <h1 id="library-intro" className="text-3xl font-extrabold text-zinc-50">
          Your Library
        </h1>
        <p className="text-zinc-300">Create a free account to build your own collection from {brand.labelName}.</p>
      </div>
      <ul className="space-y-2 text-left text-sm text-zinc-200">
        {points.map(({ icon: Icon, text }) => (
          <li key={text} className="flex items-center gap-3">
            <Icon aria-hidden="true" className="size-4 shrink-0 text-accent" />
            {text}
          </li>
        ))}
      </ul>
      <Button onClick={() => openAccountDialog('sign-up')}>Start Listening for Free</Button>
    </section>
  );
}

function SignedInLibrary({ user, playback, onUpgrade, downloads }: LibraryPageProps & { user: SessionUser }) {
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: LibraryTab = isTab(requested) ? requested : 'albums';
  const signOut = useSignOut();

  const content: Record<LibraryTab, ReactNode> = {
    albums: <LibraryAlbums playback={playback} />,
    songs: <LibrarySongs playback={playback} />,
    favorites: <LibraryFavorites playback={playback} />,
    downloads: downloads ?? <LibraryDownloads />,
  };

  return (
    <div className="space-y-6" data-testid="library-page">
      <header className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-extrabold text-zinc-50">Your Library</h1>
        <div className="flex flex-wrap gap-2">
          <Link to="/purchases" className={buttonClass('secondary', 'px-4 py-2')}>
            <Receipt aria-hidden="true" className="size-4" />
            Purchase History
          </Link>
          <Button variant="ghost" className="px-4 py-2" disabled={signOut.isPending} onClick={() => signOut.mutate()} icon={LogOut}>
            Sign Out
          </Button>
        </div>
      </header>

      <ProfileCard user={user} onUpgrade={onUpgrade} />

      <UnderlineTabs
        label="Library"
        value={tab}
        onValueChange={(next) =>
          setParams(
            (current) => {
              const updated = new URLSearchParams(current);
              updated.set('tab', next);
              return updated;
            },
            { replace: true },
          )
        }
        tabs={tabs.map(({ id, label }) => ({ id, label, testId: `library-tab-${id}`, content: content[id] }))}
      />
    </div>
  );
}

function ProfileCard({ user, onUpgrade }: { user: SessionUser; onUpgrade: () => void }) {
  const plus = isSubscriber(user);
  return (
    <section
      aria-label="Profile"
      className="flex flex-col gap-4 rounded-2xl border border-white/10 bg-zinc-900 p-4 sm:flex-row sm:items-center md:p-5"
      data-testid="library-profile"
    >
      <div className="flex min-w-0 flex-1 items-center gap-4">
        <UserAvatar user={user} size={64} />
        <div className="min-w-0 flex-1 space-y-1">
          <p className="truncate text-lg font-bold text-zinc-50">{displayNameOf(user)}</p>
          {user.email && <p className="truncate text-sm text-zinc-300">{user.email}</p>}
          {plus ? (
            <Badge tone="accent" className="whitespace-nowrap">
              <Crown aria-hidden="true" className="size-3.5" />
              {brand.productPlus} Member
            </Badge>
          ) : (
            <Badge className="whitespace-nowrap">Free Account</Badge>
          )}
        </div>
      </div>
      {!plus && (
        <Button onClick={onUpgrade} className="w-full sm:w-auto" icon={Sparkles}>
          Upgrade
        </Button>
      )}
    </section>
  );
}

function LibrarySkeleton() {
  return (
    <div role="status" className="space-y-6">
      <span className="sr-only">Loading your library…</span>
      <Skeleton className="h-9 w-48" />
      <Skeleton className="h-24 w-full rounded-2xl" />
      <Skeleton className="h-10 w-full" />
      <div className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4">
        {Array.from({ length: 4 }, (_, index) => (
          <Skeleton key={index} className="aspect-square w-full" />
        ))}
      </div>
    </div>
  );
}
