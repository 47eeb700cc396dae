/** GET /api/notifications: the signed-in listener's notifications, newest first. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { listNotificationsAnswer, type Notification } from '#contract/notifications.js';
import { api } from '../../../lib/http';
import { notificationKeys } from './notification-keys';

const getNotifications = (signal?: AbortSignal): Promise<Notification[]> =>
  api('GET /api/notifications', listNotificationsAnswer, { signal }).then((list) =>
    [...list].sort((a, b) => b.createdAt.localeCompare(a.createdAt)),
  );

const notificationsQueryOptions = () =>
  queryOptions({ queryKey: notificationKeys.list(), queryFn: ({ signal }) => getNotifications(signal), staleTime: 0 });

export const useNotifications = () => useQuery(notificationsQueryOptions());
