/**
 * The listener's picture, or their initial on a drawn placeholder when there is none or it fails to load. The picture
 * comes from the avatar cache (../avatar-cache.ts) when it holds it, and goes into it once read.
 */
import { startTransition, useEffect, useState } from 'react';
import { cx } from '../../../lib/class-names';
import type { SessionUser } from '../../../lib/session';
import { readStored, writeStored } from '../../../lib/storage';
import {
  AVATAR_CACHE_REFRESH_MS,
  cachedAvatar,
  isCacheableAvatar,
  refreshAvatarCache,
  rememberAvatar,
  type AvatarStorage,
} from '../avatar-cache';

const localStore: AvatarStorage = { getItem: (key) => readStored('local', key), setItem: (key, value) => writeStored('local', key, value) };

/** The picture at `url` as a data URL, or an error when it is not an image. */
async function readPicture(url: string): Promise<string> {
  const response = await fetch(url, { credentials: 'same-origin' });
  const blob = await response.blob();
  if (!response.ok || !blob.type.startsWith('image/')) throw new Error(`The avatar at ${url} answered ${response.status} ${blob.type}`);
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () =>
      typeof reader.result === 'string' ? resolve(reader.result) : reject(new Error('The avatar was not read as text'));
    reader.onerror = () => reject(reader.error ?? new Error('The avatar could not be read'));
    reader.readAsDataURL(blob);
  });
}

/**
 * The cached copy of the listener's picture at `url`, kept fresh: read after mount (a pre-rendered page's markup has
 * none), checked again each minute (expired entries dropped, a missing one read again).
 */
function useCachedAvatar(userId: string, url: string | null | undefined): string | null {
  const [cached, setCached] = useState<{ url: string; data: string } | null>(null);
  useEffect(() => {
    if (!isCacheableAvatar(url)) return;
    let live = true;
    const show = (data: string) => live && startTransition(() => setCached({ url, data }));
    const check = () => {
      const data = refreshAvatarCache(localStore, userId, url, Date.now()) ? cachedAvatar(localStore, userId, url, Date.now()) : null;
      if (data) return show(data);
      readPicture(url).then(
        (picture) => {
          rememberAvatar(localStore, { userId, url, data: picture }, Date.now());
          show(picture);
        },
        (error: unknown) => console.warn('The avatar could not be cached', error),
      );
    };
    check();
    const timer = window.setInterval(check, AVATAR_CACHE_REFRESH_MS);
    return () => {
      live = false;
      window.clearInterval(timer);
    };
  }, [userId, url]);
  return cached && cached.url === url ? cached.data : null;
}

export const displayNameOf = (user: SessionUser): string =>
  user.displayName?.trim() || user.username?.trim() || user.email.split('@')[0] || 'Listener';

export function UserAvatar({ user, size, className }: { user: SessionUser; size: number; className?: string }) {
  // The server's address of the picture, versioned so a new one replaces the old in every cache.
  const cached = useCachedAvatar(user.id, user.avatarUrl);
  const src = cached ?? user.avatarUrl;
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const name = displayNameOf(user);

  if (!src || failedSrc === src) {
    return (
      <span
        data-testid="avatar-placeholder"
        aria-hidden="true"
        style={{ width: size, height: size, fontSize: Math.max(12, size * 0.4) }}
        className={cx(
          'inline-flex shrink-0 select-none items-center justify-center rounded-full bg-gradient-to-br from-accent/80 to-zinc-700 font-bold uppercase text-zinc-950',
          className,
        )}
      >
        {name.charAt(0)}
      </span>
    );
  }
  return (
    <img
      src={src}
      alt=""
      width={size}
      height={size}
      data-testid="avatar-image"
      data-cached={cached !== null}
      onError={() => setFailedSrc(src)}
      className={cx('shrink-0 rounded-full bg-zinc-800 object-cover', className)}
      style={{ width: size, height: size }}
    />
  );
}
