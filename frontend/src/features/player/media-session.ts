/**
 * The Media Session: what the lock screen, the notification shade and media keys show (title, artist, album,
 * artwork, playing or paused, the position) and the buttons there that drive the player. Plain functions over a
 * navigator.mediaSession-like object, and the hook that ties them to the player.
 */
import { useEffect, useState } from 'react';
import { useLatest } from '../../lib/use-latest';
import type { QueueTrack } from './player-state';

/** The picture the system media controls show for a track without artwork (a 512 px app icon). */
const PLACEHOLDER_ARTWORK = '/icons/icon-512.png';

/** What is used of navigator.mediaSession. */
export interface MediaSessionLike {
  metadata: unknown;
  playbackState: MediaSessionPlaybackState;
  setActionHandler(action: MediaSessionAction, handler: MediaSessionActionHandler | null): void;
  setPositionState?(state: MediaPositionState): void;
}

/** The player's commands the system controls call. */
export interface MediaActions {
  resume: () => void;
  pause: () => void;
  next: () => void;
  previous: () => void;
  seek: (seconds: number) => void;
  seekBy: (seconds: number) => void;
}

export const browserMediaSession = (): MediaSessionLike | null =>
  typeof navigator !== 'undefined' && 'mediaSession' in navigator ? navigator.mediaSession : null;

/** What the system shows for `track` (artwork as absolute URLs, read against the page's address), or null for nothing. */
function nowPlayingMetadata(track: QueueTrack | null, pageHref: string): MediaMetadataInit | null {
  if (!track) return null;
  return {
    title: track.title,
    artist: track.artist,
    album: track.albumTitle,
    artwork: track.artwork
      ? [{ src: new URL(track.artwork, pageHref).href }]
      : [{ src: new URL(PLACEHOLDER_ARTWORK, pageHref).href, sizes: '512x512', type: 'image/png' }],
  };
}

export function showNowPlaying(
  session: MediaSessionLike,
  track: QueueTrack | null,
  pageHref: string,
  makeMetadata: (init: MediaMetadataInit) => unknown,
) {
  const metadata = nowPlayingMetadata(track, pageHref);
  session.metadata = metadata ? makeMetadata(metadata) : null;
}

export function showPlaybackState(session: MediaSessionLike, track: QueueTrack | null, playing: boolean) {
  session.playbackState = track ? (playing ? 'playing' : 'paused') : 'none';
}

/** The position of the playing element, once its length is known. */
export function showPosition(session: MediaSessionLike, audio: { duration: number; currentTime: number; playbackRate: number }) {
  if (!session.setPositionState) return;
  const duration = audio.duration;
  if (!Number.isFinite(duration) || duration <= 0) return;
  try {
    session.setPositionState({ duration, position: Math.min(audio.currentTime, duration), playbackRate: audio.playbackRate || 1 });
  } catch {
    // A browser that rejects the numbers keeps its own estimate.
  }
}

/** Binds the system's buttons to the player's current commands; answers the unbinding. */
export function bindMediaActions(session: MediaSessionLike, actions: () => MediaActions): () => void {
  const handlers: Array<[MediaSessionAction, MediaSessionActionHandler]> = [
    ['play', () => actions().resume()],
    ['pause', () => actions().pause()],
    ['stop', () => actions().pause()],
    ['nexttrack', () => actions().next()],
    ['previoustrack', () => actions().previous()],
    ['seekbackward', (details) => actions().seekBy(-(details.seekOffset ?? 10))],
    ['seekforward', (details) => actions().seekBy(details.seekOffset ?? 10)],
    ['seekto', (details) => details.seekTime !== undefined && actions().seek(details.seekTime)],
  ];
  for (const [action, handler] of handlers) {
    try {
      session.setActionHandler(action, handler);
    } catch {
      // This browser does not offer that action.
    }
  }
  return () => {
    for (const [action] of handlers) {
      try {
        session.setActionHandler(action, null);
      } catch {
        // As above.
      }
    }
  };
}

/**
 * Keeps the system's media controls on the player: what plays, playing or paused, and its buttons. Until something is
 * queued the system has nothing to show and no one to call, so the browser's media session is left alone: its first
 * use (eight buttons bound) is a costly part of a pre-rendered page's hydration effects on a slow phone.
 */
export function useMediaSession(track: QueueTrack | null, playing: boolean, actions: MediaActions) {
  const latest = useLatest(actions);
  const [used, setUsed] = useState(false);
  if (track && !used) setUsed(true);

  useEffect(() => {
    const session = browserMediaSession();
    if (!used || !session || typeof MediaMetadata === 'undefined') return;
    showNowPlaying(session, track, window.location.href, (init) => new MediaMetadata(init));
  }, [used, track]);

  useEffect(() => {
    const session = browserMediaSession();
    if (used && session) showPlaybackState(session, track, playing);
  }, [used, track, playing]);

  useEffect(() => {
    const session = browserMediaSession();
    return used && session ? bindMediaActions(session, () => latest.current) : undefined;
  }, [used, latest]);
}
