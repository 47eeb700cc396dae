/**
 * Given/when/then for the tests of deciders and of the commands that run them: given these past events, when this
 * command, then these new events (or this error). `givenDecider` asks a decider alone; `givenLog` runs a command's
 * application service on a memory event store holding the given streams, and looks at what it appended.
 */
import { expect } from 'vitest';
import type { DomainEvent, NewEvent } from '../../../events/index.js';
import type { CommandContext } from '../command.js';
import { memoryEventStore } from '../memory-event-store.js';

interface Decider<State, Command> {
  initialState: State;
  evolve: (state: State, event: DomainEvent) => State;
  decide: (command: Command, state: State) => NewEvent[];
}

/** What a refusal is matched with, as `toThrow` takes it: its message (text or pattern), its class, or `expect.objectContaining`. */
type Refusal = string | RegExp | Error | (abstract new (...args: never[]) => Error) | { asymmetricMatch(other: unknown): boolean };

/** An event as a test writes it: its type and data. */
type Fact = { type: string; data: unknown };

const at = '2026-01-01T00:00:00.000Z';

interface GivenOptions {
  /** The stream the events are of. */
  streamId?: string;
  /** Who recorded them (a decider that remembers who scheduled a release reads it). */
  actor?: string;
  /** When the i-th was recorded; all at the start of 2026 unless a test needs them apart. */
  at?: (index: number) => string;
}

/** The given events as the store hands them back: the n-th of the stream, with its meta. */
const stored = (events: readonly Fact[], { streamId = 'stream#1', actor = 'test', at: atOf = () => at }: GivenOptions) =>
  events.map(
    (event, i) =>
      ({
        streamId,
        version: i + 1,
        schemaVersion: 1,
        meta: { eventId: `e${i + 1}`, at: atOf(i), actor, correlationId: 'c' },
        ...event,
      }) as DomainEvent,
  );

/**
 * `given(events).when(command).then(events | refusal)` for one decider: `const given = givenDecider(albumDecider)`.
 * `when(command)` is also the decision itself, to call (`when(command)()`) where a test looks at the events another way.
 */
export function givenDecider<State, Command>(decider: Decider<State, Command>, options: GivenOptions = {}) {
  return (events: readonly Fact[]) => {
    const state = stored(events, options).reduce(decider.evolve, decider.initialState);
    const when = (command: Command) => {
      const decide = () => decider.decide(command, state);
      return Object.assign(decide, {
        /** The new events the decider records (in order), or the error it refuses the command with. */
        then(expected: readonly Fact[] | Refusal) {
          if (Array.isArray(expected)) expect(decide()).toEqual(expected);
          else expect(decide).toThrow(expected);
        },
      });
    };
    return { state, when };
  };
}

/**
 * `givenLog({ [streamId]: events }).when((context) => someCommand(…, context)).then(events | refusal)`: the command runs
 * on a memory event store holding the given streams; `then` compares what it appended (type and data, across streams,
 * in order) or the error it failed with, and answers the command's own answer for further checks.
 */
export function givenLog(streams: Record<string, readonly NewEvent[]>) {
  return {
    when<T>(command: (context: CommandContext) => Promise<T>) {
      const run = async () => {
        const eventStore = memoryEventStore();
        const context = { actor: 'test', correlationId: 'c', at: new Date(at), eventStore };
        for (const [streamId, events] of Object.entries(streams)) await eventStore.appendToStream(streamId, 0, [...events], context);
        const before = eventStore.all().length;
        let answer: T | undefined;
        let refusal: { error: unknown } | undefined;
        try {
          answer = await command(context);
        } catch (error) {
          refusal = { error };
        }
        const appended = eventStore
          .all()
          .slice(before)
          .map(({ type, data }) => ({ type, data }));
        return { answer, refusal, appended, eventStore };
      };
      return {
        /** What the command appended, or the error it failed with; resolves to the command's answer and the store. */
        async then(expected: readonly Fact[] | Refusal) {
          const { answer, refusal, appended, eventStore } = await run();
          if (Array.isArray(expected)) {
            if (refusal) throw refusal.error;
            expect(appended).toEqual(expected);
          } else {
            expect(() => {
              if (refusal) throw refusal.error;
            }).toThrow(expected);
            expect(appended).toEqual([]);
          }
          return { answer: answer as T, eventStore };
        },
      };
    },
  };
}
