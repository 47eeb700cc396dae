/** The play control of a song row: its number at rest, play on hover or focus, pause while it sounds, a lock without audio. */
import { Lock, Pause, Play } from 'lucide-react';
import { cx } from '../../../lib/class-names';

interface SongPlayButtonProps {
  title: string;
  number?: number | null;
  playable: boolean;
  current: boolean;
  sounding: boolean;
  onPlay: () => void;
}

export function SongPlayButton({ title, number, playable, current, sounding, onPlay }: SongPlayButtonProps) {
  if (!playable) {
    return (
      <span className="inline-flex size-8 items-center justify-center text-zinc-400" title="Locked">
        <Lock aria-hidden="true" className="size-4" />
        <span className="sr-only">Locked: {title}</span>
      </span>
    );
  }
  return (
    <button
      type="button"
      aria-label={`${sounding ? 'Pause' : 'Play'} ${title}`}
      onClick={(event) => {
        event.stopPropagation();
        onPlay();
      }}
      className="group/play inline-flex size-8 items-center justify-center rounded-full tabular-nums text-zinc-200 hover:bg-white/10"
    >
      {sounding ? (
        <Pause aria-hidden="true" className="size-4 fill-current text-accent" />
      ) : number ? (
        <>
          <span aria-hidden="true" className={cx('group-hover/play:hidden group-focus-visible/play:hidden', current && 'text-accent')}>
            {number}
          </span>
          <Play aria-hidden="true" className="hidden size-4 fill-current group-hover/play:block group-focus-visible/play:block" />
        </>
      ) : (
        <Play aria-hidden="true" className="size-4 fill-current" />
      )}
    </button>
  );
}
