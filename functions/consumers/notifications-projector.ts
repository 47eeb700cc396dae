/** Queue consumer: projects notification events into the notifications view. */
import { projectionConsumer } from '../lib/consumer.js';
import { notificationsProjection } from '../projections/notifications.js';

export const handler = projectionConsumer(notificationsProjection);
