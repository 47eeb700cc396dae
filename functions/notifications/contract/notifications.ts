/** Contract of the `notifications` context: the signed-in user's own notifications. */
import * as z from 'zod/mini';
import { endpoint, idParams, nullableText, success } from '../../platform/contract/endpoint.js';

export const notification = z.object({
  id: z.string(),
  kind: z.string(),
  title: z.string(),
  message: z.string(),
  isRead: z.boolean(),
  createdAt: z.string(),
  actionText: nullableText,
  actionUrl: nullableText,
});
export type Notification = z.infer<typeof notification>;

/** Every change answers the unread count after it. */
const unread = { count: z.int().check(z.nonnegative()) };

export const listNotificationsAnswer = z.array(notification);
export const listNotifications = endpoint({ answer: listNotificationsAnswer });
export const countUnreadAnswer = z.object(unread);
export const countUnread = endpoint({ answer: countUnreadAnswer });
export const markReadAnswer = z.object({ success, id: z.string(), isRead: z.literal(true), ...unread });
export const markRead = endpoint({ params: idParams, answer: markReadAnswer });
export const markAllReadAnswer = z.object({ success, updated: z.int(), ...unread });
export const markAllRead = endpoint({ answer: markAllReadAnswer });
export const deleteNotificationAnswer = z.object({ success, id: z.string(), ...unread });
export const deleteNotification = endpoint({ params: idParams, answer: deleteNotificationAnswer });
