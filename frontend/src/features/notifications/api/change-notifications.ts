/**
 * The three changes a listener makes to notifications: mark one read (PUT /{id}/read), mark all read
 * (PUT /read-all), delete one (DELETE /{id}). Each updates the list and the count at once and rolls back
 * with a toast that says so if the server refuses.
 */
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { deleteNotificationAnswer, markAllReadAnswer, markReadAnswer, type Notification } from '#contract/notifications.js';
import { api } from '../../../lib/http';
import { toast } from '../../../ui/toast';
import { notificationKeys } from './notification-keys';

interface Snapshot {
  list: Notification[] | undefined;
  count: number | undefined;
}

/** Applies a change to the cached list (and recounts the unread), keeping what was there to roll back to. */
async function changeCached(queryClient: QueryClient, change: (list: Notification[]) => Notification[]): Promise<Snapshot> {
  await queryClient.cancelQueries({ queryKey: notificationKeys.all });
  const snapshot: Snapshot = {
    list: queryClient.getQueryData(notificationKeys.list()),
    count: queryClient.getQueryData(notificationKeys.count()),
  };
  if (snapshot.list) {
    const next = change(snapshot.list);
    queryClient.setQueryData(notificationKeys.list(), next);
    queryClient.setQueryData(notificationKeys.count(), next.filter((notification) => !notification.isRead).length);
  }
  return snapshot;
}

function restore(queryClient: QueryClient, snapshot: Snapshot | undefined) {
  if (!snapshot) return;
  queryClient.setQueryData(notificationKeys.list(), snapshot.list);
  queryClient.setQueryData(notificationKeys.count(), snapshot.count);
}

function useNotificationChange<Input>(
  send: (input: Input) => Promise<unknown>,
  change: (input: Input) => (list: Notification[]) => Notification[],
  messages: { success?: string; failure: string },
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onMutate: (input) => changeCached(queryClient, change(input)),
    onError: (_error, _input, snapshot) => {
      restore(queryClient, snapshot);
      toast({ variant: 'destructive', title: messages.failure });
    },
    onSuccess: () => {
      if (messages.success) toast({ variant: 'success', title: messages.success });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}

export const useMarkNotificationRead = () =>
  useNotificationChange(
    (id: string) => api('PUT /api/notifications/{id}/read', markReadAnswer, { params: { id } }),
    (id) => (list) => list.map((notification) => (notification.id === id ? { ...notification, isRead: true } : notification)),
    { failure: 'Failed to mark notification as read' },
  );

export const useMarkAllNotificationsRead = () =>
  useNotificationChange(
    (_: void) => api('PUT /api/notifications/read-all', markAllReadAnswer),
    () => (list) => list.map((notification) => ({ ...notification, isRead: true })),
    { success: 'All notifications marked as read', failure: 'Failed to mark all notifications as read' },
  );

export const useDeleteNotification = () =>
  useNotificationChange(
    (id: string) => api('DELETE /api/notifications/{id}', deleteNotificationAnswer, { params: { id } }),
    (id) => (list) => list.filter((notification) => notification.id !== id),
    { success: 'Notification deleted', failure: 'Failed to delete notification' },
  );
