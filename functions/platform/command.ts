/**
 * Runs a command on the event store its context carries: load the stream, fold it to state, decide, append with the
 * expected version; retry on conflict.
 * The result is how a command answers with the new state (read-your-writes): the fold of the stream with the
 * events just appended, never a re-read of a view or of the stream, so no answer waits for a projection.
 */
import type { DomainEvent, NewEvent } from '../../events/index.js';
import { isConcurrencyError, type AppendContext, type EventStore, type Reservation } from './event-store.js';
import { retry } from './retry.js';

interface Decider<State, Command> {
  initialState: State;
  evolve: (state: State, event: DomainEvent) => State;
  decide: (command: Command, state: State) => NewEvent[];
}

interface CommandResult<State> {
  /** The state after the command: what the screen needs next. */
  state: State;
  version: number;
  appended: number;
  /** The events this command appended (none when it changed nothing). */
  events: DomainEvent[];
}

const MAX_ATTEMPTS = 4;

/**
 * What a command runs with: who acted and when (recorded with its events), and the event store it reads and appends
 * to. A Lambda's entry names the store (the events table's); a unit test hands in a memory one.
 */
export interface CommandContext extends AppendContext {
  eventStore: EventStore;
}

/**
 * The command contexts of one Lambda, on its event store: what a request's events are recorded with is who acted (a
 * signed-in person, an id the route names such as an anonymous listener's, else 'guest'), the request as correlation
 * id, the route it called, and the time the gateway received it. Every route builds its command context here.
 */
export function commandContexts(eventStore: EventStore) {
  return (
    actor: { userId: string } | string | null,
    request: { requestId: string; receivedAt: Date; route?: string },
  ): CommandContext & { at: Date } => ({
    actor: typeof actor === 'string' ? actor : (actor?.userId ?? 'guest'),
    correlationId: request.requestId,
    at: request.receivedAt,
    ...(request.route ? { route: request.route } : {}),
    eventStore,
  });
}

interface CommandOptions {
  /**
   * The command starts a stream under a fresh id (create, publish): decide on the empty stream and append at version 0
   * without reading first. When the stream exists after all, the append is refused and the command runs again on
   * what is stored, so the outcome is the same; one read fewer per created stream.
   */
  startsStream?: boolean;
}

export async function runCommand<State, Command>(
  streamId: string,
  decider: Decider<State, Command>,
  command: Command,
  context: CommandContext,
  reservations: (events: NewEvent[]) => Reservation[] = () => [],
  options: CommandOptions = {},
): Promise<CommandResult<State>> {
  return retry(
    async (attempt) => {
      const { eventStore } = context;
      const history = attempt === 1 && options.startsStream ? [] : await eventStore.readStream(streamId);
      let state = history.reduce(decider.evolve, decider.initialState);
      const version = history.length ? history[history.length - 1].version : 0;
      const events = decider.decide(command, state);
      const stored = await eventStore.appendToStream(streamId, version, events, context, reservations(events));
      const appended = stored as DomainEvent[];
      for (const event of appended) state = decider.evolve(state, event);
      return { state, version: version + stored.length, appended: stored.length, events: appended };
    },
    { attempts: MAX_ATTEMPTS, retryOn: isConcurrencyError },
  );
}
