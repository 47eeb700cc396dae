/** Notifications' public face: a person's notifications stream and its command. */
export { notificationsDecider, notificationsStream } from './domain/notifications.js';
export { runNotificationsCommand } from './notify.js';
