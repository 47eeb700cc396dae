/** The top of an artist's page: header image, picture, name, Main Artist badge, bio and social links. */
import { Link } from 'react-router';
import { useDocumentTitle } from '../../../lib/document-title';
import { isNotFound } from '../../../lib/http';
import { Artwork } from '../../../ui/artwork';
import { Badge } from '../../../ui/badge';
import { buttonClass } from '../../../ui/button';
import { PlatformLink } from '../../../ui/platform-icon';
import { LoadingStatus, Skeleton, SkeletonStack } from '../../../ui/skeleton';
import { ErrorState } from '../../../ui/status-message';
import { Tooltip } from '../../../ui/tooltip';
import { artistSocialLinks } from '../social-links';
import { useArtist } from '../api/get-artist';

export function ArtistProfile({ artistId }: { artistId: string }) {
  const artist = useArtist(artistId);
  const missing = artist.isError && isNotFound(artist.error);
  useDocumentTitle(artist.data?.name ?? (missing ? 'Artist Not Found' : null));

  if (artist.isPending) {
    return (
      <LoadingStatus label="Loading the artist…" className="flex flex-col items-center gap-4 md:flex-row">
        <Skeleton className="size-40 rounded-full" />
        <SkeletonStack className="w-full flex-1 space-y-3" blocks={['h-10 w-1/2', 'h-4 w-full', 'h-4 w-2/3']} />
      </LoadingStatus>
    );
  }
  if (artist.isError) {
    return missing ? (
      <div className="flex flex-col items-center gap-4 py-16 text-center" data-testid="artist-not-found">
        <h1 className="text-3xl font-bold text-zinc-50">Artist Not Found</h1>
        <p className="text-zinc-300">The artist you're looking for doesn't exist.</p>
        <Link to="/artists" className={buttonClass('secondary')}>
          Browse Artists
        </Link>
      </div>
    ) : (
      <ErrorState title="This artist could not be loaded" error={artist.error} onRetry={() => void artist.refetch()} />
    );
  }

  const { data } = artist;
  const links = artistSocialLinks(data.socialLinks);
  return (
    <header data-testid="artist-profile" data-artist-id={data.id} className="relative">
      {data.headerImage && (
        <div
          aria-hidden="true"
          className="relative -mx-4 -mt-6 mb-[-4rem] h-40 overflow-hidden md:-mx-8 md:-mt-8 md:h-56"
          data-testid="artist-header-image"
        >
          <img src={data.headerImage} alt="" className="size-full object-cover opacity-70" decoding="async" fetchPriority="high" />
          <div className="absolute inset-0 bg-gradient-to-b from-transparent to-zinc-950" />
        </div>
      )}
      <div className="relative flex flex-col items-center gap-6 text-center md:flex-row md:items-end md:text-left">
        <Artwork
          src={data.avatar ?? data.headerImage ?? null}
          alt={data.name}
          kind="artist"
          size={176}
          priority
          className="w-40 shadow-2xl ring-4 ring-zinc-950 md:w-44"
        />
        <div className="min-w-0 space-y-3">
          {data.isMain && <Badge tone="accent">Main Artist</Badge>}
          <h1 className="text-3xl font-extrabold text-zinc-50 md:text-5xl">{data.name}</h1>
          <p className="max-w-3xl whitespace-pre-line text-zinc-200">{data.bio || 'No bio available'}</p>
          {links.length > 0 && (
            <ul className="flex flex-wrap justify-center gap-1 md:justify-start" aria-label="Links" data-testid="artist-social-links">
              {links.map((link) => (
                <li key={link.platform}>
                  <Tooltip content={link.name}>
                    <PlatformLink
                      link={link}
                      className="inline-flex size-10 items-center justify-center rounded-full bg-white/10 text-zinc-100 transition hover:bg-white/20"
                      iconClassName="size-5"
                    >
                      <span className="sr-only">{link.name} (opens in a new tab)</span>
                    </PlatformLink>
                  </Tooltip>
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>
    </header>
  );
}
