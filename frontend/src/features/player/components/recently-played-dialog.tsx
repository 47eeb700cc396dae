/** What the signed-in listener played last (up to 20), each playable again or a way to its album. */
import { History, Play } from 'lucide-react';
import { Link } from 'react-router';
import { brand } from '../../../lib/brand';
import { formatDateTime } from '../../../lib/format';
import { useSession } from '../../../lib/session';
import { Artwork } from '../../../ui/artwork';
import { Dialog } from '../../../ui/dialog';
import { Skeleton } from '../../../ui/skeleton';
import { EmptyState, ErrorState } from '../../../ui/status-message';
import type { RecentTrack } from '#contract/library.js';
import { useRecentlyPlayed } from '../api/get-recently-played';
import { usePlayer } from './player-provider';

/** `onLeave`: a row opened its album's page (closing the dialog by default). */
export function RecentlyPlayedDialog({ onClose, onLeave = onClose }: { onClose: () => void; onLeave?: () => void }) {
  const { isSignedIn, isLoading } = useSession();
  const recent = useRecentlyPlayed(isSignedIn);

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title="Recently played"
      description="The tracks you listened to last."
      size="lg"
    >
      <div className="mt-5" data-testid="recently-played">
        {!isLoading && !isSignedIn ? (
          <EmptyState icon={History} title="Nothing played yet">
            Sign in and {brand.product} keeps a history of what you play.
          </EmptyState>
        ) : recent.isPending ? (
          <div role="status" className="space-y-2">
            <span className="sr-only">Loading what you played…</span>
            {Array.from({ length: 4 }, (_, index) => (
              <Skeleton key={index} className="h-12 w-full" />
            ))}
          </div>
        ) : recent.isError ? (
          <ErrorState title="Your history could not be loaded" error={recent.error} onRetry={() => void recent.refetch()} />
        ) : recent.data.length === 0 ? (
          <EmptyState icon={History} title="Nothing played yet">
            Tracks you listen to appear here.
          </EmptyState>
        ) : (
          <ol className="max-h-[60dvh] space-y-1 overflow-y-auto">
            {recent.data.map((track, position) => (
              <li key={`${track.trackId}-${position}`}>
                <RecentRow track={track} onLeave={onLeave} />
              </li>
            ))}
          </ol>
        )}
      </div>
    </Dialog>
  );
}

function RecentRow({ track, onLeave }: { track: RecentTrack; onLeave: () => void }) {
  const player = usePlayer();
  const { audioUrl, albumId } = track;
  const details = (
    <>
      <Artwork src={track.albumArtwork} alt="" size={40} className="size-10 shrink-0" />
      <span className="min-w-0 flex-1">
        <span className="block truncate text-sm font-semibold text-zinc-50">{track.title}</span>
        <span className="block truncate text-xs text-zinc-300">{[track.artistName, track.albumTitle].filter(Boolean).join(' · ')}</span>
      </span>
      {track.playedAt && <span className="shrink-0 text-xs text-zinc-400">{formatDateTime(track.playedAt)}</span>}
    </>
  );
  const row = 'flex w-full items-center gap-3 rounded-lg p-2 text-left transition hover:bg-white/5';

  if (audioUrl && albumId) {
    return (
      <button
        type="button"
        className={row}
        aria-label={`Play ${track.title}`}
        onClick={() =>
          player.playTrack({
            id: track.trackId,
            albumId,
            title: track.title,
            artist: track.artistName || brand.labelName,
            albumTitle: track.albumTitle ?? '',
            artwork: track.albumArtwork ?? null,
            audioUrl,
            duration: track.duration ?? null,
          })
        }
      >
        {details}
        <Play aria-hidden="true" className="size-4 shrink-0 text-zinc-300" />
      </button>
    );
  }
  return albumId ? (
    <Link to={`/album/${encodeURIComponent(albumId)}`} onClick={onLeave} className={row}>
      {details}
    </Link>
  ) : (
    <div className={row}>{details}</div>
  );
}
