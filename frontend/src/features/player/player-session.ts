/**
 * The listening session kept across reloads: the queue, where in it the listener was, and how far into the
 * track. Checked on the way back in, so a stale or tampered entry is dropped (queue-persistence.ts stores it).
 */
import { fieldsOf, isFlag, isNumber, isText, isTextOrNull, isWhole } from '../../lib/stored-shape';
import type { PlayerState, QueueTrack } from './player-state';

/** A queue longer than this is not worth the storage (and was not built by this app). */
const MAX_SAVED_TRACKS = 500;

/** A saved track is a queue track as the queue held it. */
export type SavedTrack = QueueTrack;

export interface SavedSession {
  queue: SavedTrack[];
  index: number;
  /** Seconds into the current track. */
  position: number;
  shuffle: boolean;
}

function readTrack(value: unknown): SavedTrack | null {
  const track = fieldsOf(value);
  if (!track) return null;
  const { id, albumId, title, artist, albumTitle, artwork, audioUrl, duration } = track;
  if (!isText(id) || !isText(albumId) || !isText(title) || !isText(artist) || !isText(albumTitle)) return null;
  if (!isTextOrNull(artwork) || !isText(audioUrl) || audioUrl === '' || !(duration === null || isNumber(duration))) return null;
  return { id, albumId, title, artist, albumTitle, artwork, audioUrl, duration };
}

/** The stored text back as a session, or null when there is none or it does not hold together. */
export function parseSavedSession(text: string | null): SavedSession | null {
  if (!text) return null;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return null;
  }
  const session = fieldsOf(json);
  if (!session || !Array.isArray(session.queue) || session.queue.length === 0 || session.queue.length > MAX_SAVED_TRACKS) return null;
  const queue = session.queue.map(readTrack);
  const { index, position, shuffle } = session;
  if (!queue.every((track) => track !== null) || !isWhole(index) || index < 0 || index >= queue.length) return null;
  if (!isNumber(position) || position < 0 || !isFlag(shuffle)) return null;
  return { queue, index, position, shuffle };
}

/** What to store for this state, or null when there is nothing to come back to. */
export function sessionToSave(state: Pick<PlayerState, 'queue' | 'index' | 'shuffle'>, position: number): SavedSession | null {
  if (state.queue.length === 0 || state.queue.length > MAX_SAVED_TRACKS) return null;
  return {
    queue: [...state.queue],
    index: state.index,
    position: Number.isFinite(position) && position > 0 ? Math.floor(position * 10) / 10 : 0,
    shuffle: state.shuffle,
  };
}
