/** What other features use of the account: signing out, the user's avatar, and the picture crop dialog (the admin's artist images). */
export { useSignOut } from './api/sign-out';
export { displayNameOf, UserAvatar } from './components/user-avatar';
export { checkAvatarFile } from './avatar-crop';
export { AvatarCropDialog, type CropShape } from './components/avatar-crop-dialog';
