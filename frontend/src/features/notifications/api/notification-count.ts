/** GET /api/notifications/count: the unread count behind the bell's badge, read again every 30 s. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/http';
import { notificationKeys } from './notification-keys';

/** The answers' schemas, loaded apart from the first page's code (lib/http.ts). */
const notificationsSchemas = () => import('#contract/notifications.js');

export const NOTIFICATION_COUNT_REFRESH_MS = 30_000;

const notificationCountQueryOptions = () =>
  queryOptions({
    queryKey: notificationKeys.count(),
    queryFn: async ({ signal }) =>
      (await api('GET /api/notifications/count', () => notificationsSchemas().then((c) => c.countUnreadAnswer), { signal })).count,
    refetchInterval: NOTIFICATION_COUNT_REFRESH_MS,
    staleTime: 0,
  });

export const useNotificationCount = (enabled: boolean) => useQuery({ ...notificationCountQueryOptions(), enabled });

/** The badge text: nothing at 0, the number up to 9, then "9+". */
