/** The listener's picture, or their initial on a drawn placeholder when there is none or it fails to load. */
import { useState } from 'react';
import { cx } from '../../../lib/class-names';
import type { SessionUser } from '../../../lib/session';

export const displayNameOf = (user: SessionUser): string =>
  user.displayName?.trim() || user.username?.trim() || user.email.split('@')[0] || 'Listener';

export function UserAvatar({ user, size, className }: { user: SessionUser; size: number; className?: string }) {
  // The server's address of the picture, versioned so a new one replaces the old in every cache.
  const src = user.avatarUrl;
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
      onError={() => setFailedSrc(src)}
      className={cx('shrink-0 rounded-full bg-zinc-800 object-cover', className)}
      style={{ width: size, height: size }}
    />
  );
}
