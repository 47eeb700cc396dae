/** The header's bell: the unread count (read every 30 s, badge capped at 9+), opening the notifications dialog. */
import { Bell } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { CountBadge } from '../../../ui/count-badge';
import { useNotificationCount } from '../api/notification-count';

const NotificationsDialog = lazy(() => import('./notifications-dialog').then((module) => ({ default: module.NotificationsDialog })));

export function NotificationsBell() {
  const count = useNotificationCount(true).data ?? 0;
  const [open, setOpen] = useState(false);
  const [everOpened, setEverOpened] = useState(false);

  return (
    <>
      <button
        type="button"
        aria-label={count > 0 ? `Notifications, ${count} unread` : 'Notifications'}
        title="Notifications"
        data-testid="notifications-bell"
        data-count={count}
        onClick={() => {
          setEverOpened(true);
          setOpen(true);
        }}
        className="relative inline-flex size-10 shrink-0 items-center justify-center rounded-full text-zinc-200 transition hover:bg-white/10 hover:text-white"
      >
        <Bell aria-hidden="true" className="size-5" />
        <CountBadge count={count} testId="notifications-badge" />
      </button>
      {everOpened && (
        <Suspense fallback={null}>
          <NotificationsDialog open={open} onOpenChange={setOpen} />
        </Suspense>
      )}
    </>
  );
}
