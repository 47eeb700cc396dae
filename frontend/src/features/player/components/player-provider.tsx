/**
 * Runs the player: holds the state machine, drives the one audio element from it, feeds the audio clock
 * back, and reports a play once it qualifies.
 */
import { createContext, useCallback, useContext, useEffect, useMemo, useReducer, useRef, useState, type ReactNode } from 'react';
import { useRecordTrackPlay, type TrackPlay } from '../api/record-track-play';
import {
  interruptListen,
  listenedUntil,
  markRecorded,
  shouldRecordPlay,
  startListen,
  type Listen,
} from '../play-tracking';
import { loadPlayerSettings, savePlayerSettings } from '../player-settings';
import {
  canGoNext,
  canGoPrevious,
  currentTrack,
  initialPlayerState,
  playerReducer,
  type PlayerState,
  type QueueTrack,
} from '../player-state';

export interface PlayerControls {
  state: PlayerState;
  track: QueueTrack | null;
  canGoNext: boolean;
  canGoPrevious: boolean;
  /** Plays one track on its own: the queue becomes that track. */
  playTrack: (track: QueueTrack) => void;
  /** Plays a list (an album) starting at `index`, clamped into the list. */
  playQueue: (tracks: readonly QueueTrack[], index: number) => void;
  resume: () => void;
  pause: () => void;
  togglePlay: () => void;
  next: () => void;
  previous: () => void;
  toggleShuffle: () => void;
  cycleRepeat: () => void;
  setVolume: (volume: number) => void;
  seek: (seconds: number) => void;
}

export interface PlayerProgress {
  /** Seconds into the current track. */
  position: number;
  /** Seconds; null until known. */
  duration: number | null;
}

const PlayerContext = createContext<PlayerControls | null>(null);
const PlayerProgressContext = createContext<PlayerProgress>({ position: 0, duration: null });

const RESUME_RETRIES = 3;
const RESUME_RETRY_DELAY_MS = 500;

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

function knownLength(audio: HTMLAudioElement, track: QueueTrack): number | null {
  if (Number.isFinite(audio.duration) && audio.duration > 0) return audio.duration;
  return track.duration !== null && track.duration > 0 ? track.duration : null;
}

function initialState(): PlayerState {
  return initialPlayerState(loadPlayerSettings(typeof window === 'undefined' ? 1024 : window.innerWidth));
}

