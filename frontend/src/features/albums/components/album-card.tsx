/** An album as a card in a grid: artwork with a Play button, title, year and type; the card opens the album. */
import { Crown, Play, ShoppingBag } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { brand } from '../../../lib/brand';
import { cx } from '../../../lib/class-names';
import { releaseYear } from '../../../lib/format';
import { Artwork } from '../../../ui/artwork';
import { LoadingStatus, SkeletonStack } from '../../../ui/skeleton';
import { DEFAULT_ALBUM_TYPE } from '../album-access';
import type { Album } from '#contract/catalogue.js';

export const albumGridClass = 'grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-5';

export function AlbumCard({ album, onPlay }: { album: Album; onPlay?: (album: Album) => void }) {
  const plus = album.requiredTier === brand.tierPlus;
  return (
    <AlbumTile
      testId="album-card"
      id={album.id}
      title={album.title}
      artwork={album.artwork ?? null}
      details={[album.artistName, releaseYear(album.releaseDate), album.albumType || DEFAULT_ALBUM_TYPE]}
      badge={
        album.requiredTier === 'free' ? null : (
          <AlbumTileBadge title={plus ? brand.productPlus : 'Purchase'}>
            {plus ? <Crown aria-hidden="true" className="size-3.5" /> : <ShoppingBag aria-hidden="true" className="size-3.5" />}
          </AlbumTileBadge>
        )
      }
      onPlay={onPlay && (() => onPlay(album))}
      revealPlayOnHover
    />
  );
}

/** The round mark in the artwork's corner: how the album is reached (Toko+, purchase, locked). */
export function AlbumTileBadge({ title, children }: { title: string; children: ReactNode }) {
  return (
    <span
      className="absolute left-2 top-2 inline-flex size-7 items-center justify-center rounded-full bg-zinc-950/80 text-accent"
      title={title}
    >
      {children}
    </span>
  );
}

/** The card itself, for any album-like item: artwork, an optional badge and Play button, title and a details line. */
export function AlbumTile({
  testId,
  id,
  title,
  artwork,
  details,
  badge,
  onPlay,
  revealPlayOnHover = false,
}: {
  testId: string;
  id: string;
  title: string;
  artwork: string | null;
  details: (string | null | undefined | false)[];
  badge?: ReactNode;
  onPlay?: () => void;
  /** On desktop the Play button appears on hover and focus; otherwise it is always shown. */
  revealPlayOnHover?: boolean;
}) {
  return (
    <article className="group relative space-y-2 rounded-lg p-2 transition hover:bg-white/5" data-testid={testId} data-album-id={id}>
      <div className="relative">
        <Artwork src={artwork} alt="" size={200} className="w-full shadow-lg" />
        {badge}
        {onPlay && (
          <button
            type="button"
            aria-label={`Play ${title}`}
            onClick={onPlay}
            className={cx(
              'absolute bottom-2 right-2 z-10 inline-flex size-11 items-center justify-center rounded-full bg-accent text-accent-foreground shadow-xl transition hover:scale-105',
              revealPlayOnHover &&
                'md:translate-y-1 md:opacity-0 md:group-focus-within:translate-y-0 md:group-focus-within:opacity-100 md:group-hover:translate-y-0 md:group-hover:opacity-100',
            )}
          >
            <Play aria-hidden="true" className="size-5 fill-current" />
          </button>
        )}
      </div>
      {/* Two lines before it is cut: a title is what a person reads the card for. */}
      <h3 className="line-clamp-2 break-words font-semibold text-zinc-50" title={title}>
        <Link to={`/album/${encodeURIComponent(id)}`} className="after:absolute after:inset-0 after:content-[''] group-hover:underline">
          {title}
        </Link>
      </h3>
      <p className="truncate text-sm text-zinc-300">{details.filter(Boolean).join(' · ')}</p>
    </article>
  );
}

const albumCardBlocks = ['aspect-square w-full', 'h-4 w-3/4', 'h-3 w-1/2'];

export function AlbumGridSkeleton({ count = 5, label = 'Loading albums…' }: { count?: number; label?: string }) {
  return (
    <LoadingStatus label={label} className={albumGridClass}>
      {Array.from({ length: count }, (_, index) => (
        <SkeletonStack key={index} className="space-y-2 p-2" blocks={albumCardBlocks} />
      ))}
    </LoadingStatus>
  );
}
