/** The top of an artist's page: picture, name, Main Artist badge, bio and links. */
import { ExternalLink } from 'lucide-react';
import { Link } from 'react-router';
import { useDocumentTitle } from '../../../lib/document-title';
import { isNotFound } from '../../../lib/http';
import { Artwork } from '../../../ui/artwork';
import { Badge } from '../../../ui/badge';
import { buttonClass } from '../../../ui/button';
import { Skeleton } from '../../../ui/skeleton';
import { ErrorState } from '../../../ui/status-message';
import { artistSocialLinks } from '../api/artist-schema';
import { useArtist } from '../api/get-artist';

export function ArtistProfile({ artistId }: { artistId: string }) {
  const artist = useArtist(artistId);
  const missing = artist.isError && isNotFound(artist.error);
  useDocumentTitle(artist.data?.name ?? (missing ? 'Artist Not Found' : null));

  if (artist.isPending) {
    return (
      <div role="status" className="flex flex-col items-center gap-4 md:flex-row">
        <span className="sr-only">Loading the artist…</span>
        <Skeleton className="size-40 rounded-full" />
        <div className="w-full flex-1 space-y-3">
          <Skeleton className="h-10 w-1/2" />
          <Skeleton className="h-4 w-full" />
          <Skeleton className="h-4 w-2/3" />
        </div>
      </div>
    );
  }
  if (artist.isError) {
    return missing ? (
      <div className="flex flex-col items-center gap-4 py-16 text-center">
        <h1 className="text-3xl font-bold text-zinc-50">Artist Not Found</h1>
        <p className="text-zinc-300">The artist you're looking for doesn't exist.</p>
        <Link to="/" className={buttonClass('secondary')}>
          Go to Home
        </Link>
      </div>
    ) : (
      <ErrorState title="This artist could not be loaded" error={artist.error} onRetry={() => void artist.refetch()} />
    );
  }

  const links = artistSocialLinks(artist.data.socialLinks);
  return (
    <header data-testid="artist-profile" data-artist-id={artist.data.id} className="flex flex-col items-center gap-6 text-center md:flex-row md:items-end md:text-left">
      <Artwork
        src={artist.data.avatar ?? artist.data.headerImage ?? null}
        alt={artist.data.name}
        kind="artist"
        size={176}
        priority
        className="w-40 shadow-2xl md:w-44"
      />
      <div className="min-w-0 space-y-3">
        {artist.data.isMain && <Badge tone="accent">Main Artist</Badge>}
        <h1 className="text-3xl font-extrabold text-zinc-50 md:text-5xl">{artist.data.name}</h1>
        <p className="max-w-3xl whitespace-pre-line text-zinc-200">{artist.data.bio || 'No bio available'}</p>
        {links.length > 0 && (
          <ul className="flex flex-wrap justify-center gap-2 md:justify-start">
            {links.map((link) => (
              <li key={link.name}>
                <a href={link.url} target="_blank" rel="noreferrer" className={buttonClass('secondary', 'px-3 py-1.5 text-xs')}>
                  {link.name}
                  <ExternalLink aria-hidden="true" className="size-3" />
                  <span className="sr-only">(opens in a new tab)</span>
                </a>
              </li>
            ))}
          </ul>
        )}
      </div>
    </header>
  );
}
