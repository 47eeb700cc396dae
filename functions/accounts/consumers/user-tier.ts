/**
 * Queue consumer: a subscription event of commerce (started, renewed, cancelled, ended) becomes the
 * user's tier on their stream, which every session reads on each request: no sign-in again needed.
 * Idempotent: an unchanged tier records nothing.
 */
import { tierChangeFor } from '../domain/subscription-tier.js';
import { dynamoEventStore } from '../../platform/event-store.js';
import { reactorConsumer } from '../../platform/reactor.js';
import { loadUser, runUserCommand } from '../users.js';

export const handler = reactorConsumer('user-tier', async (event) => {
  const userId = (event.data as { userId?: string }).userId;
  if (!userId) return;
  const user = await loadUser(userId);
  if (!user.id) throw new Error(`${event.type} for ${userId}, who has no account (yet)`);
  const change = tierChangeFor(event, user);
  if (!change) return;
  const context = {
    actor: 'user-tier',
    correlationId: event.meta.correlationId,
    causationId: event.meta.eventId,
    eventStore: dynamoEventStore,
  };
  await runUserCommand(userId, change, context);
});
