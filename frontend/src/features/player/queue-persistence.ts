/**
 * The queue kept across reloads: the state a reload starts from (the saved queue, paused where it was left), and
 * saving it on each change, while playing at most every few seconds, and when the page is left. Plain code over a
 * Storage-like object, and the hook that ties it to the player.
 */
import { useCallback, useEffect } from 'react';
import { useLatest } from '../../lib/use-latest';
import { readStored, removeStored, writeStored } from '../../lib/storage';
import { parseSavedSession, sessionToSave, type SavedSession } from './player-session';
import { initialPlayerState, playerReducer, type PlayerState, type RepeatMode } from './player-state';

const SESSION_KEY = 'player.session';
/** The session is written at most this often while playing (and always on pause, skip and leaving). */
export const SESSION_SAVE_INTERVAL_MS = 5000;

/** What is used of a Storage. */
export type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** Local storage, never throwing (private windows, full quotas and disabled storage read as empty). */
export const browserStorage: StorageLike = {
  getItem: (key) => readStored('local', key),
  setItem: (key, value) => writeStored('local', key, value),
  removeItem: (key) => removeStored('local', key),
};

interface QueueStore {
  /** The saved session, or null when there is none or it does not hold together. */
  restore(): SavedSession | null;
  /** Saves the queue, its place and `position` (seconds into the track); an empty queue clears what was saved. */
  save(state: Pick<PlayerState, 'queue' | 'index' | 'shuffle'>, position: number): void;
  /** Saves unless the last save is more recent than the interval (while playing). */
  saveIfDue(state: Pick<PlayerState, 'queue' | 'index' | 'shuffle'>, position: number): void;
}

export function queueStore(storage: StorageLike, now: () => number = Date.now): QueueStore {
  let lastSavedAt = 0;
  const save: QueueStore['save'] = (state, position) => {
    lastSavedAt = now();
    const session = sessionToSave(state, position);
    if (session) storage.setItem(SESSION_KEY, JSON.stringify(session));
    else storage.removeItem(SESSION_KEY);
  };
  return {
    restore: () => parseSavedSession(storage.getItem(SESSION_KEY)),
    save,
    saveIfDue: (state, position) => {
      if (now() - lastSavedAt > SESSION_SAVE_INTERVAL_MS) save(state, position);
    },
  };
}

/** The state a page starts from: the listener's settings, and the saved queue (paused) when there is one. */
export function restoredPlayerState(saved: SavedSession | null, settings: { repeat: RepeatMode; volume: number }): PlayerState {
  const state = initialPlayerState(settings);
  return saved ? playerReducer(state, { type: 'restore', queue: saved.queue, index: saved.index, shuffle: saved.shuffle }) : state;
}

/**
 * Saves the queue on each change of it, its place, shuffle or status, and when the page is hidden or left;
 * answers `saveIfDue` for the player's clock. `position` reads where the current track is now.
 */
export function useQueuePersistence(store: QueueStore, state: PlayerState, position: () => number, enabled = true) {
  const latestRef = useLatest({ state, position, enabled });
  const saveNow = useCallback(() => {
    // Before the saved session is restored there is nothing of this page's to save, and saving would erase it.
    if (latestRef.current.enabled) store.save(latestRef.current.state, latestRef.current.position());
  }, [store, latestRef]);

  useEffect(() => {
    saveNow();
  }, [state.queue, state.index, state.shuffle, state.status, enabled, saveNow]);

  useEffect(() => {
    window.addEventListener('pagehide', saveNow);
    document.addEventListener('visibilitychange', saveNow);
    return () => {
      window.removeEventListener('pagehide', saveNow);
      document.removeEventListener('visibilitychange', saveNow);
    };
  }, [saveNow]);

  return useCallback(() => store.saveIfDue(latestRef.current.state, latestRef.current.position()), [store, latestRef]);
}
