/**
 * Queue consumer: turns events into notifications by the rules of functions/notifications/domain/rules.ts,
 * once per cause and person (the notification id comes from the cause's event id).
 */
import { notificationsFor } from '../domain/rules.js';
import { notificationLookups } from '../notification-lookups.js';
import { notifyUser } from '../notify.js';
import { dynamoEventStore } from '../../platform/event-store.js';
import { reactorConsumer } from '../../platform/reactor.js';
import { getView, queryViews } from '../../platform/views.js';

export const handler = reactorConsumer('notifier', async (event) => {
  const targets = await notificationsFor(event, notificationLookups({ getView, queryViews }));
  for (const { userId, content } of targets) {
    const cause = { id: event.meta.eventId, correlationId: event.meta.correlationId, actor: 'notifier' };
    await notifyUser(userId, content, cause, dynamoEventStore);
  }
});
