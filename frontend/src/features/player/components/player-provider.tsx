/**
 * Runs the player: holds the state machine and drives the audio engine from it (../audio-engine.ts: two
 * elements, the next track preloaded so the change is gapless), feeds the audio clock back, starts each play with
 * the label (its token), reports the play once it qualifies and again when its track plays out, renews expired signed URLs (../audio-urls.ts), keeps the queue across reloads
 * (../queue-persistence.ts) and speaks to the system's media controls (../media-session.ts).
 */
import {
  createContext,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useReducer,
  useRef,
  useState,
  type ReactNode,
  type SyntheticEvent,
} from 'react';
import { getAlbumAudioUrls } from '../api/get-album-audio-urls';
import { useLatest } from '../../../lib/use-latest';
import { useRecordTrackPlay, type TrackPlay } from '../api/record-track-play';
import { startTrackPlay } from '../api/start-track-play';
import { audioUrlRefresher, isSignedAudioUrl, needsFreshAudioUrl } from '../audio-urls';
import { createAudioEngine, type Slot } from '../audio-engine';
import { browserMediaSession, showPosition, useMediaSession } from '../media-session';
import { playbackRetryPlan } from '../playback-retries';
import {
  interruptListen,
  listenedUntil,
  markEndReported,
  markRecorded,
  markStarted,
  shouldRecordPlay,
  shouldReportEnd,
  startListen,
  withToken,
  type Listen,
} from '../play-tracking';
import { defaultVolume, loadPlayerSettings, savePlayerSettings } from '../player-settings';
import {
  canGoNext,
  canGoPrevious,
  clampVolume,
  currentTrack,
  playerReducer,
  upcomingIndex,
  type PlayerState,
  type QueueTrack,
} from '../player-state';
import { browserStorage, queueStore, restoredPlayerState, useQueuePersistence } from '../queue-persistence';

export interface PlayOptions {
  /** Ignore the request when the previous one came less than this many ms ago (default 800; album cards 500). */
  guardMs?: number;
}

export interface PlayerControls {
  state: PlayerState;
  track: QueueTrack | null;
  canGoNext: boolean;
  canGoPrevious: boolean;
  /** Plays one track on its own: the queue becomes that track. */
  playTrack: (track: QueueTrack, options?: PlayOptions) => void;
  /** Plays a list (an album) starting at `index`, clamped into the list. */
  playQueue: (tracks: readonly QueueTrack[], index: number, options?: PlayOptions) => void;
  resume: () => void;
  pause: () => void;
  togglePlay: () => void;
  next: () => void;
  previous: () => void;
  toggleShuffle: () => void;
  cycleRepeat: () => void;
  setVolume: (volume: number) => void;
  toggleMute: () => void;
  seek: (seconds: number) => void;
  /** Moves the position by `seconds` (negative goes back). */
  seekBy: (seconds: number) => void;
}

interface PlayerProgress {
  /** Seconds into the current track. */
  position: number;
  /** Seconds; null until known. */
  duration: number | null;
}

const PlayerContext = createContext<PlayerControls | null>(null);
const PlayerProgressContext = createContext<PlayerProgress>({ position: 0, duration: null });

function knownLength(audio: HTMLAudioElement, track: QueueTrack): number | null {
  if (Number.isFinite(audio.duration) && audio.duration > 0) return audio.duration;
  return track.duration !== null && track.duration > 0 ? track.duration : null;
}

const updateMediaPosition = (audio: HTMLAudioElement) => {
  const session = browserMediaSession();
  if (session) showPosition(session, audio);
};

/** What a page rendered without a browser starts from: no saved queue, the default repeat and a desktop's volume. */
const PRERENDER_SETTINGS = { repeat: 'off', volume: defaultVolume(1024) } as const;

