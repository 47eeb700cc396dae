/**
 * The notifications dialog: newest first; opening one or following its action marks it read. Action links
 * inside the app navigate here (and close the dialog); links elsewhere open in a new tab.
 */
import { Bell, CheckCheck, Trash2 } from 'lucide-react';
import { useFollowLink } from '../../../lib/follow-link';
import { formatDateTime } from '../../../lib/format';
import { cx } from '../../../lib/class-names';
import { Button, IconButton } from '../../../ui/button';
import { Dialog } from '../../../ui/dialog';
import { Skeleton } from '../../../ui/skeleton';
import { EmptyState, ErrorState } from '../../../ui/status-message';
import { useDeleteNotification, useMarkAllNotificationsRead, useMarkNotificationRead } from '../api/change-notifications';
import { useNotifications } from '../api/get-notifications';
import type { Notification } from '#contract/notifications.js';

export function NotificationsDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const notifications = useNotifications();
  const markRead = useMarkNotificationRead();
  const markAllRead = useMarkAllNotificationsRead();
  const remove = useDeleteNotification();
  const followLink = useFollowLink();
  const unread = notifications.data?.filter((notification) => !notification.isRead).length ?? 0;

  const read = (notification: Notification) => {
    if (!notification.isRead) markRead.mutate(notification.id);
  };

  const follow = (notification: Notification) => {
    read(notification);
    if (!notification.actionUrl) return;
    if (followLink(notification.actionUrl).kind === 'in-app') onOpenChange(false);
  };

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      size="lg"
      title="Notifications"
      description={unread > 0 ? `${unread} unread` : 'You are all caught up.'}
    >
      <div className="mt-4 flex justify-end">
        <Button
          variant="ghost"
          className="px-3 py-1.5"
          disabled={unread === 0 || markAllRead.isPending}
          onClick={() => markAllRead.mutate()}
          icon={CheckCheck}
        >
          Mark all as read
        </Button>
      </div>
      <div className="mt-2" data-testid="notifications-list">
        {notifications.isPending ? (
          <div role="status" className="space-y-3">
            <span className="sr-only">Loading notifications…</span>
            {[0, 1, 2].map((row) => (
              <Skeleton key={row} className="h-16 w-full" />
            ))}
          </div>
        ) : notifications.isError ? (
          <ErrorState title="Notifications could not be loaded" error={notifications.error} onRetry={() => void notifications.refetch()} />
        ) : notifications.data.length === 0 ? (
          <EmptyState icon={Bell} title="No notifications yet">
            News about your purchases, your subscription and new releases will show up here.
          </EmptyState>
        ) : (
          <ul className="divide-y divide-white/10">
            {notifications.data.map((notification) => (
              <NotificationRow
                key={notification.id}
                notification={notification}
                onOpen={() => read(notification)}
                onFollow={() => follow(notification)}
                onDelete={() => remove.mutate(notification.id)}
              />
            ))}
          </ul>
        )}
      </div>
    </Dialog>
  );
}

function NotificationRow({
  notification,
  onOpen,
  onFollow,
  onDelete,
}: {
  notification: Notification;
  onOpen: () => void;
  onFollow: () => void;
  onDelete: () => void;
}) {
  return (
    <li
      className="flex items-start gap-2 py-3"
      data-testid="notification"
      data-notification-id={notification.id}
      data-read={notification.isRead}
    >
      <button type="button" onClick={onOpen} className="min-w-0 flex-1 rounded-lg p-2 text-left transition hover:bg-white/5">
        <span className="flex items-center gap-2">
          <span aria-hidden="true" className={cx('size-2 shrink-0 rounded-full', notification.isRead ? 'bg-transparent' : 'bg-accent')} />
          <span className={cx('truncate text-sm', notification.isRead ? 'font-medium text-zinc-300' : 'font-bold text-zinc-50')}>
            {!notification.isRead && <span className="sr-only">Unread: </span>}
            {notification.title}
          </span>
        </span>
        {notification.message && <span className="mt-1 block pl-4 text-sm text-zinc-300">{notification.message}</span>}
        <time dateTime={notification.createdAt} className="mt-1 block pl-4 text-xs text-zinc-400">
          {formatDateTime(notification.createdAt)}
        </time>
      </button>
      <div className="flex shrink-0 items-center gap-1 pt-1">
        {notification.actionUrl && (
          <Button variant="secondary" className="px-3 py-1.5 text-xs" onClick={onFollow}>
            {notification.actionText || 'Open'}
          </Button>
        )}
        <IconButton label={`Delete notification: ${notification.title}`} onClick={onDelete} className="size-8">
          <Trash2 aria-hidden="true" className="size-4" />
        </IconButton>
      </div>
    </li>
  );
}
