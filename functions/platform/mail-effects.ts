/** The `once` keys of the mails the reactors send for an event: one name for the reactors and the sync manager's trace. */
import type { DomainEvent } from '../../events/index.js';

/** One receipt per paid order, whichever of its PurchaseCompleted events comes first. */
export const receiptMailKey = (orderId: string) => `receipt#${orderId}`;
export const refundMailKey = (eventId: string) => `refund-mail#${eventId}`;
export const notificationMailKey = (eventId: string) => `mail#${eventId}`;
export const secondStepLockedMailKey = (eventId: string) => `second-step-locked-mail#${eventId}`;

/** The mail `consumer` sends for `event`, as its `once` key; undefined where it sends none. Pure. */
export function mailKeyOf(consumer: string, event: Pick<DomainEvent, 'type' | 'data' | 'meta'>): string | undefined {
  if (consumer === 'receipts' && event.type === 'PurchaseCompleted') return receiptMailKey((event.data as { orderId: string }).orderId);
  if (consumer === 'receipts' && event.type === 'PurchaseRefunded') return refundMailKey(event.meta.eventId);
  // The mailer mails only the notifications marked for mail.
  if (consumer === 'mailer' && event.type === 'NotificationSent' && (event.data as { mail: boolean }).mail)
    return notificationMailKey(event.meta.eventId);
  if (consumer === 'mailer' && event.type === 'AdminSecondStepLocked') return secondStepLockedMailKey(event.meta.eventId);
  return undefined;
}
