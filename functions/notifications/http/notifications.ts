/**
 * HTTP context `notifications`: the signed-in user's own notifications.
 * Ids are looked up only in the caller's own stream, so another person's notification is a 404.
 */
import { commandContexts } from '../../platform/command.js';
import { dynamoEventStore } from '../../platform/event-store.js';
import { contextHandler } from '../../platform/http.js';
import { notificationsRoutes } from '../../routes.js';
import { runNotificationsCommand, userNotifications } from '../notify.js';
import { authorizer } from '../../accounts/index.js';

/** This Lambda's commands run on the events table. */
const commandContext = commandContexts(dynamoEventStore);

export const handler = contextHandler(notificationsRoutes, authorizer, {
  'GET /api/notifications': async ({ session }) => userNotifications(session.userId),

  'GET /api/notifications/count': async ({ session }) => ({
    count: (await userNotifications(session.userId)).filter((n) => !n.isRead).length,
  }),

  'PUT /api/notifications/{id}/read': async ({ params, session, request }) => {
    const { unread } = await runNotificationsCommand(
      { type: 'MarkRead', userId: session.userId, notificationId: params.id },
      commandContext(session, request),
    );
    return { success: true, id: params.id, isRead: true, count: unread };
  },

  'PUT /api/notifications/read-all': async ({ session, request }) => {
    const { unread, events } = await runNotificationsCommand(
      { type: 'MarkAllRead', userId: session.userId },
      commandContext(session, request),
    );
    const updated = events.flatMap((event) => (event.type === 'NotificationsRead' ? event.data.notificationIds : [])).length;
    return { success: true, updated, count: unread };
  },

  'DELETE /api/notifications/{id}': async ({ params, session, request }) => {
    const { unread } = await runNotificationsCommand(
      { type: 'Delete', userId: session.userId, notificationId: params.id },
      commandContext(session, request),
    );
    return { success: true, id: params.id, count: unread };
  },
});
