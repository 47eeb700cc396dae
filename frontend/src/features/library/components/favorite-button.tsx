/**
 * The heart on a song or an album: adds or removes the favourite at once (the list follows, and rolls back
 * if the server refuses). A guest is asked to sign in. For the album page, the library's tables and rows.
 */
import { Heart } from 'lucide-react';
import { cx } from '../../../lib/class-names';
import { haptic } from '../../../lib/haptics';
import { useSession } from '../../../lib/session';
import { IconButton } from '../../../ui/button';
import { useOpenAccountDialog } from '../../auth';
import { useChangeFavorite, type FavoriteDetails, type FavoriteTarget } from '../api/change-favorites';
import { useIsFavorite } from '../api/get-favorites';

interface FavoriteButtonProps {
  target: FavoriteTarget;
  /** The song or album title, for the button's name and the favourites list. */
  details: FavoriteDetails;
  className?: string;
}

export function FavoriteButton({ target, details, className }: FavoriteButtonProps) {
  const { isSignedIn, isSettled } = useSession();
  const openAccountDialog = useOpenAccountDialog();
  const isFavorite = useIsFavorite(target);
  const change = useChangeFavorite();
  const busy = change.isPending;
  const what = 'albumId' in target ? `album ${details.title}` : details.title;

  return (
    <IconButton
      label={isFavorite ? `Remove ${what} from favorites` : `Add ${what} to favorites`}
      aria-pressed={isFavorite}
      aria-busy={busy}
      // Until the session is known, a click could not tell signing in from favouriting.
      disabled={!isSettled}
      active={isFavorite}
      data-testid="favorite-button"
      data-favorite={isFavorite}
      className={cx(busy && 'opacity-70', className)}
      onClick={(event) => {
        event.stopPropagation();
        if (!isSignedIn) return openAccountDialog('sign-in');
        haptic('impact');
        change.mutate({ target, favorite: !isFavorite, details });
      }}
    >
      <Heart aria-hidden="true" className={cx('size-5', isFavorite && 'fill-current')} />
    </IconButton>
  );
}
