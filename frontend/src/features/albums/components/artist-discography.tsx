/** A grid of album cards (a discography), with its loading, empty and error states. */
import { Disc3 } from 'lucide-react';
import { EmptyState, ErrorState } from '../../../ui/status-message';
import type { Album } from '#contract/catalogue.js';
import { useArtistAlbums } from '../api/get-artist-albums';
import { AlbumCard, albumGridClass, AlbumGridSkeleton } from './album-card';

export function ArtistDiscography({ artistId, onPlayAlbum }: { artistId: string; onPlayAlbum: (album: Album) => void }) {
  const albums = useArtistAlbums(artistId);

  return (
    <section aria-labelledby="discography-heading" className="space-y-4">
      <h2 id="discography-heading" className="text-2xl font-bold text-zinc-50">
        Discography
      </h2>
      {albums.isPending ? (
        <AlbumGridSkeleton />
      ) : albums.isError ? (
        <ErrorState title="The albums could not be loaded" error={albums.error} onRetry={() => void albums.refetch()} />
      ) : albums.data.length === 0 ? (
        <EmptyState icon={Disc3} title="No albums available for this artist" />
      ) : (
        <ul className={albumGridClass}>
          {albums.data.map((album) => (
            <li key={album.id}>
              <AlbumCard album={album} onPlay={onPlayAlbum} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