export function PlayerProvider({
  children,
  onPlayRecorded,
  restoreAfterHydration = false,
}: {
  children: ReactNode;
  /** Called once the label has counted a play, so screens showing play counts can catch up. */
  onPlayRecorded: (play: TrackPlay) => void;
  /**
   * A pre-rendered page is hydrated as it was rendered, without the tab's saved queue and settings (a restored track
   * or repeat mode in the first render would not match its markup: React's error #418); they are restored right after.
   */
  restoreAfterHydration?: boolean;
}) {
  const [store] = useState(() => queueStore(browserStorage));
  const [restoring, setRestoring] = useState(restoreAfterHydration);
  const [restored] = useState(() => (restoreAfterHydration ? null : store.restore()));
  const [state, dispatch] = useReducer(playerReducer, restored, (saved) =>
    restoredPlayerState(
      saved,
      restoreAfterHydration ? PRERENDER_SETTINGS : loadPlayerSettings(typeof window === 'undefined' ? 1024 : window.innerWidth),
    ),
  );
  const track = currentTrack(state);
  const [progress, setProgress] = useState<PlayerProgress>({ position: restored?.position ?? 0, duration: track?.duration ?? null });
  // Which element plays (the other holds the next track), mirrored in state so the test hook follows it.
  const [shownSlot, setShownSlot] = useState<Slot>(0);
  const [engine] = useState(() =>
    createAudioEngine<HTMLAudioElement>({
      retryPlan: playbackRetryPlan(typeof navigator === 'undefined' ? '' : navigator.userAgent),
      onSwap: setShownSlot,
    }),
  );
  const loadedPlayId = useRef(0);
  const listen = useRef<Listen>(startListen(0));
  // Where the restored track was left, applied once its length is known.
  const pendingSeek = useRef<number | null>(restored?.position ?? null);

  // Before the effects that save: they would otherwise store the hydrated page's empty queue over the saved one. A
  // transition, as the hydration itself: the restored player bar renders without holding the page's first input. The
  // load of the restored track below sets its progress from pendingSeek.
  useEffect(() => {
    if (!restoring) return;
    const saved = store.restore();
    const settings = loadPlayerSettings(window.innerWidth);
    if (saved) pendingSeek.current = saved.position;
    startTransition(() => {
      dispatch({ type: 'settingsLoaded', ...settings });
      if (saved) dispatch({ type: 'restore', queue: saved.queue, index: saved.index, shuffle: saved.shuffle });
      setRestoring(false);
    });
  }, [restoring, store]);
  // The random number the next automatic or manual "next" will use, drawn per track so the preloaded track is the one that comes.
  const [firstRandom] = useState(Math.random);
  const nextRandom = useRef(firstRandom);
  // The play whose signed URL was already renewed (once per play before loading; after that only when expired).
  const refreshedForPlay = useRef(0);
  // The play whose renewal before loading is still awaited: a Play pressed meanwhile waits for it rather than loading the
  // expired URL, which would fail after the fresh one had come.
  const renewingForPlay = useRef(0);
  const [audioUrls] = useState(() =>
    audioUrlRefresher(getAlbumAudioUrls, (fresh) => dispatch({ type: 'audioUrlsRefreshed', audioUrls: fresh })),
  );
  const { refresh: refreshAlbumUrls, freshUrlFor } = audioUrls;
  // Bumped when a URL refresh brought nothing, so the track loads with what it has (and fails visibly if dead).
  const [urlChecks, urlChecked] = useReducer((count: number) => count + 1, 0);
  const { mutate: reportPlay } = useRecordTrackPlay(onPlayRecorded);

  const [mountFirst, mountSecond] = engine.mountSlots;
  const activeAudio = engine.active;
  const isActive = (event: SyntheticEvent<HTMLAudioElement>) => engine.isActive(event.currentTarget);

  const latestState = useLatest(state);

  const startPlayback = useCallback(
    async (audio: HTMLAudioElement) => {
      if ((await engine.start(audio)) === 'failed') {
        dispatch({ type: 'playbackFailed', message: 'Playback could not start. Press play to try again.' });
      }
    },
    [engine],
  );

  // Load the current track when a new play starts, then play or pause it.
  useEffect(() => {
    let audio = activeAudio();
    if (!audio || !track) return;
    if (loadedPlayId.current !== state.playId) {
      // A signed URL that has expired (a restored queue, an album page left open) is renewed before loading:
      // the fresh one changes `track`, which runs this again.
      if (needsFreshAudioUrl(track.audioUrl, Date.now(), track.duration)) {
        if (renewingForPlay.current === state.playId) return;
        if (refreshedForPlay.current !== state.playId) {
          const playId = state.playId;
          refreshedForPlay.current = playId;
          renewingForPlay.current = playId;
          void freshUrlFor(track).then((fresh) => {
            if (renewingForPlay.current === playId) renewingForPlay.current = 0;
            // No fresh URL: load what there is (it fails visibly). A fresh one changed `track`, which runs this again.
            if (!fresh) urlChecked();
          });
          return;
        }
      }
      // Only the first load (the restored session) starts part-way through.
      if (loadedPlayId.current !== 0) pendingSeek.current = null;
      loadedPlayId.current = state.playId;
      listen.current = startListen(state.playId);
      nextRandom.current = Math.random();
      // The preloaded track is swapped in rather than loaded again.
      audio = engine.load(track.audioUrl) ?? audio;
      setProgress({ position: pendingSeek.current ?? 0, duration: track.duration });
    }
    if (state.status === 'playing') void startPlayback(audio);
    else engine.stop();
  }, [state.playId, state.status, track, startPlayback, activeAudio, engine, freshUrlFor, urlChecks]);

  // A play starts with the label once it plays (not when a restored session loads it paused): its reports carry the
  // token. A failed start leaves the play uncounted, never the music stopped.
  useEffect(() => {
    if (state.status !== 'playing' || !track || listen.current.playId !== state.playId || listen.current.started) return;
    listen.current = markStarted(listen.current);
    const playId = state.playId;
    startTrackPlay({ trackId: track.id, albumId: track.albumId }).then(
      (token) => {
        if (listen.current.playId === playId) listen.current = withToken(listen.current, token, performance.now());
      },
      () => undefined,
    );
  }, [state.playId, state.status, track]);

  // Preload the track that comes next into the idle element.
  useEffect(() => {
    const standby = engine.standby();
    const upcoming = upcomingIndex(state, nextRandom.current);
    const next = upcoming === null ? null : state.queue[upcoming];
    // Only while music plays: a page just opened (or a restored, paused session) downloads no audio it may never need.
    if (
      state.status !== 'playing' ||
      !standby ||
      !next ||
      next.audioUrl === track?.audioUrl ||
      standby.getAttribute('src') === next.audioUrl
    )
      return;
    // An expired signed URL would only fail: renew it (the fresh URL runs this again), else leave it to the load.
    if (needsFreshAudioUrl(next.audioUrl, Date.now(), next.duration)) {
      void refreshAlbumUrls(next.albumId);
      return;
    }
    engine.preload(next.audioUrl);
  }, [state, track, shownSlot, engine, refreshAlbumUrls]);

  useEffect(() => engine.setVolume(state.volume), [engine, state.volume]);

  useEffect(() => {
    if (!restoring) savePlayerSettings({ repeat: state.repeat, volume: state.volume });
  }, [restoring, state.repeat, state.volume]);

  // After the load above, so a new track is saved from its own position.
  const saveQueueIfDue = useQueuePersistence(store, state, () => pendingSeek.current ?? activeAudio()?.currentTime ?? 0, !restoring);

  const onTimeUpdate = (event: SyntheticEvent<HTMLAudioElement>) => {
    const audio = event.currentTarget;
    if (!isActive(event) || !track) return;
    setProgress({ position: pendingSeek.current ?? audio.currentTime, duration: knownLength(audio, track) });
    if (audio.paused || listen.current.playId !== state.playId) return;
    saveQueueIfDue();

    listen.current = listenedUntil(listen.current, audio.currentTime);
    const trackLength = knownLength(audio, track);
    if (trackLength !== null && shouldRecordPlay(listen.current, trackLength, performance.now(), track.duration)) {
      listen.current = markRecorded(listen.current);
      reportPlay({ trackId: track.id, albumId: track.albumId, playToken: listen.current.token! });
    }
  };

  const onLoadedMetadata = (event: SyntheticEvent<HTMLAudioElement>) => {
    const audio = event.currentTarget;
    if (!isActive(event)) return;
    if (pendingSeek.current !== null) {
      const resumeAt = pendingSeek.current;
      pendingSeek.current = null;
      // A track left in its last seconds starts over rather than ending at once.
      audio.currentTime = Number.isFinite(audio.duration) && resumeAt >= audio.duration - 1 ? 0 : resumeAt;
    }
    onTimeUpdate(event);
    updateMediaPosition(audio);
  };

  const seek = useCallback(
    (seconds: number) => {
      const audio = activeAudio();
      if (!audio || !Number.isFinite(seconds)) return;
      listen.current = interruptListen(listen.current);
      const length = Number.isFinite(audio.duration) ? audio.duration : Infinity;
      const target = Math.min(Math.max(0, seconds), length);
      if (pendingSeek.current !== null) pendingSeek.current = target;
      else audio.currentTime = target;
      setProgress((now) => ({ ...now, position: target }));
    },
    [activeAudio],
  );

  const controls = useMemo<PlayerControls>(
    () => ({
      state,
      track,
      canGoNext: canGoNext(state),
      canGoPrevious: canGoPrevious(state),
      playTrack: (next, options) => dispatch({ type: 'playTrack', track: next, at: Date.now(), guardMs: options?.guardMs }),
      playQueue: (tracks, index, options) => dispatch({ type: 'playQueue', tracks, index, at: Date.now(), guardMs: options?.guardMs }),
      resume: () => dispatch({ type: 'resume' }),
      pause: () => dispatch({ type: 'pause' }),
      togglePlay: () => dispatch({ type: state.status === 'playing' ? 'pause' : 'resume' }),
      next: () => dispatch({ type: 'next', random: nextRandom.current }),
      previous: () => dispatch({ type: 'previous', random: Math.random() }),
      toggleShuffle: () => dispatch({ type: 'toggleShuffle' }),
      cycleRepeat: () => dispatch({ type: 'cycleRepeat' }),
      setVolume: (volume) => dispatch({ type: 'setVolume', volume: clampVolume(volume) }),
      toggleMute: () => dispatch({ type: 'toggleMute' }),
      seek,
      seekBy: (seconds) => seek((pendingSeek.current ?? activeAudio()?.currentTime ?? 0) + seconds),
    }),
    [state, track, seek, activeAudio],
  );

  useMediaSession(track, state.status === 'playing', controls);

  const audioEvents = {
    preload: 'metadata',
    onTimeUpdate,
    onDurationChange: onTimeUpdate,
    onLoadedMetadata,
    onSeeking: (event: SyntheticEvent<HTMLAudioElement>) => {
      if (isActive(event)) listen.current = interruptListen(listen.current);
    },
    onSeeked: (event: SyntheticEvent<HTMLAudioElement>) => {
      if (isActive(event)) updateMediaPosition(event.currentTarget);
    },
    onPlay: (event: SyntheticEvent<HTMLAudioElement>) => {
      if (!isActive(event)) return;
      updateMediaPosition(event.currentTarget);
      dispatch({ type: 'resume' });
    },
    onPause: (event: SyntheticEvent<HTMLAudioElement>) => {
      if (!isActive(event)) return;
      listen.current = interruptListen(listen.current);
      // The browser also pauses right before "ended"; that is the end of a track, not a pause.
      if (!event.currentTarget.ended) dispatch({ type: 'pause' });
    },
    onEnded: (event: SyntheticEvent<HTMLAudioElement>) => {
      if (!isActive(event)) return;
      if (track && listen.current.playId === state.playId && shouldReportEnd(listen.current)) {
        listen.current = markEndReported(listen.current);
        reportPlay({ trackId: track.id, albumId: track.albumId, playToken: listen.current.token!, ended: true });
      }
      dispatch({ type: 'trackEnded', random: nextRandom.current });
    },
    onError: (event: SyntheticEvent<HTMLAudioElement>) => {
      if (!isActive(event) || !track) return;
      // A signed URL refused (expired during a long pause, or a dead one restored): renew it once and go on where it stopped.
      const audio = event.currentTarget;
      const playId = state.playId;
      // The URL that failed is the element's: the queue may hold a newer one already.
      const failedUrl = audio.getAttribute('src') ?? '';
      if (isSignedAudioUrl(failedUrl) && (refreshedForPlay.current !== playId || needsFreshAudioUrl(failedUrl, Date.now()))) {
        refreshedForPlay.current = playId;
        const resumeAt = pendingSeek.current ?? audio.currentTime;
        void freshUrlFor({ ...track, audioUrl: failedUrl }).then((fresh) => {
          if (latestState.current.playId !== playId || activeAudio() !== audio) return;
          if (!fresh) return dispatch({ type: 'playbackFailed', message: 'This track could not be loaded.' });
          pendingSeek.current = resumeAt > 0 ? resumeAt : null;
          audio.src = fresh;
          if (latestState.current.status === 'playing') void startPlayback(audio);
        });
        return;
      }
      dispatch({ type: 'playbackFailed', message: 'This track could not be loaded.' });
    },
  } as const;

  return (
    <PlayerContext.Provider value={controls}>
      <PlayerProgressContext.Provider value={progress}>
        {children}
        {/* eslint-disable-next-line jsx-a11y/media-has-caption -- music, not speech: the words are in the lyrics dialog, there is no caption track to give */}
        <audio ref={mountFirst} data-testid={shownSlot === 0 ? 'player-audio' : 'player-audio-standby'} {...audioEvents} />
        {/* eslint-disable-next-line jsx-a11y/media-has-caption -- as above: music, not speech */}
        <audio ref={mountSecond} data-testid={shownSlot === 1 ? 'player-audio' : 'player-audio-standby'} {...audioEvents} />
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
