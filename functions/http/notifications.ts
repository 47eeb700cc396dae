/**
 * HTTP context `notifications`: the signed-in user's own notifications (spec part 2 §7 Notifications).
 * Ids are looked up only in the caller's own stream, so another person's notification is a 404.
 */
import * as z from 'zod';
import { commandContext } from '../lib/command.js';
import { contextHandler, defineRoute } from '../lib/http.js';
import { runNotificationsCommand, userNotifications } from '../lib/notify.js';

const idParams = z.object({ id: z.string().min(1).max(100) });

export const handler = contextHandler('notifications', {
  'GET /api/notifications': defineRoute({}, async ({ session }) => userNotifications(session!.userId)),

  'GET /api/notifications/count': defineRoute({}, async ({ session }) => ({
    count: (await userNotifications(session!.userId)).filter((n) => !n.isRead).length,
  })),

  'PUT /api/notifications/{id}/read': defineRoute({ params: idParams }, async ({ params, session, request }) => {
    const userId = session!.userId;
    const { unread } = await runNotificationsCommand(
      { type: 'MarkRead', userId, notificationId: params.id },
      commandContext(session, request),
    );
    return { success: true, id: params.id, isRead: true, count: unread };
  }),

  'PUT /api/notifications/read-all': defineRoute({}, async ({ session, request }) => {
    const userId = session!.userId;
    const { unread, events } = await runNotificationsCommand({ type: 'MarkAllRead', userId }, commandContext(session, request));
    const updated = events.flatMap((event) => (event.type === 'NotificationsRead' ? event.data.notificationIds : [])).length;
    return { success: true, updated, count: unread };
  }),

  'DELETE /api/notifications/{id}': defineRoute({ params: idParams }, async ({ params, session, request }) => {
    const userId = session!.userId;
    const { unread } = await runNotificationsCommand(
      { type: 'Delete', userId, notificationId: params.id },
      commandContext(session, request),
    );
    return { success: true, id: params.id, count: unread };
  }),
});
