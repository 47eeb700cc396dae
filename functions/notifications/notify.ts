/**
 * Notifications with their I/O: `notifyUser` (the hook: tell one person something, once per cause)
 * and the read side, fresh even when the projection has not caught up with the user's last click.
 */
import { createHash } from 'node:crypto';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { NotificationContent } from '../../events/index.js';
import { notificationsDecider, notificationsStream, type NotificationsCommand } from './domain/notifications.js';
import { notificationsPartition, notificationsProjection, type NotificationView } from './projections/notifications.js';
import { dynamoClient } from '../platform/aws.js';
import { runCommand, type CommandContext } from '../platform/command.js';
import { env } from '../platform/env.js';
import { dynamoEventStore, type EventStore } from '../platform/event-store.js';
import { caughtUp } from '../platform/read-your-writes.js';
import { memoryViewStore } from '../platform/memory-view-store.js';
import { project, type ViewItem } from '../platform/projection.js';
import { logicalItem } from '../platform/view-generations.js';
import { dynamoViewStore, storedPk } from '../platform/views.js';

/** The same cause, person and kind always give the same id, so a repeated delivery notifies once. */
const notificationIdFor = (causeId: string, userId: string, kind: string) =>
  createHash('sha256').update(`${causeId}\u0000${userId}\u0000${kind}`).digest('base64url').slice(0, 22);

/**
 * Notifies one person. `cause` is what it is about (an event id, an order id…): notifying again for the
 * same cause does nothing. With `content.mail` the mailer also sends it by e-mail, once.
 */
export async function notifyUser(
  userId: string,
  content: NotificationContent,
  cause: { id: string; correlationId: string; actor?: string; at?: Date },
  eventStore: EventStore,
) {
  const command: NotificationsCommand = {
    type: 'Send',
    userId,
    notificationId: notificationIdFor(cause.id, userId, content.kind),
    content,
  };
  const context: CommandContext = {
    actor: cause.actor ?? 'notifier',
    correlationId: cause.correlationId,
    causationId: cause.id,
    at: cause.at,
    eventStore,
  };
  return runCommand(notificationsStream(userId), notificationsDecider, command, context);
}

/** Runs a person's command on their notifications; answers how many are unread after it, from the command's own fold. */
export async function runNotificationsCommand(command: NotificationsCommand, context: CommandContext) {
  const { state, events } = await runCommand(notificationsStream(command.userId), notificationsDecider, command, context);
  return { unread: [...state.sent.values()].filter((n) => !n.read && !n.deleted).length, events };
}

const isNotification = (item: ViewItem) => typeof item.title === 'string';

/** The user's partition, read consistently so it is at least as new as the checkpoint read before it. */
async function partition(pk: string): Promise<ViewItem[]> {
  const items: ViewItem[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const out = await dynamoClient().send(
      new QueryCommand({
        TableName: env().TABLE_VIEWS,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': await storedPk(pk) },
        ConsistentRead: true,
        ExclusiveStartKey: startKey,
      }),
    );
    items.push(...((out.Items ?? []) as ViewItem[]).map(logicalItem));
    startKey = out.LastEvaluatedKey;
  } while (startKey);
  return items;
}

/**
 * The user's notifications, newest first: the view, plus the events the projector has not applied yet.
 * The checkpoint is read before the items, and every op of the projection is absolute, so replaying the
 * missing events over items that may already be newer still ends at the stream's state.
 */
export async function userNotifications(userId: string): Promise<NotificationView[]> {
  const stream = notificationsStream(userId);
  let applied = 0;
  const view = (async () => {
    applied = await dynamoViewStore.checkpoint(notificationsProjection.name, stream);
    return { state: await partition(notificationsPartition(userId)), version: applied };
  })();
  const { state: items } = await caughtUp(dynamoEventStore, stream, view, async (known, tail) => {
    const store = memoryViewStore();
    await store.commit(
      notificationsProjection.name,
      stream,
      0,
      applied,
      known.map((item) => ({ kind: 'put', item })),
    );
    for (const event of tail) await project(notificationsProjection, store, event);
    return Object.values(store.snapshot());
  });
  return items
    .filter(isNotification)
    .map((item) => ({
      id: item.id as string,
      kind: item.kind as string,
      title: item.title as string,
      message: item.message as string,
      isRead: Boolean(item.isRead),
      createdAt: item.createdAt as string,
      actionText: (item.actionText as string | null) ?? null,
      actionUrl: (item.actionUrl as string | null) ?? null,
    }))
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id));
}