export function PlayerProvider({
  children,
  onPlayRecorded,
}: {
  children: ReactNode;
  /** Called once the label has counted a play, so screens showing play counts can catch up. */
  onPlayRecorded: (play: TrackPlay) => void;
}) {
  const [state, dispatch] = useReducer(playerReducer, undefined, initialState);
  const [progress, setProgress] = useState<PlayerProgress>({ position: 0, duration: null });
  const audioRef = useRef<HTMLAudioElement>(null);
  const loadedPlayId = useRef(0);
  const listen = useRef<Listen>(startListen(0));
  // Each start attempt gets a number; a newer one (or a pause) makes older retries stop.
  const startAttempt = useRef(0);
  const track = currentTrack(state);
  const { mutate: reportPlay } = useRecordTrackPlay(onPlayRecorded);

  const startPlayback = useCallback(async (audio: HTMLAudioElement) => {
    const attempt = ++startAttempt.current;
    for (let retry = 0; retry <= RESUME_RETRIES; retry += 1) {
      try {
        await audio.play();
        return;
      } catch (error) {
        // A newer source or a pause interrupted this start: not a failure.
        if (isAbort(error) || attempt !== startAttempt.current) return;
      }
      if (retry < RESUME_RETRIES) await wait(RESUME_RETRY_DELAY_MS);
      if (attempt !== startAttempt.current) return;
    }
    dispatch({ type: 'playbackFailed', message: 'Playback could not start. Press play to try again.' });
  }, []);

  useEffect(() => {
    const audio = audioRef.current;
    if (!audio || !track) return;
    if (loadedPlayId.current !== state.playId) {
      loadedPlayId.current = state.playId;
      listen.current = startListen(state.playId);
      setProgress({ position: 0, duration: track.duration });
      if (audio.getAttribute('src') === track.audioUrl) audio.currentTime = 0;
      else audio.src = track.audioUrl;
    }
    if (state.status === 'playing') {
      void startPlayback(audio);
    } else {
      startAttempt.current += 1;
      audio.pause();
    }
  }, [state.playId, state.status, track, startPlayback]);

  useEffect(() => {
    if (audioRef.current) audioRef.current.volume = state.volume;
  }, [state.volume]);

  useEffect(() => {
    savePlayerSettings({ repeat: state.repeat, volume: state.volume });
  }, [state.repeat, state.volume]);

  const onTimeUpdate = () => {
    const audio = audioRef.current;
    if (!audio || !track) return;
    setProgress({ position: audio.currentTime, duration: knownLength(audio, track) });
    if (audio.paused || listen.current.playId !== state.playId) return;

    listen.current = listenedUntil(listen.current, audio.currentTime);
    const trackLength = knownLength(audio, track);
    if (trackLength !== null && shouldRecordPlay(listen.current, trackLength)) {
      listen.current = markRecorded(listen.current);
      reportPlay({ trackId: track.id, albumId: track.albumId, playDuration: listen.current.listenedSeconds, trackLength });
    }
  };

  const controls = useMemo<PlayerControls>(
    () => ({
      state,
      track,
      canGoNext: canGoNext(state),
      canGoPrevious: canGoPrevious(state),
      playTrack: (next) => dispatch({ type: 'playTrack', track: next, at: Date.now() }),
      playQueue: (tracks, index) => dispatch({ type: 'playQueue', tracks, index, at: Date.now() }),
      resume: () => dispatch({ type: 'resume' }),
      pause: () => dispatch({ type: 'pause' }),
      togglePlay: () => dispatch({ type: state.status === 'playing' ? 'pause' : 'resume' }),
      next: () => dispatch({ type: 'next', random: Math.random() }),
      previous: () => dispatch({ type: 'previous', random: Math.random() }),
      toggleShuffle: () => dispatch({ type: 'toggleShuffle' }),
      cycleRepeat: () => dispatch({ type: 'cycleRepeat' }),
      setVolume: (volume) => dispatch({ type: 'setVolume', volume }),
      seek: (seconds) => {
        const audio = audioRef.current;
        if (!audio || !Number.isFinite(seconds)) return;
        listen.current = interruptListen(listen.current);
        audio.currentTime = Math.max(0, seconds);
        setProgress((now) => ({ ...now, position: audio.currentTime }));
      },
    }),
    [state, track],
  );

  return (
    <PlayerContext.Provider value={controls}>
      <PlayerProgressContext.Provider value={progress}>
        {children}
        <audio
          ref={audioRef}
          data-testid="player-audio"
          preload="metadata"
          onTimeUpdate={onTimeUpdate}
          onDurationChange={onTimeUpdate}
          onSeeking={() => {
            listen.current = interruptListen(listen.current);
          }}
          onPlay={() => dispatch({ type: 'resume' })}
          onPause={() => {
            listen.current = interruptListen(listen.current);
            // The browser also pauses right before "ended"; that is the end of a track, not a pause.
            if (!audioRef.current?.ended) dispatch({ type: 'pause' });
          }}
          onEnded={() => dispatch({ type: 'trackEnded', random: Math.random() })}
          onError={() => {
            if (track) dispatch({ type: 'playbackFailed', message: 'This track could not be loaded.' });
          }}
        />
      </PlayerProgressContext.Provider>
    </PlayerContext.Provider>
  );
}

export function usePlayer(): PlayerControls {
  const controls = useContext(PlayerContext);
  if (!controls) throw new Error('usePlayer must be used inside <PlayerProvider>');
  return controls;
}

export const usePlayerProgress = (): PlayerProgress => useContext(PlayerProgressContext);
