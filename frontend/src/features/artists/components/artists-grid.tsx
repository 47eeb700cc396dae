/**
 * The label's artists as a grid of cards, each opening the artist's page. The home page shows the compact
 * cards (5 placeholders while loading); the roster page adds bios and counts (6 placeholders).
 */
import { Users } from 'lucide-react';
import { Link } from 'react-router';
import { Artwork } from '../../../ui/artwork';
import { Badge } from '../../../ui/badge';
import { Skeleton } from '../../../ui/skeleton';
import { EmptyState, ErrorState } from '../../../ui/status-message';
import type { Artist } from '#contract/catalogue.js';
import { useArtists } from '../api/get-artists';

type Variant = 'compact' | 'roster';

const gridClass: Record<Variant, string> = {
  compact: 'grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-5',
  roster: 'grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3',
};

export function ArtistsGrid({ variant = 'compact' }: { variant?: Variant }) {
  const artists = useArtists();

  if (artists.isPending) {
    return (
      <div role="status" className={gridClass[variant]}>
        <span className="sr-only">Loading artists…</span>
        {Array.from({ length: variant === 'compact' ? 5 : 6 }, (_, index) => (
          <div key={index} data-testid="artist-card-skeleton" className="flex flex-col items-center gap-3 rounded-xl bg-white/5 p-4">
            <Skeleton className="aspect-square w-3/4 rounded-full" />
            <Skeleton className="h-4 w-2/3" />
            {variant === 'roster' && <Skeleton className="h-3 w-full" />}
          </div>
        ))}
      </div>
    );
  }
  if (artists.isError) {
    return <ErrorState title="The artists could not be loaded" error={artists.error} onRetry={() => void artists.refetch()} />;
  }
  if (artists.data.length === 0) {
    return (
      <EmptyState icon={Users} title="No Artists Yet">
        Check back soon for our roster of talented artists.
      </EmptyState>
    );
  }
  return (
    <ul className={gridClass[variant]}>
      {artists.data.map((artist) => (
        <li key={artist.id}>
          <ArtistCard artist={artist} variant={variant} />
        </li>
      ))}
    </ul>
  );
}

function ArtistCard({ artist, variant }: { artist: Artist; variant: Variant }) {
  return (
    <Link
      to={`/artist/${encodeURIComponent(artist.id)}`}
      data-testid="artist-card"
      data-artist-id={artist.id}
      className="group flex h-full flex-col items-center gap-3 rounded-xl bg-white/5 p-4 text-center transition hover:bg-white/10"
    >
      <Artwork src={artist.avatar ?? null} alt="" kind="artist" size={160} className="w-3/4 max-w-40 shadow-lg" />
      {/* A name wraps, inside a word if it must, to two lines before it is cut: it is what the card is read for, and
          a long one must not push the card (and a phone's page) wider than its column. */}
      <span
        className="max-w-full break-words font-semibold text-zinc-50 group-hover:underline"
        title={artist.name}
        data-testid="artist-name"
      >
        {artist.name}
      </span>
      {artist.isMain && <Badge tone="accent">Main Artist</Badge>}
      {variant === 'roster' && (
        <>
          <span className="line-clamp-3 text-sm text-zinc-300">{artist.bio || 'No bio available'}</span>
          <span className="flex gap-4 text-xs text-zinc-300">
            <span>Albums {artist.albumCount}</span>
            <span>Fans {artist.fanCount}</span>
          </span>
        </>
      )}
    </Link>
  );
}
