/** The album page: header with artwork and facts, access notice, Play Album, track list and release footer. */
import { ArrowLeft, Crown, ExternalLink, Lock, Pause, Play } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { brand } from '../../../lib/brand';
import { useDocumentTitle } from '../../../lib/document-title';
import { formatPlays, formatReleaseDate, formatSongCount, releaseYear, totalMinutes } from '../../../lib/format';
import { isNotFound } from '../../../lib/http';
import { Artwork } from '../../../ui/artwork';
import { Badge } from '../../../ui/badge';
import { Button, buttonClass } from '../../../ui/button';
import { Skeleton } from '../../../ui/skeleton';
import { ErrorState } from '../../../ui/status-message';
import {
  albumArtistName,
  DEFAULT_ALBUM_TYPE,
  externalListenLinks,
  isPlusExclusive,
  isTrackPlayable,
} from '../album-access';
import type { Album, AlbumTrack } from '../api/album-schema';
import { useAlbum } from '../api/get-album';
import { useAlbumTracks } from '../api/get-album-tracks';
import { AlbumAccessIcons } from './album-access-icons';
import { TrackTable } from './track-table';

/** What the album page needs from the player, handed in by the app so features stay independent. */
export interface AlbumPlayback {
  currentTrackId: string | null;
  currentAlbumId: string | null;
  playing: boolean;
  /** Queues the album's playable tracks and starts at `startTrackId` (the first playable one when omitted). */
  playAlbum: (album: Album, tracks: readonly AlbumTrack[], startTrackId?: string) => void;
  togglePlay: () => void;
}

interface AlbumDetailsProps {
  albumId: string;
  playback: AlbumPlayback;
  onBack: () => void;
}

export function AlbumDetails({ albumId, playback, onBack }: AlbumDetailsProps) {
  const album = useAlbum(albumId);
  useDocumentTitle(album.data?.title ?? (album.isError && isNotFound(album.error) ? 'Album Not Found' : null));

  return (
    <div className="space-y-6">
      <Button variant="ghost" onClick={onBack} className="-ml-3">
        <ArrowLeft aria-hidden="true" className="size-4" />
        Back
      </Button>
      {album.isPending ? (
        <AlbumSkeleton />
      ) : album.isError ? (
        isNotFound(album.error) ? (
          <AlbumNotFound />
        ) : (
          <ErrorState title="This album could not be loaded" error={album.error} onRetry={() => void album.refetch()} />
        )
      ) : (
        <AlbumView album={album.data} playback={playback} />
      )}
    </div>
  );
}

function AlbumView({ album, playback }: { album: Album; playback: AlbumPlayback }) {
  const tracks = useAlbumTracks(album.id);
  const hasAccess = tracks.data?.hasAccess ?? false;
  const isPlayable = (track: AlbumTrack) => isTrackPlayable(album, hasAccess, track);
  const playableCount = tracks.data?.tracks.filter(isPlayable).length ?? 0;
  const albumOnPlayer = playback.currentAlbumId === album.id;
  const year = releaseYear(album.releaseDate);
  const minutes = totalMinutes(album.totalDuration);

  return (
    <article data-testid="album-page" data-album-id={album.id} className="space-y-8">
      <header className="flex flex-col gap-6 md:flex-row md:items-end">
        <Artwork src={album.artwork ?? null} alt={`${album.title} artwork`} size={240} priority className="w-48 shadow-2xl md:w-60" />
        <div className="min-w-0 space-y-3">
          <p className="text-xs font-semibold uppercase tracking-widest text-zinc-300">{album.albumType || DEFAULT_ALBUM_TYPE}</p>
          <h1 className="text-3xl font-extrabold text-zinc-50 md:text-5xl">{album.title}</h1>
          <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-zinc-200">
            {album.artistId ? (
              <Link to={`/artist/${encodeURIComponent(album.artistId)}`} className="font-semibold text-zinc-50 hover:underline">
                {albumArtistName(album)}
              </Link>
            ) : (
              <span className="font-semibold text-zinc-50">{albumArtistName(album)}</span>
            )}
            {year && <span>· {year}</span>}
            <span>· {formatSongCount(album.trackCount)}</span>
            <span>· {minutes} min</span>
            <span>
              · <span data-testid="album-play-count" data-count={album.playCount}>{formatPlays(album.playCount)}</span>
            </span>
          </p>
          {isPlusExclusive(album, brand.tierPlus) && (
            <Badge tone="accent">
              <Crown aria-hidden="true" className="size-3.5" />
              {brand.productPlus} Exclusive
            </Badge>
          )}
        </div>
      </header>

      {album.description && <p className="max-w-3xl text-zinc-200">{album.description}</p>}

      {tracks.data && (!hasAccess || album.isDummyAlbum) && <AccessNotice album={album} />}

      <div className="flex flex-wrap items-center gap-3">
        {albumOnPlayer && playback.playing ? (
          <Button onClick={playback.togglePlay} aria-label="Pause Album">
            <Pause aria-hidden="true" className="size-4 fill-current" />
            Pause
          </Button>
        ) : (
          <Button
            disabled={playableCount === 0}
            onClick={() => (albumOnPlayer ? playback.togglePlay() : tracks.data && playback.playAlbum(album, tracks.data.tracks.filter(isPlayable)))}
          >
            <Play aria-hidden="true" className="size-4 fill-current" />
            Play Album
          </Button>
        )}
        <AlbumAccessIcons album={album} />
      </div>

      <section aria-label="Tracks">
        {tracks.isPending ? (
          <div role="status" className="space-y-2">
            <span className="sr-only">Loading tracks…</span>
            {Array.from({ length: 6 }, (_, index) => (
              <Skeleton key={index} className="h-10 w-full" />
            ))}
          </div>
        ) : tracks.isError ? (
          <ErrorState title="The tracks could not be loaded" error={tracks.error} onRetry={() => void tracks.refetch()} />
        ) : (
          <TrackTable
            tracks={tracks.data.tracks}
            isPlayable={isPlayable}
            currentTrackId={playback.currentTrackId}
            playing={playback.playing}
            onPlay={(track) => playback.playAlbum(album, tracks.data.tracks.filter(isPlayable), track.id)}
            onTogglePlay={playback.togglePlay}
          />
        )}
      </section>

      <footer className="space-y-1 border-t border-white/10 pt-4 text-sm text-zinc-300">
        <p>{formatReleaseDate(album.releaseDate)}</p>
        <p>
          {formatSongCount(album.trackCount)}, {minutes} {minutes === 1 ? 'minute' : 'minutes'}
        </p>
        <p>{album.copyright || `© ${year ?? new Date().getFullYear()} ${brand.labelName}`}</p>
      </footer>
    </article>
  );
}

