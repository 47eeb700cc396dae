/** The queue: every track lined up, the current one marked; choosing one plays the queue from there. */
import { AudioLines, ListMusic } from 'lucide-react';
import { cx } from '../../../lib/class-names';
import { formatDuration } from '../../../lib/format';
import { Artwork } from '../../../ui/artwork';
import { Dialog } from '../../../ui/dialog';
import { EmptyState } from '../../../ui/status-message';
import { usePlayer } from './player-provider';

export function QueueDialog({ onClose }: { onClose: () => void }) {
  const player = usePlayer();
  const { queue, index, status } = player.state;
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title="Queue"
      description={queue.length === 1 ? '1 track' : `${queue.length} tracks`}
      size="lg"
    >
      {queue.length === 0 ? (
        <div className="mt-5">
          <EmptyState icon={ListMusic} title="The queue is empty">
            Play an album to fill it.
          </EmptyState>
        </div>
      ) : (
        <ol className="mt-5 max-h-[60dvh] space-y-1 overflow-y-auto" data-testid="queue">
          {queue.map((track, position) => {
            const current = position === index;
            return (
              <li key={`${track.id}-${position}`}>
                <button
                  type="button"
                  aria-current={current ? 'true' : undefined}
                  onClick={() => (current ? player.togglePlay() : player.playQueue(queue, position))}
                  className={cx(
                    'flex w-full items-center gap-3 rounded-lg p-2 text-left transition hover:bg-white/5',
                    current && 'bg-white/10',
                  )}
                >
                  <Artwork src={track.artwork} alt="" size={40} className="size-10 shrink-0" />
                  <span className="min-w-0 flex-1">
                    <span className={cx('block truncate text-sm font-semibold', current ? 'text-accent' : 'text-zinc-50')}>
                      {track.title}
                    </span>
                    <span className="block truncate text-xs text-zinc-300">{track.artist}</span>
                  </span>
                  {current && status === 'playing' ? (
                    <AudioLines aria-label="Playing" className="size-4 text-accent" />
                  ) : (
                    <span className="text-xs tabular-nums text-zinc-300">{formatDuration(track.duration)}</span>
                  )}
                </button>
              </li>
            );
          })}
        </ol>
      )}
    </Dialog>
  );
}
