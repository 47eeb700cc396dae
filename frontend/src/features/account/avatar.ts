/**
 * Where the avatar is served: `/uploads/avatars/{userId}.jpg?v=…`, the version busting caches when it
 * changes. Which files may be chosen and the crop maths are in avatar-crop.ts, which loads with the profile.
 */

export interface AvatarOwner {
  id: string;
  avatar?: string | null;
  avatarUrl?: string | null;
  avatarUpdatedAt?: string | number | null;
}

/** The avatar's address, or null when there is none (the placeholder shows). */
export function avatarUrl(user: AvatarOwner): string | null {
  const avatar = user.avatar?.trim();
  if (!avatar) return null;
  if (user.avatarUrl?.trim()) return user.avatarUrl.trim();
  // Already an address (the upload answers with one): used as it is.
  if (avatar.startsWith('/') || /^(https?:|data:|blob:)/i.test(avatar)) return avatar;
  const version = user.avatarUpdatedAt ?? avatar;
  return `/uploads/avatars/${encodeURIComponent(user.id)}.jpg?v=${encodeURIComponent(String(version))}`;
}
