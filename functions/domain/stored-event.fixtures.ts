/** Test data: a new event as the event store hands it back, the e<version>-th of its stream, written by `test`. */
import type { DomainEvent, NewEvent } from '../../events/index.js';

export const storedEvent = (streamId: string, version: number, event: NewEvent, at = '2026-01-01T00:00:00.000Z'): DomainEvent =>
  ({
    streamId,
    version,
    schemaVersion: 1,
    meta: { eventId: `e${version}`, at, actor: 'test', correlationId: 'c' },
    ...event,
  }) as DomainEvent;
