/**
 * The band pages: the fan signup, and the access page whose embedded playlist plays the band's unreleased tracks, the
 * ones the staff put on it, for anyone who opens the page.
 */
import { AudioLines, ListMusic, Play } from 'lucide-react';
import type { BandTrack } from '#contract/band.js';
import { useBandTracks } from '../../features/band/api/get-band-tracks';
import { band } from '../../features/band/band';
import { BandPage } from '../../features/band/components/band-page';
import { usePlayer } from '../../features/player/components/player-provider';
import type { QueueTrack } from '../../features/player/player-state';
import { cx } from '../../lib/class-names';
import { formatDuration } from '../../lib/format';
import { Skeleton } from '../../ui/skeleton';
import { EmptyState, ErrorState } from '../../ui/status-message';

export { BandSignupPage as BandSignupRoute } from '../../features/band/components/band-signup-page';

const UNRELEASED = 'Unreleased';

const toQueueTracks = (tracks: readonly BandTrack[]): QueueTrack[] =>
  tracks.flatMap((track) =>
    track.audioUrl
      ? [
          {
            id: track.id,
            albumId: track.albumId,
            title: track.title,
            artist: band.name,
            albumTitle: UNRELEASED,
            artwork: null,
            audioUrl: track.audioUrl,
            duration: track.duration,
          },
        ]
      : [],
  );

export function BandRoute() {
  const tracks = useBandTracks();
  const player = usePlayer();
  const queue = toQueueTracks(tracks.data?.tracks ?? []);
  const playing = player.state.status === 'playing';
  const play = (trackId?: string) => {
    const start = trackId === undefined ? 0 : queue.findIndex((t) => t.id === trackId);
    if (start >= 0) player.playQueue(queue, start);
  };

  const playlist = tracks.isPending ? (
    <div role="status" className="space-y-2 p-4">
      <span className="sr-only">Loading the playlist…</span>
      {Array.from({ length: 6 }, (_, index) => (
        <Skeleton key={index} className="h-10 w-full" />
      ))}
    </div>
  ) : tracks.isError ? (
    <ErrorState title="The playlist could not be loaded" error={tracks.error} onRetry={() => void tracks.refetch()} />
  ) : queue.length === 0 ? (
    <EmptyState icon={ListMusic} title="No unreleased tracks yet">
      The band is still in the rehearsal room. Sign up and be the first to hear what comes out of it.
    </EmptyState>
  ) : (
    <ol className="p-2" data-testid="band-tracks">
      {queue.map((track, index) => {
        const current = player.track?.id === track.id;
        return (
          <li key={track.id}>
            <button
              type="button"
              aria-label={`${current && playing ? 'Pause' : 'Play'} ${track.title}`}
              onClick={() => (current ? player.togglePlay() : play(track.id))}
              className={cx(
                'flex w-full items-center gap-3 rounded-lg px-3 py-2.5 text-left transition hover:bg-white/5',
                current && 'bg-white/10',
              )}
              data-testid="band-track"
              data-track-id={track.id}
            >
              <span className="w-6 text-right text-sm tabular-nums text-zinc-300">
                {current && playing ? <AudioLines aria-hidden="true" className="ml-auto size-4 text-accent" /> : index + 1}
              </span>
              <span className={cx('min-w-0 flex-1 truncate font-medium', current ? 'text-accent' : 'text-zinc-50')}>{track.title}</span>
              <span className="text-sm tabular-nums text-zinc-300">{formatDuration(track.duration ?? 0)}</span>
              <Play aria-hidden="true" className="size-4 text-zinc-400" />
            </button>
          </li>
        );
      })}
    </ol>
  );

  return <BandPage playlist={playlist} onStartListening={queue.length > 0 ? () => play() : undefined} />;
}
