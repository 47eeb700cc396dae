/** Album art or an artist picture, with a drawn placeholder when there is none or it fails to load. */
import { useState } from 'react';
import { Disc3, UserRound } from 'lucide-react';
import { cx } from '../lib/class-names';

interface ArtworkProps {
  src: string | null;
  alt: string;
  /** Rendered size hint in px, so the browser reserves the space before the image arrives. */
  size: number;
  className?: string;
  kind?: 'album' | 'artist';
  /** The page's main image: fetched first instead of lazily. */
  priority?: boolean;
}

export function Artwork({ src, alt, size, className, kind = 'album', priority = false }: ArtworkProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const shape = kind === 'artist' ? 'rounded-full' : 'rounded-lg';

  if (!src || failedSrc === src) {
    const Icon = kind === 'artist' ? UserRound : Disc3;
    return (
      <div
        // An empty alt marks a decorative picture, as it does on <img>.
        {...(alt ? { role: 'img', 'aria-label': alt } : { 'aria-hidden': true })}
        className={cx('flex aspect-square items-center justify-center bg-gradient-to-br from-zinc-700 to-zinc-900', shape, className)}
      >
        <Icon aria-hidden="true" className="size-1/3 text-zinc-400" />
      </div>
    );
  }

  return (
    <img
      src={src}
      alt={alt}
      width={size}
      height={size}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : 'auto'}
      decoding="async"
      onError={() => setFailedSrc(src)}
      className={cx('aspect-square bg-zinc-800 object-cover', shape, className)}
    />
  );
}
