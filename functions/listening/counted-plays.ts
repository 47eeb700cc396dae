/**
 * Counting a play with one write: the play's event is put into the listener's plays stream of the day it started,
 * conditional on the stream's version, and what the once-per-track-length rule and the day's ceiling need is read from
 * that same stream (functions/listening/domain/plays.ts, decidePlayCount). The decision is made on what this process last saw of
 * the stream; where the stream has moved since, the put is refused, the new events are read, and the decision is made
 * again. So a counted play was decided on the stream exactly as it was, with no guard item beside it and no transaction:
 * a DynamoDB Local transaction costs three to four times a conditional PutItem, which kept play ingest under its budget.
 */
import type { DomainEvent, EventOf } from '../../events/index.js';
import {
  decidePlayCount,
  noCountedPlays,
  withCountedPlay,
  type CountedPlays,
  type PlayCountDecision,
  type PlayStart,
} from './domain/plays.js';
import type { CommandContext } from '../platform/command.js';
import { ConcurrencyError, isConcurrencyError, type EventStore } from '../platform/event-store.js';
import { caughtUp } from '../platform/read-your-writes.js';
import { playsStream } from './play-streams.js';

/** What this process last saw of each plays stream it wrote or read; a guess that only ever lags the stream. */
const seen = new Map<string, CountedPlays>();
const SEEN_STREAMS = 10_000;

function remember(streamId: string, state: CountedPlays): CountedPlays {
  seen.delete(streamId);
  seen.set(streamId, state);
  if (seen.size > SEEN_STREAMS) seen.delete(seen.keys().next().value!);
  return state;
}

/** When a stored `PlayRecorded` started: its own field, or, for older events, its time less its duration. */
const startOf = (event: EventOf<'PlayRecorded'>): number =>
  event.data.startedAt ? Date.parse(event.data.startedAt) : Date.parse(event.meta.at) - event.data.playDuration * 1000;

const withEvents = (state: CountedPlays, events: DomainEvent[]) =>
  events.reduce(
    (next, event) =>
      event.type === 'PlayRecorded'
        ? withCountedPlay(next, event.version, event.data.trackId, startOf(event))
        : { ...next, version: Math.max(next.version, event.version) },
    state,
  );

/** The stream as it is now: what was seen of it, and the events after that. */
async function currentState(streamId: string, eventStore: EventStore): Promise<CountedPlays> {
  const known = seen.get(streamId) ?? noCountedPlays;
  const { state } = await caughtUp(eventStore, streamId, { state: known, version: known.version }, withEvents);
  return remember(streamId, state);
}

const DAY_MS = 86_400_000;

interface PlayToCount {
  start: PlayStart;
  /** Seconds, from the catalogue. */
  trackLength: number;
  signedIn: boolean;
  /** The most plays a listener's day holds. */
  ceiling: number;
  /** The `PlayRecorded` to append, without its start (added here). */
  data: Omit<EventOf<'PlayRecorded'>['data'], 'startedAt'>;
}

/** Appends the play where the listener's stream of its day lets it count; otherwise answers why it does not. */
export async function countPlay(play: PlayToCount, context: CommandContext): Promise<PlayCountDecision> {
  const { start, trackLength, signedIn, ceiling } = play;
  const startedAt = new Date(start.startedAt);
  const streamId = playsStream(start.listenerId, startedAt, signedIn);
  // A start within a track length after midnight is also checked against the day before, read as it is now.
  const midnight = Math.floor(start.startedAt / DAY_MS) * DAY_MS;
  const dayBefore =
    start.startedAt - trackLength * 1000 < midnight
      ? await currentState(playsStream(start.listenerId, new Date(midnight - 1), signedIn), context.eventStore)
      : noCountedPlays;
  const event = { type: 'PlayRecorded' as const, data: { ...play.data, startedAt: startedAt.toISOString() } };

  let state = seen.get(streamId) ?? noCountedPlays;
  for (let attempt = 1; attempt <= 8; attempt++) {
    const decision = decidePlayCount(state, start, trackLength, ceiling, dayBefore);
    if (decision !== 'count') return decision;
    try {
      await context.eventStore.appendToStreams([{ streamId, expectedVersion: state.version, events: [event] }], context);
      remember(streamId, withCountedPlay(state, state.version + 1, start.trackId, start.startedAt));
      return 'count';
    } catch (error) {
      if (!isConcurrencyError(error)) throw error;
      state = await currentState(streamId, context.eventStore);
    }
  }
  throw new ConcurrencyError(streamId, state.version);
}

/** Whether the play of `start` is the last counted one of its track in its day's stream: its end may complete it. */
export async function wasCounted(start: PlayStart, signedIn: boolean, eventStore: EventStore): Promise<boolean> {
  const streamId = playsStream(start.listenerId, new Date(start.startedAt), signedIn);
  const isIt = (state: CountedPlays | undefined) => state?.lastStart.get(start.trackId) === start.startedAt;
  return isIt(seen.get(streamId)) || isIt(await currentState(streamId, eventStore));
}
