import { describe, expect, it } from 'vitest';
import { mailKeyOf } from './mail-effects.js';

const meta = { eventId: 'e1', at: '2026-01-01T00:00:00.000Z', actor: 'a', correlationId: 'c' };

describe('the mails a reactor sends for an event', () => {
  it("names the receipt by its order, a refund's and a notification's mail by the event", () => {
    expect(mailKeyOf('receipts', { type: 'PurchaseCompleted', data: { orderId: 'o1' }, meta } as never)).toBe('receipt#o1');
    expect(mailKeyOf('receipts', { type: 'PurchaseRefunded', data: { orderId: 'o1' }, meta } as never)).toBe('refund-mail#e1');
    expect(mailKeyOf('mailer', { type: 'NotificationSent', data: { mail: true }, meta } as never)).toBe('mail#e1');
  });

  it('names none for a notification not marked for mail, or a consumer that sends no mail', () => {
    expect(mailKeyOf('mailer', { type: 'NotificationSent', data: { mail: false }, meta } as never)).toBeUndefined();
    expect(mailKeyOf('notifier', { type: 'PurchaseCompleted', data: { orderId: 'o1' }, meta } as never)).toBeUndefined();
  });
});
