/** A track's lyrics, read when the dialog opens. */
import { Dialog } from '../../../ui/dialog';
import { Skeleton } from '../../../ui/skeleton';
import { ErrorState } from '../../../ui/status-message';
import type { AlbumTrack } from '#contract/catalogue.js';
import { useTrackLyrics } from '../api/get-track-lyrics';

export function LyricsDialog({ track, artistName, onClose }: { track: AlbumTrack; artistName: string; onClose: () => void }) {
  const lyrics = useTrackLyrics(track.id);
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={track.title} description={`Lyrics · ${artistName}`} size="lg">
      <div className="mt-5" data-testid="lyrics">
        {lyrics.isPending ? (
          <div role="status" className="space-y-2">
            <span className="sr-only">Loading the lyrics…</span>
            {Array.from({ length: 4 }, (_, index) => (
              <Skeleton key={index} className="h-4 w-3/4" />
            ))}
          </div>
        ) : lyrics.isError ? (
          <ErrorState title="The lyrics could not be loaded" error={lyrics.error} onRetry={() => void lyrics.refetch()} />
        ) : lyrics.data ? (
          <p className="whitespace-pre-line text-base leading-relaxed text-zinc-100">{lyrics.data}</p>
        ) : (
          <p className="text-sm text-zinc-300">No lyrics for this track yet.</p>
        )}
      </div>
    </Dialog>
  );
}
