import { describe, expect, it } from 'vitest';
import {
  AVATAR_CACHE_KEY,
  AVATAR_CACHE_TTL_MS,
  avatarCacheEntries,
  cachedAvatar,
  refreshAvatarCache,
  rememberAvatar,
  type AvatarStorage,
} from './avatar-cache';

const memory = (): AvatarStorage & { items: Map<string, string> } => {
  const items = new Map<string, string>();
  return { items, getItem: (key) => items.get(key) ?? null, setItem: (key, value) => void items.set(key, value) };
};
const picture = (n: number) => `data:image/jpeg;base64,${n}`;
const url = (userId: string, version = 1) => `/media/images/avatars/${userId}.jpg?v=${version}`;

describe('the avatar cache', () => {
  it('gives back a picture for its listener and address only', () => {
    const storage = memory();
    rememberAvatar(storage, { userId: 'u1', url: url('u1'), data: picture(1) }, 1_000);
    expect(cachedAvatar(storage, 'u1', url('u1'), 2_000)).toBe(picture(1));
    expect(cachedAvatar(storage, 'u1', url('u1', 2), 2_000)).toBeNull();
    expect(cachedAvatar(storage, 'u2', url('u1'), 2_000)).toBeNull();
  });

  it('keeps a picture 24 hours', () => {
    const storage = memory();
    rememberAvatar(storage, { userId: 'u1', url: url('u1'), data: picture(1) }, 0);
    expect(cachedAvatar(storage, 'u1', url('u1'), AVATAR_CACHE_TTL_MS - 1)).toBe(picture(1));
    expect(cachedAvatar(storage, 'u1', url('u1'), AVATAR_CACHE_TTL_MS)).toBeNull();
  });

  it('holds the 10 newest listeners, one entry each', () => {
    const storage = memory();
    for (let n = 1; n <= 12; n++) rememberAvatar(storage, { userId: `u${n}`, url: url(`u${n}`), data: picture(n) }, n);
    rememberAvatar(storage, { userId: 'u12', url: url('u12', 2), data: picture(13) }, 13);
    const entries = avatarCacheEntries(storage, 14);
    expect(entries.map((entry) => entry.userId)).toEqual(['u12', 'u11', 'u10', 'u9', 'u8', 'u7', 'u6', 'u5', 'u4', 'u3']);
    expect(entries[0].url).toBe(url('u12', 2));
  });

  it('never caches a data URL, nor anything but an image', () => {
    const storage = memory();
    rememberAvatar(storage, { userId: 'u1', url: picture(1), data: picture(1) }, 0);
    rememberAvatar(storage, { userId: 'u2', url: url('u2'), data: 'data:text/html;base64,PHA+' }, 0);
    expect(storage.items.size).toBe(0);
    expect(cachedAvatar(storage, 'u1', picture(1), 0)).toBeNull();
  });

  it('drops the expired entries each refresh and says whether the shown one is still there', () => {
    const storage = memory();
    rememberAvatar(storage, { userId: 'old', url: url('old'), data: picture(1) }, 0);
    rememberAvatar(storage, { userId: 'u1', url: url('u1'), data: picture(2) }, AVATAR_CACHE_TTL_MS / 2);
    expect(refreshAvatarCache(storage, 'u1', url('u1'), AVATAR_CACHE_TTL_MS + 1)).toBe(true);
    expect(JSON.parse(storage.items.get(AVATAR_CACHE_KEY)!)).toHaveLength(1);
    expect(refreshAvatarCache(storage, 'old', url('old'), AVATAR_CACHE_TTL_MS + 1)).toBe(false);
  });

  it('reads a damaged cache as empty', () => {
    const storage = memory();
    storage.setItem(AVATAR_CACHE_KEY, '{not json');
    expect(avatarCacheEntries(storage, 0)).toEqual([]);
    storage.setItem(AVATAR_CACHE_KEY, JSON.stringify([{ url: 1 }]));
    expect(cachedAvatar(storage, 'u1', url('u1'), 0)).toBeNull();
  });
});
