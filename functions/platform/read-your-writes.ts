/**
 * Read-your-writes on the server: what a view (or a process) holds of one stream, as of the stream version it reflects,
 * caught up with the events appended after that version, so an answer never waits for a projector. The view and the
 * stream's version are read side by side; the stream's tail only when the view lags (the usual case costs no more than
 * reading the view).
 */
import type { DomainEvent } from '../../events/index.js';
import type { EventStore } from './event-store.js';

export interface Known<S> {
  state: S;
  /** The last version of the stream `state` reflects (0 for none). */
  version: number;
}

export async function caughtUp<S>(
  eventStore: EventStore,
  streamId: string,
  known: Known<S> | Promise<Known<S>>,
  apply: (state: S, tail: DomainEvent[]) => S | Promise<S>,
): Promise<Known<S>> {
  const [view, version] = await Promise.all([known, eventStore.streamVersion(streamId)]);
  if (view.version >= version) return view;
  const tail = await eventStore.readStream(streamId, view.version);
  return { state: await apply(view.state, tail), version: tail.at(-1)?.version ?? view.version };
}
