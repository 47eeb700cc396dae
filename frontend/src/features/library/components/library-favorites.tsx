/**
 * The Favorites tab: the favourite songs, newest first. Playing one queues the list from that song on.
 * The heart removes a song; on touch screens a swipe left reveals Remove (80 px) or removes it (120 px).
 */
import { Heart, Trash2 } from 'lucide-react';
import { useRef, useState, type ReactNode, type TouchEvent } from 'react';
import { cx } from '../../../lib/class-names';
import { formatDuration } from '../../../lib/format';
import { Artwork } from '../../../ui/artwork';
import { Skeleton } from '../../../ui/skeleton';
import { EmptyState, ErrorState } from '../../../ui/status-message';
import { useChangeFavorite, type FavoriteTrack } from '../api/change-favorites';
import { useFavorites } from '../api/get-favorites';
import type { LibraryPlayback, PlayableSong } from '../library-playback';
import { restingOffset, swipeAxis, swipeOffset, swipeRelease, SWIPE_REVEAL_PX, type SwipeAxis } from '../swipe-to-remove';
import { FavoriteButton } from './favorite-button';
import { UNKNOWN_ARTIST } from './library-albums';
import { SongPlayButton } from './song-play-button';

const songOfFavorite = (favorite: FavoriteTrack): PlayableSong => ({
  id: favorite.trackId,
  albumId: favorite.trackAlbumId,
  title: favorite.trackTitle,
  artistName: favorite.artistName,
  albumTitle: favorite.albumTitle,
  artwork: favorite.albumArtwork,
  audioUrl: favorite.audioUrl,
  duration: favorite.trackDuration,
});

export function LibraryFavorites({ playback }: { playback: LibraryPlayback }) {
  const favorites = useFavorites();
  const change = useChangeFavorite();

  if (favorites.isPending) return <FavoritesSkeleton />;
  if (favorites.isError)
    return <ErrorState title="Your favorites could not be loaded" error={favorites.error} onRetry={() => void favorites.refetch()} />;
  const tracks = favorites.data.filter((favorite): favorite is FavoriteTrack => favorite.kind === 'track');
  if (tracks.length === 0) {
    return (
      <EmptyState icon={Heart} title="No favorite tracks yet">
        <p>Tap the heart on any song to keep it here.</p>
      </EmptyState>
    );
  }
  const songs = tracks.map(songOfFavorite);
  const remove = (favorite: FavoriteTrack) => change.mutate({ target: { trackId: favorite.trackId }, favorite: false });

  return (
    <div className="space-y-3">
      <p className="text-sm text-zinc-300">
        {tracks.length} {tracks.length === 1 ? 'favorite song' : 'favorite songs'}
      </p>
      <ul className="divide-y divide-white/5 overflow-hidden rounded-xl border border-white/10" data-testid="library-favorites">
        {tracks.map((favorite) => {
          const current = playback.currentTrackId === favorite.trackId;
          return (
            <SwipeToRemove key={favorite.id} label={favorite.trackTitle} onRemove={() => remove(favorite)}>
              <div
                data-testid="favorite-row"
                data-track-id={favorite.trackId}
                className={cx(
                  'flex items-center gap-3 bg-zinc-950 px-3 py-2',
                  current && 'bg-zinc-900',
                  !favorite.audioUrl && 'opacity-60',
                )}
              >
                <SongPlayButton
                  title={favorite.trackTitle}
                  playable={Boolean(favorite.audioUrl)}
                  current={current}
                  sounding={current && playback.playing}
                  onPlay={() => (current ? playback.togglePlay() : playback.playSongs(songs, favorite.trackId))}
                />
                <Artwork src={favorite.albumArtwork} alt="" size={40} className="w-10 shrink-0" />
                <div className="min-w-0 flex-1">
                  <p className={cx('truncate font-medium', current ? 'text-accent' : 'text-zinc-50')}>{favorite.trackTitle}</p>
                  <p className="truncate text-xs text-zinc-300">
                    {favorite.artistName || UNKNOWN_ARTIST}
                    {favorite.albumTitle && ` · ${favorite.albumTitle}`}
                  </p>
                </div>
                <span className="shrink-0 text-sm tabular-nums text-zinc-300">{formatDuration(favorite.trackDuration)}</span>
                <FavoriteButton target={{ trackId: favorite.trackId }} details={{ title: favorite.trackTitle }} className="size-9" />
              </div>
            </SwipeToRemove>
          );
        })}
      </ul>
    </div>
  );
}

/**
 * A row that slides left under a finger. The Remove button behind it is also reachable by keyboard and
 * screen readers once revealed; the heart does the same for everyone else.
 */
function SwipeToRemove({ label, onRemove, children }: { label: string; onRemove: () => void; children: ReactNode }) {
  const [offset, setOffset] = useState(0);
  const [dragging, setDragging] = useState(false);
  const gesture = useRef<{ x: number; y: number; from: number; axis: SwipeAxis; offset: number } | null>(null);

  const onTouchStart = (event: TouchEvent) => {
    if (event.touches.length !== 1) return;
    const touch = event.touches[0];
    gesture.current = { x: touch.clientX, y: touch.clientY, from: offset, axis: 'undecided', offset };
  };
  const onTouchMove = (event: TouchEvent) => {
    const start = gesture.current;
    if (!start) return;
    const touch = event.touches[0];
    const dx = touch.clientX - start.x;
    if (start.axis === 'undecided') start.axis = swipeAxis(dx, touch.clientY - start.y);
    if (start.axis !== 'horizontal') return;
    start.offset = swipeOffset(start.from, dx);
    setDragging(true);
    setOffset(start.offset);
  };
  const onTouchEnd = () => {
    const start = gesture.current;
    gesture.current = null;
    setDragging(false);
    if (!start || start.axis !== 'horizontal') return;
    const release = swipeRelease(start.offset);
    setOffset(restingOffset(release));
    if (release === 'removed') onRemove();
  };

  const revealed = offset <= -SWIPE_REVEAL_PX;
  return (
    <li className="relative overflow-hidden" data-testid="swipe-row" data-offset={offset} data-no-swipe>
      <button
        type="button"
        onClick={onRemove}
        tabIndex={revealed ? 0 : -1}
        aria-hidden={!revealed}
        data-testid="swipe-remove"
        className="absolute inset-y-0 right-0 flex items-center gap-2 bg-red-600 px-4 text-sm font-semibold text-white"
        style={{ width: SWIPE_REVEAL_PX }}
      >
        <Trash2 aria-hidden="true" className="size-4" />
        <span>
          Remove<span className="sr-only"> {label}</span>
        </span>
      </button>
      <div
        onTouchStart={onTouchStart}
        onTouchMove={onTouchMove}
        onTouchEnd={onTouchEnd}
        onTouchCancel={onTouchEnd}
        className={cx('relative touch-pan-y', !dragging && 'transition-transform duration-200')}
        style={{ transform: `translateX(${offset}px)` }}
      >
        {children}
      </div>
    </li>
  );
}

function FavoritesSkeleton() {
  return (
    <div role="status" className="space-y-2">
      <span className="sr-only">Loading your favorites…</span>
      {Array.from({ length: 6 }, (_, index) => (
        <Skeleton key={index} className="h-14 w-full" />
      ))}
    </div>
  );
}
