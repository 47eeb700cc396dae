/**
 * Runs the player: holds the state machine, drives two audio elements from it (one plays, the other
 * preloads the next track so the change is gapless), feeds the audio clock back, reports a play once it
 * qualifies, keeps the session across reloads and speaks to the system's media controls (Media Session).
 */
import {
  createContext,
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
import { useRecordTrackPlay, type TrackPlay } from '../api/record-track-play';
import { isSignedAudioUrl, needsFreshAudioUrl } from '../audio-urls';
import { playbackRetryPlan } from '../playback-retries';
import { interruptListen, listenedUntil, markRecorded, shouldRecordPlay, startListen, type Listen } from '../play-tracking';
import { loadSavedSession, saveSession, sessionToSave, type SavedSession } from '../player-session';
import { loadPlayerSettings, savePlayerSettings } from '../player-settings';
import {
  canGoNext,
  canGoPrevious,
  clampVolume,
  currentTrack,
  initialPlayerState,
  playerReducer,
  upcomingIndex,
  type PlayerState,
  type QueueTrack,
} from '../player-state';

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

export interface PlayerProgress {
  /** Seconds into the current track. */
  position: number;
  /** Seconds; null until known. */
  duration: number | null;
}

const PlayerContext = createContext<PlayerControls | null>(null);
const PlayerProgressContext = createContext<PlayerProgress>({ position: 0, duration: null });

/** The session is written at most this often while playing (and always on pause, skip and leaving). */
const SESSION_SAVE_INTERVAL_MS = 5000;
/** An album's audio URLs are asked for again at most this often, whatever fails (a clock far off, a server that keeps refusing). */
const URL_REFRESH_INTERVAL_MS = 30_000;
/** The picture the system media controls show for a track without artwork (a 512 px app icon). */
const PLACEHOLDER_ARTWORK = '/icons/icon-512.png';

type Slot = 0 | 1;
const otherSlot = (slot: Slot): Slot => (slot === 0 ? 1 : 0);

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

function knownLength(audio: HTMLAudioElement, track: QueueTrack): number | null {
  if (Number.isFinite(audio.duration) && audio.duration > 0) return audio.duration;
  return track.duration !== null && track.duration > 0 ? track.duration : null;
}

function initialState(saved: SavedSession | null): PlayerState {
  const state = initialPlayerState(loadPlayerSettings(typeof window === 'undefined' ? 1024 : window.innerWidth));
  return saved ? playerReducer(state, { type: 'restore', queue: saved.queue, index: saved.index, shuffle: saved.shuffle }) : state;
}

const hasMediaSession = () => typeof navigator !== 'undefined' && 'mediaSession' in navigator;

function updateMediaPosition(audio: HTMLAudioElement) {
  if (!hasMediaSession() || !navigator.mediaSession.setPositionState) return;
  const duration = audio.duration;
  if (!Number.isFinite(duration) || duration <= 0) return;
  try {
    navigator.mediaSession.setPositionState({
      duration,
      position: Math.min(audio.currentTime, duration),
      playbackRate: audio.playbackRate || 1,
    });
  } catch {
    // A browser that rejects the numbers keeps its own estimate.
  }
}

export function PlayerProvider({
  children,
  onPlayRecorded,
}: {
  children: ReactNode;
  /** Called once the label has counted a play, so screens showing play counts can catch up. */
  onPlayRecorded: (play: TrackPlay) => void;
}) {
  const [restored] = useState(loadSavedSession);
  const [state, dispatch] = useReducer(playerReducer, restored, initialState);
  const track = currentTrack(state);
  const [progress, setProgress] = useState<PlayerProgress>({ position: restored?.position ?? 0, duration: track?.duration ?? null });
  const audioA = useRef<HTMLAudioElement>(null);
  const audioB = useRef<HTMLAudioElement>(null);
  // Which element plays; the other holds the next track. Mirrored in state so the test hook follows it.
  const activeSlot = useRef<Slot>(0);
  const [shownSlot, setShownSlot] = useState<Slot>(0);
  const loadedPlayId = useRef(0);
  const listen = useRef<Listen>(startListen(0));
  // Where the restored track was left, applied once its length is known.
  const pendingSeek = useRef<number | null>(restored?.position ?? null);
  // The random number the next automatic or manual "next" will use, drawn per track so the preloaded track is the one that comes.
  const nextRandom = useRef(Math.random());
  // Each start attempt gets a number; a newer one (or a pause) makes older retries stop.
  const startAttempt = useRef(0);
  const lastSavedAt = useRef(0);
  // The play whose signed URL was already renewed (once per play before loading; after that only when expired).
  const refreshedForPlay = useRef(0);
  const albumRefreshes = useRef(new Map<string, { at: number; urls: Promise<Record<string, string>> }>());
  // Bumped when a URL refresh brought nothing, so the track loads with what it has (and fails visibly if dead).
  const [urlChecks, urlChecked] = useReducer((count: number) => count + 1, 0);
  const retryPlan = useMemo(() => playbackRetryPlan(typeof navigator === 'undefined' ? '' : navigator.userAgent), []);
  const { mutate: reportPlay } = useRecordTrackPlay(onPlayRecorded);

  const audioIn = (slot: Slot) => (slot === 0 ? audioA.current : audioB.current);
  const activeAudio = useCallback(() => (activeSlot.current === 0 ? audioA.current : audioB.current), []);
  const isActive = (event: SyntheticEvent<HTMLAudioElement>) => event.currentTarget === activeAudio();

  const latestState = useRef(state);
  latestState.current = state;
  const persistSession = useCallback(() => {
    const position = pendingSeek.current ?? activeAudio()?.currentTime ?? 0;
    lastSavedAt.current = Date.now();
    saveSession(sessionToSave(latestState.current, position));
  }, [activeAudio]);

  /** Fresh signed URLs for an album's queued tracks (one request for all of them), at most once per interval. */
  const refreshAlbumUrls = useCallback((albumId: string): Promise<Record<string, string>> => {
    const last = albumRefreshes.current.get(albumId);
    if (last && Date.now() - last.at < URL_REFRESH_INTERVAL_MS) return last.urls;
    const urls = getAlbumAudioUrls(albumId).catch(() => ({}));
    albumRefreshes.current.set(albumId, { at: Date.now(), urls });
    void urls.then((audioUrls) => dispatch({ type: 'audioUrlsRefreshed', audioUrls }));
    return urls;
  }, []);

  /** A fresh URL for this play's track, or null when there is none to be had (no access any more, offline, asked too recently). */
  const freshUrlFor = useCallback(
    async (stale: QueueTrack): Promise<string | null> => {
      const audioUrls = await refreshAlbumUrls(stale.albumId);
      // Also when the answer came from an earlier request: the queue may have been replaced since.
      dispatch({ type: 'audioUrlsRefreshed', audioUrls });
      const fresh = audioUrls[stale.id];
      return fresh && fresh !== stale.audioUrl ? fresh : null;
    },
    [refreshAlbumUrls],
  );

  const startPlayback = useCallback(
    async (audio: HTMLAudioElement) => {
      const attempt = ++startAttempt.current;
      for (let retry = 0; retry <= retryPlan.retries; retry += 1) {
        try {
          await audio.play();
          return;
        } catch (error) {
          // A newer source or a pause interrupted this start: not a failure.
          if (isAbort(error) || attempt !== startAttempt.current) return;
        }
        if (retry < retryPlan.retries) await wait(retryPlan.delayMs);
        if (attempt !== startAttempt.current) return;
      }
      dispatch({ type: 'playbackFailed', message: 'Playback could not start. Press play to try again.' });
    },
    [retryPlan],
  );

  // Load the current track when a new play starts, then play or pause it.
  useEffect(() => {
    let audio = activeAudio();
    if (!audio || !track) return;
    if (loadedPlayId.current !== state.playId) {
      // A signed URL that has expired (a restored queue, an album page left open) is renewed before loading:
      // the fresh one changes `track`, which runs this again.
      if (refreshedForPlay.current !== state.playId && needsFreshAudioUrl(track.audioUrl, Date.now(), track.duration)) {
        refreshedForPlay.current = state.playId;
        void freshUrlFor(track).then((fresh) => {
          if (!fresh) urlChecked();
        });
        return;
      }
      // Only the first load (the restored session) starts part-way through.
      if (loadedPlayId.current !== 0) pendingSeek.current = null;
      loadedPlayId.current = state.playId;
      listen.current = startListen(state.playId);
      nextRandom.current = Math.random();
      const standby = audioIn(otherSlot(activeSlot.current));
      if (audio.getAttribute('src') === track.audioUrl) {
        audio.currentTime = 0;
      } else if (standby && standby.getAttribute('src') === track.audioUrl && !standby.error) {
        // The preloaded track: swap the elements instead of loading it again.
        audio.pause();
        activeSlot.current = otherSlot(activeSlot.current);
        setShownSlot(activeSlot.current);
        audio = standby;
        if (audio.currentTime !== 0) audio.currentTime = 0;
      } else {
        audio.src = track.audioUrl;
      }
      setProgress({ position: pendingSeek.current ?? 0, duration: track.duration });
    }
    if (state.status === 'playing') {
      void startPlayback(audio);
    } else {
      startAttempt.current += 1;
      audio.pause();
    }
  }, [state.playId, state.status, track, startPlayback, activeAudio, freshUrlFor, urlChecks]);

  // Preload the track that comes next into the idle element.
  useEffect(() => {
    const standby = audioIn(otherSlot(activeSlot.current));
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
    standby.preload = 'auto';
    standby.src = next.audioUrl;
  }, [state, track, shownSlot, refreshAlbumUrls]);

  useEffect(() => {
    for (const audio of [audioA.current, audioB.current]) if (audio) audio.volume = state.volume;
  }, [state.volume]);

  useEffect(() => {
    savePlayerSettings({ repeat: state.repeat, volume: state.volume });
  }, [state.repeat, state.volume]);

  useEffect(() => {
    persistSession();
  }, [state.queue, state.index, state.shuffle, state.status, persistSession]);

  useEffect(() => {
    const onLeave = () => persistSession();
    window.addEventListener('pagehide', onLeave);
    document.addEventListener('visibilitychange', onLeave);
    return () => {
      window.removeEventListener('pagehide', onLeave);
      document.removeEventListener('visibilitychange', onLeave);
    };
  }, [persistSession]);

  const onTimeUpdate = (event: SyntheticEvent<HTMLAudioElement>) => {
    const audio = event.currentTarget;
    if (!isActive(event) || !track) return;
    setProgress({ position: pendingSeek.current ?? audio.currentTime, duration: knownLength(audio, track) });
    if (audio.paused || listen.current.playId !== state.playId) return;
    if (Date.now() - lastSavedAt.current > SESSION_SAVE_INTERVAL_MS) persistSession();

    listen.current = listenedUntil(listen.current, audio.currentTime);
    const trackLength = knownLength(audio, track);
    if (trackLength !== null && shouldRecordPlay(listen.current, trackLength)) {
      listen.current = markRecorded(listen.current);
      reportPlay({ trackId: track.id, albumId: track.albumId, playDuration: listen.current.listenedSeconds, trackLength });
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

  useMediaSession(controls);

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
      if (isActive(event)) dispatch({ type: 'trackEnded', random: nextRandom.current });
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
        <audio ref={audioA} data-testid={shownSlot === 0 ? 'player-audio' : 'player-audio-standby'} {...audioEvents} />
        <audio ref={audioB} data-testid={shownSlot === 1 ? 'player-audio' : 'player-audio-standby'} {...audioEvents} />
      </PlayerProgressContext.Provider>
    </PlayerContext.Provider>
  );
}

/** Lock screen, notification shade, headset and keyboard media keys: what plays, and the buttons that drive it. */
function useMediaSession(controls: PlayerControls) {
  const latest = useRef(controls);
  latest.current = controls;
  const { track } = controls;
  const playing = controls.state.status === 'playing';

  useEffect(() => {
    if (!hasMediaSession() || typeof MediaMetadata === 'undefined') return;
    navigator.mediaSession.metadata = track
      ? new MediaMetadata({
          title: track.title,
          artist: track.artist,
          album: track.albumTitle,
          artwork: track.artwork
            ? [{ src: new URL(track.artwork, window.location.href).href }]
            : [{ src: new URL(PLACEHOLDER_ARTWORK, window.location.href).href, sizes: '512x512', type: 'image/png' }],
        })
      : null;
  }, [track]);

  useEffect(() => {
    if (hasMediaSession()) navigator.mediaSession.playbackState = track ? (playing ? 'playing' : 'paused') : 'none';
  }, [track, playing]);

  useEffect(() => {
    if (!hasMediaSession()) return;
    const handlers: Array<[MediaSessionAction, MediaSessionActionHandler]> = [
      ['play', () => latest.current.resume()],
      ['pause', () => latest.current.pause()],
      ['stop', () => latest.current.pause()],
      ['nexttrack', () => latest.current.next()],
      ['previoustrack', () => latest.current.previous()],
      ['seekbackward', (details) => latest.current.seekBy(-(details.seekOffset ?? 10))],
      ['seekforward', (details) => latest.current.seekBy(details.seekOffset ?? 10)],
      ['seekto', (details) => details.seekTime !== undefined && latest.current.seek(details.seekTime)],
    ];
    for (const [action, handler] of handlers) {
      try {
        navigator.mediaSession.setActionHandler(action, handler);
      } catch {
        // This browser does not offer that action.
      }
    }
    return () => {
      for (const [action] of handlers) {
        try {
          navigator.mediaSession.setActionHandler(action, null);
        } catch {
          // As above.
        }
      }
    };
  }, []);
}

export function usePlayer(): PlayerControls {
  const controls = useContext(PlayerContext);
  if (!controls) throw new Error('usePlayer must be used inside <PlayerProvider>');
  return controls;
}

export const usePlayerProgress = (): PlayerProgress => useContext(PlayerProgressContext);
