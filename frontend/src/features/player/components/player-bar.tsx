/**
 * The fixed player at the bottom of every screen: a full bar on desktop, a mini bar above the navigation on
 * phones. Its root carries data-state="playing" | "paused" for tests and styling.
 */
import { Pause, Play, Repeat, Repeat1, Shuffle, SkipBack, SkipForward, Volume1, Volume2, VolumeX } from 'lucide-react';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { cx } from '../../../lib/class-names';
import { formatDuration } from '../../../lib/format';
import { Artwork } from '../../../ui/artwork';
import { IconButton } from '../../../ui/button';
import { Slider } from '../../../ui/slider';
import { usePlayer, usePlayerProgress } from './player-provider';

const repeatTitles = { off: 'Repeat: off', all: 'Repeat: all', one: 'Repeat: one' } as const;

export function PlayerBar() {
  const player = usePlayer();
  const { state, track } = player;
  const playing = state.status === 'playing';

  return (
    <section
      aria-label="Player"
      data-testid="player-bar"
      data-state={playing ? 'playing' : 'paused'}
      data-current-track-id={track?.id ?? ''}
      className={cx(
        'fixed inset-x-0 bottom-[calc(4rem+env(safe-area-inset-bottom))] z-40 border-t border-white/10 bg-zinc-900/95 backdrop-blur md:bottom-0',
        !track && 'max-md:hidden',
      )}
    >
      <MobileProgress />
      <div className="flex h-16 items-center gap-3 px-3 md:h-20 md:px-4">
        <div className="flex min-w-0 flex-1 items-center gap-3 md:w-1/4 md:flex-none">
          {track ? (
            <>
              <Artwork src={track.artwork} alt="" size={56} className="size-11 shrink-0 md:size-14" />
              <div className="min-w-0">
                <Link
                  to={`/album/${encodeURIComponent(track.albumId)}`}
                  className="block truncate text-sm font-semibold text-zinc-50 hover:underline"
                  data-testid="player-track-title"
                >
                  {track.title}
                </Link>
                <p className="truncate text-xs text-zinc-300">{track.artist}</p>
                {state.error && (
                  <p role="status" className="truncate text-xs text-red-300">
                    {state.error}
                  </p>
                )}
              </div>
            </>
          ) : (
            <p className="text-sm text-zinc-300">Nothing playing yet: pick an album to start.</p>
          )}
        </div>

        <div className="flex flex-none flex-col items-center gap-1 md:flex-1">
          <div className="flex items-center gap-1 md:gap-2">
            <IconButton
              label="Shuffle"
              aria-pressed={state.shuffle}
              active={state.shuffle}
              onClick={player.toggleShuffle}
              className="max-md:hidden"
            >
              <Shuffle aria-hidden="true" className="size-4" />
            </IconButton>
            <IconButton label="Previous track" disabled={!player.canGoPrevious} onClick={player.previous}>
              <SkipBack aria-hidden="true" className="size-5" />
            </IconButton>
            <IconButton
              label={playing ? 'Pause' : 'Play'}
              disabled={!track}
              onClick={player.togglePlay}
              solid
            >
              {playing ? <Pause aria-hidden="true" className="size-5 fill-current" /> : <Play aria-hidden="true" className="size-5 fill-current" />}
            </IconButton>
            <IconButton label="Next track" disabled={!player.canGoNext} onClick={player.next}>
              <SkipForward aria-hidden="true" className="size-5" />
            </IconButton>
            <IconButton
              label="Repeat"
              title={repeatTitles[state.repeat]}
              aria-pressed={state.repeat !== 'off'}
              data-repeat={state.repeat}
              active={state.repeat !== 'off'}
              onClick={player.cycleRepeat}
              className="max-md:hidden"
            >
              {state.repeat === 'one' ? <Repeat1 aria-hidden="true" className="size-4" /> : <Repeat aria-hidden="true" className="size-4" />}
            </IconButton>
          </div>
          <SeekBar />
        </div>

        <VolumeControl />
      </div>
    </section>
  );
}

function SeekBar() {
  const { track, seek } = usePlayer();
  const { position, duration } = usePlayerProgress();
  // While the thumb is dragged the bar follows the finger; the audio jumps once on release.
  const [scrub, setScrub] = useState<number | null>(null);
  const shown = scrub ?? position;
  const length = duration ?? 0;

  return (
    <div className="hidden w-full max-w-xl items-center gap-2 md:flex">
      <span className="w-10 text-right text-xs tabular-nums text-zinc-300" data-testid="player-elapsed">
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
      <span className="w-10 text-xs tabular-nums text-zinc-300" data-testid="player-duration">
        {formatDuration(track ? duration : null)}
      </span>
    </div>
  );
}

function MobileProgress() {
  const { position, duration } = usePlayerProgress();
  const share = duration && duration > 0 ? Math.min(1, position / duration) : 0;
  return (
    <div aria-hidden="true" className="h-0.5 bg-white/10 md:hidden">
      <div className="h-full bg-accent" style={{ width: `${share * 100}%` }} />
    </div>
  );
}

function VolumeControl() {
  const { state, setVolume } = usePlayer();
  // The level to come back to when unmuting.
  const beforeMute = useRef(state.volume > 0 ? state.volume : 0.75);
  const muted = state.volume === 0;
  const Icon = muted ? VolumeX : state.volume < 0.5 ? Volume1 : Volume2;

  return (
    <div className="hidden w-1/4 items-center justify-end gap-2 md:flex">
      <IconButton
        label={muted ? 'Unmute' : 'Mute'}
        onClick={() => {
          if (muted) setVolume(beforeMute.current);
          else {
            beforeMute.current = state.volume;
            setVolume(0);
          }
        }}
      >
        <Icon aria-hidden="true" className="size-5" />
      </IconButton>
      <Slider
        label="Volume"
        className="w-28"
        value={state.volume}
        max={1}
        step={0.05}
        valueText={`${Math.round(state.volume * 100)}%`}
        onChange={setVolume}
      />
    </div>
  );
}
