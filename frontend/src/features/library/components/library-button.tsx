/**
 * "Add to Library" / "In Library" for an album: toggles between added and not added, with a toast for each.
 * A guest is asked to sign in; the server refuses albums this listener may not keep, and the toast says why.
 * `look="icon"` fits a row of round icon actions (the album page).
 */
import { Check, LibraryBig, ListCheck, ListPlus, Loader2 } from 'lucide-react';
import { useSession } from '../../../lib/session';
import { Button, IconButton } from '../../../ui/button';
import { useOpenAccountDialog } from '../../auth';
import { useAddToLibrary, useRemoveFromLibrary, type LibraryAlbumInput } from '../api/change-library';
import { useIsInLibrary } from '../api/get-library';

interface LibraryButtonProps {
  album: LibraryAlbumInput;
  look?: 'button' | 'icon';
  className?: string;
}

export function LibraryButton({ album, look = 'button', className }: LibraryButtonProps) {
  const { isSignedIn, isSettled } = useSession();
  const openAccountDialog = useOpenAccountDialog();
  const inLibrary = useIsInLibrary(album.id);
  const add = useAddToLibrary();
  const remove = useRemoveFromLibrary();
  const busy = add.isPending || remove.isPending;

  const toggle = () => {
    if (!isSignedIn) {
      openAccountDialog('sign-in', {
        context: { albumTitle: album.title, requiredTier: album.requiredTier, isExclusive: album.isExclusive, action: 'keep' },
      });
      return;
    }
    if (inLibrary) remove.mutate(album.id);
    else add.mutate(album);
  };
  // Until the session is known, a click could not tell signing in from adding.
  const state = {
    'aria-pressed': inLibrary,
    'aria-busy': busy,
    disabled: busy || !isSettled,
    'data-testid': 'library-button',
    'data-in-library': inLibrary,
    onClick: toggle,
  };

  if (look === 'icon') {
    const Icon = busy ? Loader2 : inLibrary ? ListCheck : ListPlus;
    return (
      <IconButton label={inLibrary ? 'Remove from Library' : 'Add to Library'} active={inLibrary} className={className} {...state}>
        <Icon aria-hidden="true" className={busy ? 'size-5 animate-spin' : 'size-5'} />
      </IconButton>
    );
  }
  const Icon = busy ? Loader2 : inLibrary ? Check : LibraryBig;
  return (
    <Button variant="secondary" className={className} {...state}>
      <Icon aria-hidden="true" className={busy ? 'size-4 animate-spin' : 'size-4'} />
      {inLibrary ? 'In Library' : 'Add to Library'}
    </Button>
  );
}
