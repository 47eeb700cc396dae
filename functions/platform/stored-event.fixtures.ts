/** Test data: a new event as the event store hands it back, the e<version>-th of its stream, written by `test`; events more than one test gives. */
import type { DomainEvent, NewEvent } from '../../events/index.js';

export const storedEvent = (streamId: string, version: number, event: NewEvent, at = '2026-01-01T00:00:00.000Z'): DomainEvent =>
  ({
    streamId,
    version,
    schemaVersion: 1,
    meta: { eventId: `e${version}`, at, actor: 'test', correlationId: 'c' },
    ...event,
  }) as DomainEvent;

/** The tier change a complimentary Toko+ membership makes. */
export const complimentaryTierChange = (userId: string, startedAt: string | null, expiresAt: string | null): NewEvent => ({
  type: 'SubscriptionTierChanged',
  data: { userId, tier: 'toko_plus', status: 'active', source: 'complimentary', startedAt, expiresAt, stripeSubscriptionId: null },
});
