/** The notifications aggregate (`notifications#<userId>`): sent once per id, read, deleted. Pure. */
import type { DomainEvent, NewEvent, NotificationContent } from '../../../events/index.js';
import { assertNever, notFound } from '../../platform/errors.js';

interface NotificationsState {
  /** Every id ever sent (deleted ones too, so a repeated send stays a no-op). */
  sent: Map<string, { read: boolean; deleted: boolean }>;
}

export const notificationsStream = (userId: string) => `notifications#${userId}`;

/** At most this many ids per NotificationsRead, so its projection fits one DynamoDB transaction. */
const READ_BATCH = 90;

export type NotificationsCommand =
  | { type: 'Send'; userId: string; notificationId: string; content: NotificationContent }
  | { type: 'MarkRead'; userId: string; notificationId: string }
  | { type: 'MarkAllRead'; userId: string }
  | { type: 'Delete'; userId: string; notificationId: string };

function evolveNotifications(state: NotificationsState, event: DomainEvent): NotificationsState {
  switch (event.type) {
    case 'NotificationSent': {
      const sent = new Map(state.sent);
      sent.set(event.data.notificationId, { read: false, deleted: false });
      return { sent };
    }
    case 'NotificationsRead': {
      const sent = new Map(state.sent);
      for (const id of event.data.notificationIds) {
        const n = sent.get(id);
        if (n) sent.set(id, { ...n, read: true });
      }
      return { sent };
    }
    case 'NotificationDeleted': {
      const sent = new Map(state.sent);
      const n = sent.get(event.data.notificationId);
      if (n) sent.set(event.data.notificationId, { ...n, deleted: true });
      return { sent };
    }
    default:
      return state;
  }
}

function live(state: NotificationsState, id: string) {
  const n = state.sent.get(id);
  if (!n || n.deleted) throw notFound('notification_not_found', 'Notification not found');
  return n;
}

function decideNotifications(command: NotificationsCommand, state: NotificationsState): NewEvent[] {
  const { userId } = command;
  switch (command.type) {
    case 'Send':
      // Idempotent: the id comes from the cause, so a redelivered cause sends nothing new.
      return state.sent.has(command.notificationId)
        ? []
        : [{ type: 'NotificationSent', data: { ...command.content, notificationId: command.notificationId, userId } }];
    case 'MarkRead':
      return live(state, command.notificationId).read
        ? []
        : [{ type: 'NotificationsRead', data: { userId, notificationIds: [command.notificationId] } }];
    case 'MarkAllRead': {
      const unread = [...state.sent].filter(([, n]) => !n.read && !n.deleted).map(([id]) => id);
      const events: NewEvent[] = [];
      for (let i = 0; i < unread.length; i += READ_BATCH) {
        events.push({ type: 'NotificationsRead', data: { userId, notificationIds: unread.slice(i, i + READ_BATCH) } });
      }
      return events;
    }
    case 'Delete':
      live(state, command.notificationId);
      return [{ type: 'NotificationDeleted', data: { userId, notificationId: command.notificationId } }];
    default:
      return assertNever(command);
  }
}

const initialState: NotificationsState = { sent: new Map() };

export const notificationsDecider = {
  initialState,
  evolve: evolveNotifications,
  decide: decideNotifications,
};
