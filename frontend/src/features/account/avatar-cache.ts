/**
 * The avatar cache: each listener's picture kept in local storage as a data URL, so the header
 * shows it at once on the next visit and offline. At most 10 entries, each good for 24 hours and only for the address
 * it was read from (a new picture has a new versioned address); data URLs are never cached. Plain code over a
 * Storage-like object and a clock; the hook that uses it is in components/user-avatar.tsx.
 */
import { fieldsOf, isNumber, isText } from '../../lib/stored-shape';

export const AVATAR_CACHE_KEY = 'avatar_cache';
export const AVATAR_CACHE_MAX_ENTRIES = 10;
export const AVATAR_CACHE_TTL_MS = 24 * 60 * 60 * 1000;
/** How often a shown avatar's entry is checked again (dropped when expired, read again when missing). */
export const AVATAR_CACHE_REFRESH_MS = 60 * 1000;

interface AvatarCacheEntry {
  url: string;
  timestamp: number;
  userId: string;
  data: string;
}

function isEntry(value: unknown): value is AvatarCacheEntry {
  const entry = fieldsOf(value);
  return Boolean(entry && isText(entry.url) && isNumber(entry.timestamp) && isText(entry.userId) && isText(entry.data));
}

export type AvatarStorage = Pick<Storage, 'getItem' | 'setItem'>;

/** The entries still good at `now`, newest first; anything unreadable counts as none. */
export function avatarCacheEntries(storage: AvatarStorage, now: number): AvatarCacheEntry[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(storage.getItem(AVATAR_CACHE_KEY) ?? '[]');
  } catch {
    return [];
  }
  if (!Array.isArray(parsed) || !parsed.every(isEntry)) return [];
  return parsed
    .map(({ url, timestamp, userId, data }) => ({ url, timestamp, userId, data }))
    .filter((entry) => now - entry.timestamp < AVATAR_CACHE_TTL_MS)
    .sort((a, b) => b.timestamp - a.timestamp);
}

/** Whether a picture at this address is one the cache keeps (a data URL is already its own data). */
export const isCacheableAvatar = (url: string | null | undefined): url is string => Boolean(url) && !url!.startsWith('data:');

/** The cached picture of this listener at this address, if still good. */
export function cachedAvatar(storage: AvatarStorage, userId: string, url: string, now: number): string | null {
  if (!isCacheableAvatar(url)) return null;
  return avatarCacheEntries(storage, now).find((entry) => entry.userId === userId && entry.url === url)?.data ?? null;
}

/** Keeps this listener's picture (replacing their older one), the 10 newest entries, and drops the expired. */
export function rememberAvatar(storage: AvatarStorage, entry: Omit<AvatarCacheEntry, 'timestamp'>, now: number): void {
  if (!isCacheableAvatar(entry.url) || !entry.data.startsWith('data:image/')) return;
  const others = avatarCacheEntries(storage, now).filter((known) => known.userId !== entry.userId);
  const kept = [{ ...entry, timestamp: now }, ...others].slice(0, AVATAR_CACHE_MAX_ENTRIES);
  try {
    storage.setItem(AVATAR_CACHE_KEY, JSON.stringify(kept));
  } catch {
    // A full or blocked storage: the picture is simply read from its address next time.
  }
}

/** Drops the expired entries; answers whether this listener's picture at this address is still cached. */
export function refreshAvatarCache(storage: AvatarStorage, userId: string, url: string, now: number): boolean {
  const entries = avatarCacheEntries(storage, now);
  try {
    storage.setItem(AVATAR_CACHE_KEY, JSON.stringify(entries));
  } catch {
    // As above.
  }
  return entries.some((entry) => entry.userId === userId && entry.url === url);
}
