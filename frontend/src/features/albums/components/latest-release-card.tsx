/** An artist's newest album, playable from the card (the artist page's "Latest Release"). */
import { Link } from 'react-router';
import { formatReleaseDate } from '../../../lib/format';
import { Artwork } from '../../../ui/artwork';
import { LoadingStatus, Skeleton, SkeletonStack } from '../../../ui/skeleton';
import { DEFAULT_ALBUM_TYPE } from '../album-access';
import type { Album } from '#contract/catalogue.js';
import { useArtistAlbums } from '../api/get-artist-albums';
import { PlayAlbumRow } from './play-album-row';

export function LatestReleaseCard({ artistId, onPlayAlbum }: { artistId: string; onPlayAlbum: (album: Album) => void }) {
  const albums = useArtistAlbums(artistId);
  // Errors and the empty discography are told once, by the discography below.
  if (albums.isError || (albums.isSuccess && albums.data.length === 0)) return null;
  const latest = albums.data?.[0];

  return (
    <section aria-labelledby="latest-release-heading" className="space-y-4">
      <h2 id="latest-release-heading" className="text-2xl font-bold text-zinc-50">
        Latest Release
      </h2>
      {!latest ? (
        <LoadingStatus label="Loading the latest release…" className="flex gap-4 rounded-2xl bg-white/5 p-4">
          <Skeleton className="size-28 shrink-0" />
          <SkeletonStack className="flex-1 space-y-2" blocks={['h-6 w-1/2', 'h-4 w-1/3', 'h-10 w-32 rounded-full']} />
        </LoadingStatus>
      ) : (
        <article
          data-testid="latest-release"
          data-album-id={latest.id}
          className="relative flex flex-col gap-4 rounded-2xl border border-white/10 bg-gradient-to-br from-zinc-800/80 to-zinc-900 p-4 sm:flex-row sm:items-center"
        >
          <Artwork src={latest.artwork ?? null} alt={`${latest.title} artwork`} size={144} className="w-full shadow-xl sm:w-36" />
          <div className="flex min-w-0 flex-1 flex-col gap-2">
            <p className="text-xs font-semibold uppercase tracking-widest text-zinc-300">{latest.albumType || DEFAULT_ALBUM_TYPE}</p>
            <h3 className="text-2xl font-extrabold text-zinc-50">
              <Link
                to={`/album/${encodeURIComponent(latest.id)}`}
                className="after:absolute after:inset-0 after:content-[''] hover:underline"
              >
                {latest.title}
              </Link>
            </h3>
            <p className="text-sm text-zinc-300">{formatReleaseDate(latest.releaseDate)}</p>
            <PlayAlbumRow album={latest} onPlayAlbum={onPlayAlbum} />
          </div>
        </article>
      )}
    </section>
  );
}
