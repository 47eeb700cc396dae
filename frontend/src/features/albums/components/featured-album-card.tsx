/** The home page's featured album: the staff's choice or else the newest release, artwork first, playable from the card. */
import { Disc3 } from 'lucide-react';
import { Link } from 'react-router';
import { Artwork } from '../../../ui/artwork';
import { Skeleton } from '../../../ui/skeleton';
import { EmptyState, ErrorState } from '../../../ui/status-message';
import { albumArtistName, DEFAULT_ALBUM_DESCRIPTION } from '../album-access';
import type { Album } from '#contract/catalogue.js';
import { useFeaturedAlbum } from '../api/get-featured-album';
import { PlayAlbumRow } from './play-album-row';

export function FeaturedAlbum({ onPlayAlbum }: { onPlayAlbum: (album: Album) => void }) {
  const featured = useFeaturedAlbum();

  return (
    <section aria-labelledby="featured-album-heading" className="space-y-4">
      <h2 id="featured-album-heading" className="text-2xl font-bold text-zinc-50">
        Featured Album
      </h2>
      {featured.isPending ? (
        <FeaturedAlbumSkeleton />
      ) : featured.isError ? (
        <ErrorState title="The featured album could not be loaded" error={featured.error} onRetry={() => void featured.refetch()} />
      ) : featured.data.album === null ? (
        <EmptyState icon={Disc3} title="No albums yet">
          New releases will appear here.
        </EmptyState>
      ) : (
        <FeaturedAlbumCard album={featured.data.album} onPlayAlbum={onPlayAlbum} />
      )}
    </section>
  );
}

function FeaturedAlbumCard({ album, onPlayAlbum }: { album: Album; onPlayAlbum: (album: Album) => void }) {
  return (
    // The title link stretches over the whole card, so a click anywhere opens the album;
    // the buttons and icons sit above it.
    <article
      data-testid="featured-album"
      data-album-id={album.id}
      className="relative flex flex-col gap-5 overflow-hidden rounded-2xl border border-white/10 bg-gradient-to-br from-zinc-800/80 to-zinc-900 p-4 transition hover:border-white/25 sm:flex-row sm:items-center sm:p-6"
    >
      <Artwork src={album.artwork ?? null} alt={`${album.title} artwork`} size={224} priority className="w-full shadow-2xl sm:w-56" />
      <div className="flex min-w-0 flex-1 flex-col gap-3">
        <h3 className="text-2xl font-extrabold text-zinc-50 sm:text-3xl">
          <Link
            to={`/album/${encodeURIComponent(album.id)}`}
            className="after:absolute after:inset-0 after:content-[''] hover:underline"
            data-testid="featured-album-link"
          >
            {album.title}
          </Link>
        </h3>
        <p className="text-zinc-200">by {albumArtistName(album)}</p>
        <p className="line-clamp-3 text-sm text-zinc-300">{album.description || DEFAULT_ALBUM_DESCRIPTION}</p>
        <PlayAlbumRow album={album} onPlayAlbum={onPlayAlbum} />
      </div>
    </article>
  );
}

function FeaturedAlbumSkeleton() {
  return (
    <div role="status" className="flex flex-col gap-5 rounded-2xl border border-white/10 p-4 sm:flex-row sm:items-center sm:p-6">
      <span className="sr-only">Loading the featured album…</span>
      <Skeleton className="aspect-square w-full sm:w-56" />
      <div className="flex flex-1 flex-col gap-3">
        <Skeleton className="h-8 w-2/3" />
        <Skeleton className="h-5 w-1/3" />
        <Skeleton className="h-4 w-full" />
        <Skeleton className="h-10 w-36 rounded-full" />
      </div>
    </div>
  );
}
