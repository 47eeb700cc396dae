/** A grid of album cards (a discography), with its loading, empty and error states. */
import { Disc3 } from 'lucide-react';
import { Link } from 'react-router';
import { releaseYear } from '../../../lib/format';
import { Artwork } from '../../../ui/artwork';
import { Skeleton } from '../../../ui/skeleton';
import { EmptyState, ErrorState } from '../../../ui/status-message';
import { DEFAULT_ALBUM_TYPE } from '../album-access';
import { useArtistAlbums } from '../api/get-artist-albums';

export function ArtistDiscography({ artistId }: { artistId: string }) {
  const albums = useArtistAlbums(artistId);

  return (
    <section aria-labelledby="discography-heading" className="space-y-4">
      <h2 id="discography-heading" className="text-2xl font-bold text-zinc-50">
        Discography
      </h2>
      {albums.isPending ? (
        <div role="status" className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-5">
          <span className="sr-only">Loading albums…</span>
          {Array.from({ length: 5 }, (_, index) => (
            <div key={index} className="space-y-2">
              <Skeleton className="aspect-square w-full" />
              <Skeleton className="h-4 w-3/4" />
            </div>
          ))}
        </div>
      ) : albums.isError ? (
        <ErrorState title="The albums could not be loaded" error={albums.error} onRetry={() => void albums.refetch()} />
      ) : albums.data.length === 0 ? (
        <EmptyState icon={Disc3} title="No albums available for this artist" />
      ) : (
        <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-5">
          {albums.data.map((album) => (
            <li key={album.id}>
              <Link
                to={`/album/${encodeURIComponent(album.id)}`}
                className="group block space-y-2 rounded-lg p-2 transition hover:bg-white/5"
                data-testid="album-card"
                data-album-id={album.id}
              >
                <Artwork src={album.artwork ?? null} alt="" size={200} className="w-full shadow-lg" />
                <span className="block truncate font-semibold text-zinc-50 group-hover:underline">{album.title}</span>
                <span className="block truncate text-sm text-zinc-300">
                  {[releaseYear(album.releaseDate), album.albumType || DEFAULT_ALBUM_TYPE].filter(Boolean).join(' · ')}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
