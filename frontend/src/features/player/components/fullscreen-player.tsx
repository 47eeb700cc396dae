/**
 * The fullscreen player of phones: big artwork, the track, seek, every control, and the way to the queue and
 * the recently played list. A downward swipe of more than 80 px closes it, sliding away in 300 ms; a tap on
 * the artwork plays or pauses.
 */
import * as RadixDialog from '@radix-ui/react-dialog';
import { ChevronDown, History, ListMusic, Pause, Play, SkipBack, SkipForward } from 'lucide-react';
import { useEffect, useRef, useState, type TouchEvent } from 'react';
import { Link } from 'react-router';
import { closesFullscreenPlayer, fullscreenDragOffset, isTap, PLAYER_CLOSE_ANIMATION_MS, type TouchPoint } from '../../../lib/gestures';
import { Artwork } from '../../../ui/artwork';
import { IconButton } from '../../../ui/button';
import { usePlayer } from './player-provider';
import { RepeatButton, SeekBar, ShuffleButton } from './player-controls';

const pointOf = (event: TouchEvent): TouchPoint => {
  const touch = event.touches[0] ?? event.changedTouches[0];
  return { x: touch.clientX, y: touch.clientY, t: event.timeStamp };
};

export function FullscreenPlayer({
  onClose,
  onOpenQueue,
  onOpenRecent,
}: {
  onClose: () => void;
  onOpenQueue: () => void;
  onOpenRecent: () => void;
}) {
  const player = usePlayer();
  const { state, track } = player;
  const playing = state.status === 'playing';
  // Slides up when it opens, follows the finger while dragged, slides down when it closes.
  const [shown, setShown] = useState(false);
  const [drag, setDrag] = useState<number | null>(null);
  const [closing, setClosing] = useState(false);
  const touchStart = useRef<TouchPoint | null>(null);

  useEffect(() => {
    const frame = requestAnimationFrame(() => setShown(true));
    return () => cancelAnimationFrame(frame);
  }, []);

  const close = () => {
    if (closing) return;
    setClosing(true);
    setDrag(null);
    setTimeout(onClose, PLAYER_CLOSE_ANIMATION_MS);
  };

  useEffect(() => {
    if (!track) onClose();
  }, [track, onClose]);
  if (!track) return null;

  const offset = closing || !shown ? '100%' : `${drag ?? 0}px`;

  return (
    <RadixDialog.Root open onOpenChange={(open) => !open && close()}>
      <RadixDialog.Portal>
        <RadixDialog.Content
          aria-describedby={undefined}
          data-testid="fullscreen-player"
          data-player
          className="fixed inset-0 z-50 flex flex-col overflow-y-auto bg-gradient-to-b from-zinc-800 to-zinc-950 px-6 pb-[calc(1.5rem+env(safe-area-inset-bottom))] pt-[calc(0.75rem+env(safe-area-inset-top))] text-zinc-100 outline-none"
          style={{
            transform: `translateY(${offset})`,
            transition: drag === null ? `transform ${PLAYER_CLOSE_ANIMATION_MS}ms ease-out` : 'none',
          }}
          onTouchStart={(event) => {
            // Controls keep their touches, and a sheet scrolled down scrolls up before it closes.
            const onControl = event.target instanceof Element && event.target.closest('[role=slider], button, a');
            touchStart.current = onControl || event.currentTarget.scrollTop > 0 ? null : pointOf(event);
          }}
          onTouchMove={(event) => {
            if (touchStart.current) setDrag(fullscreenDragOffset(touchStart.current, pointOf(event)));
          }}
          onTouchEnd={(event) => {
            const start = touchStart.current;
            touchStart.current = null;
            if (!start) return;
            const end = pointOf(event);
            if (closesFullscreenPlayer(start, end)) return close();
            setDrag(null);
            if (isTap(start, end) && event.target instanceof Element && event.target.closest('[data-artwork]')) player.togglePlay();
          }}
        >
          <div className="flex items-center justify-between">
            <IconButton label="Close player" onClick={close}>
              <ChevronDown aria-hidden="true" className="size-6" />
            </IconButton>
            <RadixDialog.Title className="text-xs font-semibold uppercase tracking-widest text-zinc-300">Now playing</RadixDialog.Title>
            <IconButton label="Queue" onClick={onOpenQueue}>
              <ListMusic aria-hidden="true" className="size-5" />
            </IconButton>
          </div>

          <div aria-hidden="true" className="mx-auto my-4 h-1 w-10 rounded-full bg-white/25" />

          <div className="flex flex-1 flex-col justify-center gap-6">
            <div data-artwork className="mx-auto w-full max-w-sm">
              <Artwork src={track.artwork} alt={`${track.albumTitle} artwork`} size={384} className="w-full shadow-2xl" />
            </div>
            <div className="min-w-0">
              <h2 className="truncate text-2xl font-bold text-zinc-50" data-testid="fullscreen-track-title">
                {track.title}
              </h2>
              <p className="truncate text-zinc-300">
                {track.artist} ·{' '}
                <Link to={`/album/${encodeURIComponent(track.albumId)}`} onClick={close} className="hover:underline">
                  {track.albumTitle}
                </Link>
              </p>
              {state.error && (
                <p role="status" className="mt-1 text-sm text-red-300">
                  {state.error}
                </p>
              )}
            </div>
            <SeekBar large />
            <div className="flex items-center justify-between">
              <ShuffleButton iconClassName="size-5" />
              <IconButton
                label="Previous track"
                disabled={!player.canGoPrevious}
                haptic="impact"
                onClick={player.previous}
                className="size-12"
              >
                <SkipBack aria-hidden="true" className="size-7 fill-current" />
              </IconButton>
              <IconButton label={playing ? 'Pause' : 'Play'} haptic="impact" onClick={player.togglePlay} solid className="size-16">
                {playing ? (
                  <Pause aria-hidden="true" className="size-7 fill-current" />
                ) : (
                  <Play aria-hidden="true" className="size-7 fill-current" />
                )}
              </IconButton>
              <IconButton label="Next track" disabled={!player.canGoNext} haptic="impact" onClick={player.next} className="size-12">
                <SkipForward aria-hidden="true" className="size-7 fill-current" />
              </IconButton>
              <RepeatButton iconClassName="size-5" />
            </div>
          </div>

          <div className="mt-6 flex justify-center">
            <button
              type="button"
              onClick={onOpenRecent}
              className="inline-flex items-center gap-2 rounded-full px-4 py-2 text-sm font-semibold text-zinc-200 hover:bg-white/10"
            >
              <History aria-hidden="true" className="size-4" />
              Recently played
            </button>
          </div>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
