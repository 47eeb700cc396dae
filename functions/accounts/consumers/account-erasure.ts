/**
 * Queue consumer: erases an account once its `AccountDeleted` is recorded (functions/accounts/personal-data-deletion.ts,
 * eraseAccount). Each step can be done again, so a throttle, a Stripe outage or a crash midway fails the message, which
 * comes back until the erasure is finished, and is dead-lettered (and alarmed on) only after every try failed.
 */
import { erasureEffects, eraseAccount } from '../personal-data-deletion.js';
import { dynamoEventStore } from '../../platform/event-store.js';
import { reactorConsumer } from '../../platform/reactor.js';

export const handler = reactorConsumer('account-erasure', async (event, logger) => {
  if (event.type !== 'AccountDeleted') return;
  const cause = { eventId: event.meta.eventId, correlationId: event.meta.correlationId, at: new Date(event.meta.at) };
  await eraseAccount(event.data.userId, erasureEffects(cause, dynamoEventStore));
  logger.info('account erased', { userId: event.data.userId });
});
