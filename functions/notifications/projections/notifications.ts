/**
 * The notifications view: one item per live notification in the user's partition. Every op sets
 * absolute values (no counters), so replaying an event over a newer item converges: readers rely on it
 * to catch up from the stream (functions/notifications/notify.ts).
 */
import type { DomainEvent } from '../../../events/index.js';
import type { Projection, ViewOp } from '../../platform/projection.js';
import { stamp } from '../../platform/projection.js';

export const notificationsPartition = (userId: string) => `notifications#${userId}`;
export const notificationKey = (userId: string, notificationId: string) => ({
  pk: notificationsPartition(userId),
  sk: `n#${notificationId}`,
});

export interface NotificationView {
  id: string;
  kind: string;
  title: string;
  message: string;
  isRead: boolean;
  createdAt: string;
  actionText: string | null;
  actionUrl: string | null;
}

export const notificationsProjection: Projection = {
  name: 'notifications',
  events: ['NotificationSent', 'NotificationsRead', 'NotificationDeleted'],
  apply(event: DomainEvent): ViewOp[] {
    switch (event.type) {
      case 'NotificationSent': {
        const { notificationId, userId, mail: _mail, ...content } = event.data;
        return [
          {
            kind: 'put',
            item: {
              ...notificationKey(userId, notificationId),
              id: notificationId,
              ...content,
              isRead: false,
              createdAt: event.meta.at,
              ...stamp(event),
            },
          },
        ];
      }
      case 'NotificationsRead':
        return event.data.notificationIds.map((id) => ({
          kind: 'update',
          key: notificationKey(event.data.userId, id),
          set: { isRead: true, ...stamp(event) },
        }));
      case 'NotificationDeleted':
        return [{ kind: 'delete', key: notificationKey(event.data.userId, event.data.notificationId) }];
      default:
        return [];
    }
  },
};
