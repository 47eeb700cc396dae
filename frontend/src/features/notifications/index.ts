/** What other features use of the notifications: the header's bell. */
export { NotificationsBell } from './components/notifications-bell';
