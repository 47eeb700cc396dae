/**
 * Queue consumer: sends mail through SES, each message once. Its queue carries mail jobs that
 * commands put there directly (sign-in codes, verification links: secrets that never enter the event
 * log) and relayed events whose mail it composes (notifications marked `mail`, an admin's locked second step).
 */
import { readEvent } from '../../platform/event-store.js';
import { mailJobSchema, notificationMail, secondStepLockedMail, sendMail } from '../../platform/mail.js';
import { notificationMailKey, secondStepLockedMailKey } from '../../platform/mail-effects.js';
import { once } from '../../platform/once.js';
import { queueConsumer } from '../../platform/reactor.js';
import { freshUser } from '../../accounts/index.js';

export const handler = queueConsumer('mailer', async (body, logger) => {
  const job = mailJobSchema.safeParse(body);
  if (job.success) {
    const { kind: _kind, jobId, ...mail } = job.data;
    const outcome = await once(`mail#${jobId}`, () => sendMail(mail));
    logger.debug('mail job', { jobId, outcome });
    return;
  }
  const event = await readEvent(body);
  if (event.type === 'AdminSecondStepLocked') {
    const admin = await freshUser(event.data.userId);
    if (!admin) throw new Error(`${event.data.userId} has no user yet`);
    const mail = secondStepLockedMail(admin.email, event.data.wrongCodes, event.data.until);
    const outcome = await once(secondStepLockedMailKey(event.meta.eventId), () => sendMail(mail));
    logger.debug('second step locked mail', { eventId: event.meta.eventId, outcome });
    return;
  }
  if (event.type !== 'NotificationSent' || !event.data.mail) return;
  const { notificationId: _id, userId, ...content } = event.data;
  const user = await freshUser(userId);
  if (!user) throw new Error(`${userId} has no user yet`);
  // A pending address gets nothing but its confirmation mail: its owner may not be the one who typed it.
  if (!user.emailVerified) {
    logger.debug('notification mail held back: the address is not confirmed', { eventId: event.meta.eventId });
    return;
  }
  const outcome = await once(notificationMailKey(event.meta.eventId), () => sendMail(notificationMail(user.email, content)));
  logger.debug('notification mail', { eventId: event.meta.eventId, outcome });
});
