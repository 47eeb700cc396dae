/**
 * The fixed player at the bottom of every screen: a full bar on desktop; on phones, once something plays, a mini
 * bar above the navigation that opens the fullscreen player, as high and as far up as the screen's size has it
 * (styles.css). Its root carries data-state="playing" | "paused" for
 * tests and styling. The fullscreen player, the queue, the recently played list and the shortcuts help load on demand.
 */
import { ChevronUp, History, Keyboard, ListMusic, Pause, Play, SkipBack, SkipForward, Volume1, Volume2, VolumeX } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { useMediaQuery, WIDE_SCREEN } from '../../../lib/media-query';
import { Artwork } from '../../../ui/artwork';
import { IconButton } from '../../../ui/button';
import { Slider } from '../../../ui/slider';
import { usePlayer, usePlayerProgress } from './player-provider';
import { RepeatButton, SeekBar, ShuffleButton } from './player-controls';
import { usePlayerShortcuts } from './use-player-shortcuts';

const FullscreenPlayer = lazy(() => import('./fullscreen-player').then((module) => ({ default: module.FullscreenPlayer })));
const QueueDialog = lazy(() => import('./queue-dialog').then((module) => ({ default: module.QueueDialog })));
const RecentlyPlayedDialog = lazy(() => import('./recently-played-dialog').then((module) => ({ default: module.RecentlyPlayedDialog })));
const ShortcutsDialog = lazy(() => import('./shortcuts-dialog').then((module) => ({ default: module.ShortcutsDialog })));

type Panel = 'fullscreen' | 'queue' | 'recent' | 'shortcuts';
/** What the fullscreen player opens over itself. */
type OverPlayer = 'queue' | 'recent';

export function PlayerBar() {
  const { track } = usePlayer();
  const [panel, setPanel] = useState<Panel | null>(null);
  // The queue and the recently played list opened from the fullscreen player lie over it, which stays open beneath:
  // closing them goes back to the player, as a person expects, not out of it.
  const [overPlayer, setOverPlayer] = useState<OverPlayer | null>(null);
  const close = () => {
    setPanel(null);
    setOverPlayer(null);
  };
  const backToPlayer = () => setOverPlayer(null);
  usePlayerShortcuts(() => setPanel('shortcuts'));
  // A phone shows no bar until something plays, so it is not built either: that spares every page's first render.
  const shown = useMediaQuery(WIDE_SCREEN) || track !== null;

  return (
    <>
      {shown && <Bar setPanel={setPanel} />}
      {panel && (
        <Suspense fallback={null}>
          {panel === 'fullscreen' && (
            <>
              <FullscreenPlayer onClose={close} onOpenQueue={() => setOverPlayer('queue')} onOpenRecent={() => setOverPlayer('recent')} />
              {overPlayer === 'queue' && <QueueDialog onClose={backToPlayer} />}
              {/* Leaving for an album's page leaves the player too. */}
              {overPlayer === 'recent' && <RecentlyPlayedDialog onClose={backToPlayer} onLeave={close} />}
            </>
          )}
          {panel === 'queue' && <QueueDialog onClose={close} />}
          {panel === 'recent' && <RecentlyPlayedDialog onClose={close} />}
          {panel === 'shortcuts' && <ShortcutsDialog onClose={close} />}
        </Suspense>
      )}
    </>
  );
}

function Bar({ setPanel }: { setPanel: (panel: Panel) => void }) {
  const player = usePlayer();
  const { state, track } = player;
  const playing = state.status === 'playing';

  return (
    <section
      aria-label="Player"
      data-player
      data-testid="player-bar"
      data-state={playing ? 'playing' : 'paused'}
      data-current-track-id={track?.id ?? ''}
      className="fixed inset-x-0 bottom-[calc(var(--mini-player-bottom)+env(safe-area-inset-bottom))] z-40 border-t border-white/10 bg-zinc-900 md:bottom-0"
    >
      <MobileProgress />
      <div className="flex h-(--mini-player-height) items-center gap-3 px-3 md:h-20 md:px-4" data-testid="player-row">
        <div className="relative flex min-w-0 flex-1 items-center gap-3 md:w-1/4 md:flex-none">
          {track ? (
            <>
              {/* On phones a tap anywhere on the track opens the fullscreen player (the chevron is the labelled control). */}
              <button
                type="button"
                aria-hidden="true"
                tabIndex={-1}
                onClick={() => setPanel('fullscreen')}
                className="absolute inset-0 z-10 rounded-lg md:hidden"
              />
              <Artwork src={track.artwork} alt="" size={56} className="size-9 shrink-0 md:size-14" />
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
            <ShuffleButton className="max-md:hidden" iconClassName="size-4" />
            <IconButton label="Previous track" disabled={!player.canGoPrevious} haptic="impact" onClick={player.previous}>
              <SkipBack aria-hidden="true" className="size-5" />
            </IconButton>
            <IconButton label={playing ? 'Pause' : 'Play'} disabled={!track} haptic="impact" onClick={player.togglePlay} solid>
              {playing ? (
                <Pause aria-hidden="true" className="size-5 fill-current" />
              ) : (
                <Play aria-hidden="true" className="size-5 fill-current" />
              )}
            </IconButton>
            <IconButton label="Next track" disabled={!player.canGoNext} haptic="impact" onClick={player.next}>
              <SkipForward aria-hidden="true" className="size-5" />
            </IconButton>
            <RepeatButton className="max-md:hidden" iconClassName="size-4" />
          </div>
          <SeekBar />
        </div>

        <div className="hidden w-1/4 items-center justify-end gap-1 md:flex">
          <IconButton label="Queue" disabled={!track} onClick={() => setPanel('queue')}>
            <ListMusic aria-hidden="true" className="size-5" />
          </IconButton>
          <IconButton label="Recently played" onClick={() => setPanel('recent')}>
            <History aria-hidden="true" className="size-5" />
          </IconButton>
          <IconButton label="Keyboard shortcuts" title="Keyboard shortcuts (?)" onClick={() => setPanel('shortcuts')}>
            <Keyboard aria-hidden="true" className="size-5" />
          </IconButton>
          <VolumeControl />
        </div>
        {track && (
          <IconButton label="Open player" className="md:hidden" onClick={() => setPanel('fullscreen')}>
            <ChevronUp aria-hidden="true" className="size-5" />
          </IconButton>
        )}
      </div>
    </section>
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
  const { state, setVolume, toggleMute } = usePlayer();
  const muted = state.volume === 0;
  const Icon = muted ? VolumeX : state.volume < 0.5 ? Volume1 : Volume2;

  return (
    <>
      <IconButton label={muted ? 'Unmute' : 'Mute'} title={muted ? 'Unmute (M)' : 'Mute (M)'} onClick={toggleMute}>
        <Icon aria-hidden="true" className="size-5" />
      </IconButton>
      <Slider
        label="Volume"
        className="w-24 lg:w-28"
        value={state.volume}
        max={1}
        step={0.05}
        valueText={`${Math.round(state.volume * 100)}%`}
        onChange={setVolume}
      />
    </>
  );
}
