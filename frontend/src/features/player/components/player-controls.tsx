/** Controls the player bar and the fullscreen player share: the seek slider, and the shuffle and repeat toggles. */
import { Repeat, Repeat1, Shuffle } from 'lucide-react';
import { useState } from 'react';
import { cx } from '../../../lib/class-names';
import { formatDuration } from '../../../lib/format';
import { IconButton } from '../../../ui/button';
import { Slider } from '../../../ui/slider';
import { usePlayer, usePlayerProgress } from './player-provider';

const repeatTitles = { off: 'Repeat: off', all: 'Repeat: all', one: 'Repeat: one' } as const;

export function ShuffleButton({ className, iconClassName }: { className?: string; iconClassName: string }) {
  const { state, toggleShuffle } = usePlayer();
  return (
    <IconButton
      label="Shuffle"
      aria-pressed={state.shuffle}
      active={state.shuffle}
      haptic="selection"
      onClick={toggleShuffle}
      className={className}
    >
      <Shuffle aria-hidden="true" className={iconClassName} />
    </IconButton>
  );
}

/** Cycles off → all → one; `data-repeat` tells which. */
export function RepeatButton({ className, iconClassName }: { className?: string; iconClassName: string }) {
  const { state, cycleRepeat } = usePlayer();
  const Icon = state.repeat === 'one' ? Repeat1 : Repeat;
  return (
    <IconButton
      label="Repeat"
      title={repeatTitles[state.repeat]}
      aria-pressed={state.repeat !== 'off'}
      data-repeat={state.repeat}
      active={state.repeat !== 'off'}
      haptic="selection"
      onClick={cycleRepeat}
      className={className}
    >
      <Icon aria-hidden="true" className={iconClassName} />
    </IconButton>
  );
}

export function SeekBar({ large = false }: { large?: boolean }) {
  const { track, seek } = usePlayer();
  const { position, duration } = usePlayerProgress();
  // While the thumb is dragged the bar follows the finger; the audio jumps once on release.
  const [scrub, setScrub] = useState<number | null>(null);
  const shown = scrub ?? position;
  const length = duration ?? 0;

  return (
    <div className={cx('w-full items-center gap-2', large ? 'flex' : 'hidden max-w-xl md:flex')}>
      <span className="w-10 text-right text-xs tabular-nums text-zinc-300" data-testid={large ? undefined : 'player-elapsed'}>
        {formatDuration(track ? shown : null)}
      </span>
      <Slider
        label="Seek"
        className="flex-1"
        value={shown}
        max={length > 0 ? length : 1}
        step={1}
        disabled={!track || length <= 0}
        valueText={`${formatDuration(shown)} of ${formatDuration(duration)}`}
        onChange={setScrub}
        onCommit={(seconds) => {
          seek(seconds);
          setScrub(null);
        }}
      />
      <span className="w-10 text-xs tabular-nums text-zinc-300" data-testid={large ? undefined : 'player-duration'}>
        {formatDuration(track ? duration : null)}
      </span>
    </div>
  );
}
