/** GET /api/notifications: the signed-in listener's notifications, newest first. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { request } from '../../../lib/http';
import { notificationKeys } from './notification-keys';
import { notificationSchema, type Notification } from './notification-schema';

// A bare list, or the list wrapped as { notifications }.
const answerSchema = z.union([z.array(notificationSchema), z.object({ notifications: z.array(notificationSchema) })]);

export async function getNotifications(signal?: AbortSignal): Promise<Notification[]> {
  const answer = await request('/api/notifications', answerSchema, { signal });
  const list = Array.isArray(answer) ? answer : answer.notifications;
  return [...list].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}

export const notificationsQueryOptions = () =>
  queryOptions({ queryKey: notificationKeys.list(), queryFn: ({ signal }) => getNotifications(signal), staleTime: 0 });

export const useNotifications = () => useQuery(notificationsQueryOptions());