function AccessNotice({ album }: { album: Album }) {
  if (album.isDummyAlbum) {
    const links = externalListenLinks(album);
    return (
      <Notice title="Physical Album Only">
        <p>
          {album.rightsOwner ? `The streaming rights are held by ${album.rightsOwner}.` : 'This album cannot be streamed here.'}
          {links.length > 0 && ' Listen on:'}
        </p>
        {links.length > 0 && (
          <ul className="mt-3 flex flex-wrap gap-2">
            {links.map((link) => (
              <li key={link.name}>
                <a href={link.url} target="_blank" rel="noreferrer" className={buttonClass('secondary', 'px-4 py-2')}>
                  {link.name}
                  <ExternalLink aria-hidden="true" className="size-3.5" />
                  <span className="sr-only">(opens in a new tab)</span>
                </a>
              </li>
            ))}
          </ul>
        )}
      </Notice>
    );
  }
  if (album.requiredTier === brand.tierPlus) {
    return (
      <Notice title="Subscription Required">
        <p>This album requires a {brand.productPlus} subscription to play.</p>
        <Link to="/exclusive" className={buttonClass('primary', 'mt-3')}>
          Subscribe
        </Link>
      </Notice>
    );
  }
  if (album.requiredTier === 'purchase_required') {
    return (
      <Notice title="Purchase Required">
        <p>This album requires purchase or subscription to play.</p>
        <Link to={`/shop#album-${encodeURIComponent(album.id)}`} className={buttonClass('primary', 'mt-3')}>
          View Options
        </Link>
      </Notice>
    );
  }
  return (
    <Notice title="Not available to play">
      <p>This album cannot be played right now.</p>
    </Notice>
  );
}

function Notice({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="flex gap-3 rounded-xl border border-accent/40 bg-accent/10 p-4 text-sm text-zinc-100" data-testid="access-notice">
      <Lock aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-accent" />
      <div>
        <p className="font-semibold text-zinc-50">{title}</p>
        {children}
      </div>
    </div>
  );
}

function AlbumNotFound() {
  return (
    <div className="flex flex-col items-center gap-4 py-16 text-center">
      <h1 className="text-3xl font-bold text-zinc-50">Album Not Found</h1>
      <p className="text-zinc-300">The album you're looking for doesn't exist or is no longer available.</p>
      <Link to="/" className={buttonClass('secondary')}>
        Go to Home
      </Link>
    </div>
  );
}

function AlbumSkeleton() {
  return (
    <div role="status" className="space-y-8">
      <span className="sr-only">Loading the album…</span>
      <div className="flex flex-col gap-6 md:flex-row md:items-end">
        <Skeleton className="aspect-square w-48 md:w-60" />
        <div className="flex-1 space-y-3">
          <Skeleton className="h-3 w-16" />
          <Skeleton className="h-10 w-2/3" />
          <Skeleton className="h-4 w-1/2" />
        </div>
      </div>
      <Skeleton className="h-10 w-36 rounded-full" />
      <div className="space-y-2">
        {Array.from({ length: 6 }, (_, index) => (
          <Skeleton key={index} className="h-10 w-full" />
        ))}
      </div>
    </div>
  );
}
