/**
 * The header's account corner, following the session: a Sign In button for guests; for a signed-in
 * listener the Toko+ badge (tier not free, or the subscriber flag), the notifications bell and the avatar
 * linking to /profile. The shell renders it as one element.
 */
import { Crown } from 'lucide-react';
import { Link } from 'react-router';
import { brand } from '../../../lib/brand';
import { useSession } from '../../../lib/session';
import { Badge } from '../../../ui/badge';
import { Button } from '../../../ui/button';
import { useOpenAccountDialog } from '../../auth';
import { NotificationsBell } from '../../notifications';
import { displayNameOf, UserAvatar } from './user-avatar';

export function HeaderAccountControls() {
  const { user, isLoading } = useSession();
  const openAccountDialog = useOpenAccountDialog();

  if (isLoading) {
    return (
      <div role="status" className="flex items-center" data-testid="header-account" data-state="loading">
        <span className="sr-only">Checking your account…</span>
        <span aria-hidden="true" className="size-8 animate-pulse rounded-full bg-white/10" />
      </div>
    );
  }

  if (!user) {
    return (
      <div className="flex items-center" data-testid="header-account" data-state="guest">
        <Button variant="secondary" className="px-4 py-2" onClick={() => openAccountDialog('sign-in')}>
          Sign In
        </Button>
      </div>
    );
  }

  // The tier the account holds, as the admins' People page shows it: an admin's access to members' content is not Toko+.
  const isSubscriber = Boolean(user.isSubscriber);
  return (
    <div className="flex items-center gap-1 md:gap-2" data-testid="header-account" data-state="signed-in" data-user-id={user.id}>
      {isSubscriber && (
        <span className="hidden sm:inline-flex">
          <Badge tone="accent">
            <Crown aria-hidden="true" className="size-3" />
            <span data-testid="plus-badge">{brand.productPlus}</span>
          </Badge>
        </span>
      )}
      <NotificationsBell />
      <Link
        to="/profile"
        aria-label={`Profile: ${displayNameOf(user)}${isSubscriber ? ` (${brand.productPlus})` : ''}`}
        title="Profile"
        data-testid="header-avatar"
        className="relative rounded-full"
      >
        <UserAvatar user={user} size={32} />
        {isSubscriber && (
          // On a phone the badge rides on the avatar, so the header keeps its width.
          <span
            aria-hidden="true"
            className="absolute -bottom-1 -right-1 inline-flex size-4 items-center justify-center rounded-full bg-accent text-accent-foreground ring-2 ring-zinc-950 sm:hidden"
          >
            <Crown aria-hidden="true" className="size-2.5" />
          </span>
        )}
      </Link>
    </div>
  );
}
