/** What other features use of the account: signing out and the user's avatar. */
export { useSignOut } from './api/sign-out';
export { displayNameOf, UserAvatar } from './components/user-avatar';
