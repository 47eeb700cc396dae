import { describe, expect, it } from 'vitest';
import type { DomainEvent, NewEvent } from '../../events/index.js';
import { commandContexts, runCommand } from './command.js';
import type { EventStore } from './event-store.js';
import { memoryEventStore } from './memory-event-store.js';

describe('commandContexts', () => {
  const request = { requestId: 'req-1', receivedAt: new Date('2026-01-02T03:04:05Z') };
  const eventStore = memoryEventStore();
  const commandContext = commandContexts(eventStore);

  it('records the signed-in person, a named actor or a guest, with the request as correlation and its time, on the given store', () => {
    expect(commandContext({ userId: 'u1' }, request)).toEqual({ actor: 'u1', correlationId: 'req-1', at: request.receivedAt, eventStore });
    expect(commandContext('guest-abc', request).actor).toBe('guest-abc');
    expect(commandContext(null, request).actor).toBe('guest');
  });
});

/** A listener's saved albums, each saved once. */
const saves = {
  initialState: [] as string[],
  evolve: (state: string[], event: DomainEvent) => (event.type === 'LibraryAlbumAdded' ? [...state, event.data.albumId] : state),
  decide: (albumId: string, state: string[]): NewEvent[] =>
    state.includes(albumId) ? [] : [{ type: 'LibraryAlbumAdded', data: { userId: 'u1', albumId } }],
};
const stream = 'library#u1';
const contextOn = (eventStore: EventStore) => ({ actor: 'u1', correlationId: 'c', eventStore });

describe('runCommand', () => {
  it('decides on the stream as stored, appends after it and answers the state with what it appended', async () => {
    const eventStore = memoryEventStore();
    await runCommand(stream, saves, 'al1', contextOn(eventStore));
    const result = await runCommand(stream, saves, 'al2', contextOn(eventStore));
    expect(result).toMatchObject({ state: ['al1', 'al2'], version: 2, appended: 1 });
    expect(result.events.map((e) => e.type)).toEqual(['LibraryAlbumAdded']);
    expect(await runCommand(stream, saves, 'al2', contextOn(eventStore))).toMatchObject({ state: ['al1', 'al2'], appended: 0 });
  });

  it('runs again on what is stored when another writer got in between its read and its append', async () => {
    const memory = memoryEventStore();
    let raced = false;
    const racing: EventStore = {
      ...memory,
      async appendToStream(...args) {
        if (!raced) {
          raced = true;
          await memory.appendToStream(
            stream,
            0,
            [{ type: 'LibraryAlbumAdded', data: { userId: 'u1', albumId: 'al1' } }],
            contextOn(memory),
          );
        }
        return memory.appendToStream(...args);
      },
    };
    expect(await runCommand(stream, saves, 'al1', contextOn(racing))).toMatchObject({ state: ['al1'], version: 1, appended: 0 });
    expect(await memory.streamVersion(stream)).toBe(1);
  });

  it('starting a stream that exists after all decides again on what is stored', async () => {
    const eventStore = memoryEventStore();
    await runCommand(stream, saves, 'al1', contextOn(eventStore));
    const result = await runCommand(stream, saves, 'al1', contextOn(eventStore), undefined, { startsStream: true });
    expect(result).toMatchObject({ state: ['al1'], version: 1, appended: 0 });
  });
});
