/**
 * The listening session kept across reloads: the queue, where in it the listener was, and how far into the
 * track. Checked on the way back in, so a stale or tampered entry is dropped (queue-persistence.ts stores it).
 */
import * as z from 'zod/mini';
import type { PlayerState } from './player-state';

/** A queue longer than this is not worth the storage (and was not built by this app). */
const MAX_SAVED_TRACKS = 500;

const queueTrackSchema = z.object({
  id: z.string(),
  albumId: z.string(),
  title: z.string(),
  artist: z.string(),
  albumTitle: z.string(),
  artwork: z.nullable(z.string()),
  audioUrl: z.string().check(z.minLength(1)),
  duration: z.nullable(z.number()),
});

const savedSessionSchema = z.object({
  queue: z.array(queueTrackSchema).check(z.minLength(1), z.maxLength(MAX_SAVED_TRACKS)),
  index: z.int().check(z.nonnegative()),
  /** Seconds into the current track. */
  position: z.number().check(z.nonnegative()),
  shuffle: z.boolean(),
});
export type SavedSession = z.infer<typeof savedSessionSchema>;

/** The stored text back as a session, or null when there is none or it does not hold together. */
export function parseSavedSession(text: string | null): SavedSession | null {
  if (!text) return null;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return null;
  }
  const parsed = z.safeParse(savedSessionSchema, json);
  if (!parsed.success || parsed.data.index >= parsed.data.queue.length) return null;
  return parsed.data;
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
