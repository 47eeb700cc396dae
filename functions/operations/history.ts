/**
 * A stream's history as the admin pages show it, read from the event log by its key: who did what and when, newest
 * first, a page at a time; and an album as it was at a past time, replayed from its stream.
 */
import { albumDecider, type AlbumState, albumStream, artistStream } from '../catalogue/index.js';
import { userStream } from '../commerce/index.js';
import { notFound } from '../platform/errors.js';
import { userKey, type UserView } from '../accounts/projections/users.js';
import { readStream, readStreamBefore } from '../platform/event-store.js';
import { historySentences } from './history-sentences.js';
import { getViews } from '../platform/views.js';

type HistoryKind = 'artist' | 'album' | 'user';
type ActorKind = 'admin' | 'listener' | 'system' | 'stripe';
interface Actor {
  who: string;
  by: ActorKind;
}

interface HistoryEntry {
  version: number;
  type: string;
  what: string;
  /** An admin's display name, or 'listener', 'system' or 'stripe'. */
  who: string;
  by: ActorKind;
  at: string;
}

const streamOf: Record<HistoryKind, (id: string) => string> = { artist: artistStream, album: albumStream, user: userStream };

/**
 * Who an event's actor is to an admin. A person is named only when they are an admin (by display name, never by
 * e-mail); anyone else who acted is 'listener'. Ids that are no person (the seed, a consumer) are 'system'.
 */
async function actorsOf(actors: string[]): Promise<Map<string, Actor>> {
  const people = await getViews<UserView>(actors.filter((a) => a !== 'stripe').map(userKey));
  const byId = new Map(people.map((p) => [p.id, p]));
  const actorOf = (actor: string): Actor => {
    if (actor === 'stripe') return { who: 'stripe', by: 'stripe' };
    const person = byId.get(actor);
    if (!person) return { who: 'system', by: 'system' };
    if (person.role === 'admin') return { who: person.displayName ?? person.username ?? 'An admin', by: 'admin' };
    return { who: 'listener', by: 'listener' };
  };
  return new Map(actors.map((actor) => [actor, actorOf(actor)]));
}

/**
 * One page of a stream's history, newest first. The sentences need the values before each change, so the stream is
 * read from its start up to the page: one album's, artist's or person's stream is short, and it is a key read.
 */
export async function historyPage(
  kind: HistoryKind,
  id: string,
  page: { beforeVersion?: number; limit: number },
): Promise<{ entries: HistoryEntry[]; nextCursor: string | null }> {
  const events = await (page.beforeVersion === undefined
    ? readStream(streamOf[kind](id))
    : readStreamBefore(streamOf[kind](id), page.beforeVersion));
  if (!events.length && page.beforeVersion === undefined) throw notFound('not_found', `No history for ${kind} ${id}`);
  const sentences = historySentences(events);
  const shown = events.slice(-page.limit).reverse();
  const actors = await actorsOf([...new Set(shown.map((e) => e.meta.actor))]);
  const whatOf = new Map(sentences.map((s) => [s.version, s.what]));
  const entries = shown.map((event) => ({
    version: event.version,
    type: event.type,
    what: whatOf.get(event.version)!,
    ...actors.get(event.meta.actor)!,
    at: event.meta.at,
  }));
  const oldest = shown[shown.length - 1];
  return { entries, nextCursor: oldest && oldest.version > 1 ? String(oldest.version) : null };
}

/** The album as it was at `at`: its stream's events recorded until then, folded as the album's commands fold it. */
export async function albumAsOf(albumId: string, at: Date): Promise<{ state: Extract<AlbumState, { exists: true }>; version: number }> {
  const until = at.toISOString();
  const events = (await readStream(albumStream(albumId))).filter((e) => e.meta.at <= until);
  const state = events.reduce(albumDecider.evolve, albumDecider.initialState);
  if (!state.exists) throw notFound('not_found', `The album did not exist at ${until}`);
  return { state, version: events[events.length - 1].version };
}
