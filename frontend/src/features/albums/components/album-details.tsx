/**
 * The album page: header with artwork and facts, badges, access notice, Play Album, Buy and the icon
 * actions, price hint, track list with lyrics, and the release footer. Commerce, favourites and the library
 * plug their actions in through props, so this feature does not depend on theirs.
 */
import {
  ArrowLeft,
  CheckCircle2,
  Code2,
  Crown,
  ExternalLink,
  Headphones,
  Lock,
  Pause,
  Play,
  Share2,
  ShoppingBag,
  ShoppingCart,
} from 'lucide-react';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { brand } from '../../../lib/brand';
import { useDocumentTitle } from '../../../lib/document-title';
import { formatMoney, formatPlays, formatReleaseDate, formatRunningTime, formatSongCount, releaseYear } from '../../../lib/format';
import { isNotFound } from '../../../lib/http';
import { useSession } from '../../../lib/session';
import { Artwork } from '../../../ui/artwork';
import { Badge } from '../../../ui/badge';
import { Button, buttonClass, IconButton } from '../../../ui/button';
import { PlatformIcon } from '../../../ui/platform-icon';
import { shareLink } from '../../../ui/share';
import { LoadingStatus, Skeleton, SkeletonStack } from '../../../ui/skeleton';
import { ErrorState } from '../../../ui/status-message';
import { Tooltip } from '../../../ui/tooltip';
import { IncludedForMember } from './album-access-icons';
import {
  albumArtistName,
  albumPrices,
  buyPrice,
  DEFAULT_ALBUM_TYPE,
  externalListenLinks,
  isPlusExclusive,
  isTrackPlayable,
} from '../album-access';
import type { Album, AlbumTrack, AlbumTracks } from '#contract/catalogue.js';
import { useAlbum } from '../api/get-album';
import { useAlbumTracks } from '../api/get-album-tracks';
import { TrackTable } from './track-table';

const EmbedCodeDialog = lazy(() => import('./embed-code-dialog').then((module) => ({ default: module.EmbedCodeDialog })));

const LyricsDialog = lazy(() => import('./lyrics-dialog').then((module) => ({ default: module.LyricsDialog })));

/** What the album page needs from the player, handed in by the app so features stay independent. */
export interface AlbumPlayback {
  currentTrackId: string | null;
  currentAlbumId: string | null;
  playing: boolean;
  /** Plays the album from `startTrackId` (the first playable track when omitted), or explains why it cannot. */
  playAlbum: (album: Album, answer: AlbumTracks, startTrackId?: string) => void;
  /** Explains why a locked track does not play. */
  explainLocked: (album: Album, hasAccess: boolean) => void;
  togglePlay: () => void;
}

/** The album's purchase actions, wired by the shop; without a handler the button shows "Coming soon". */
interface AlbumCommerce {
  /** Set when the listener owns the album: its download, shown instead of the offers to buy it. */
  owned?: ReactNode;
  onBuy?: (album: Album) => void;
  /** The add-to-cart button reads "Adding..." until the promise settles. */
  onAddToCart?: (album: Album) => Promise<unknown>;
}

interface AlbumDetailsProps {
  albumId: string;
  playback: AlbumPlayback;
  onBack: () => void;
  commerce?: AlbumCommerce;
  /** More icon actions for the album (favourite, library), from other features. */
  renderAlbumActions?: (album: Album) => ReactNode;
  /** More actions on each track row (the favourite heart), from other features. */
  renderTrackActions?: (track: AlbumTrack, album: Album) => ReactNode;
}

export function AlbumDetails({ albumId, playback, onBack, ...extras }: AlbumDetailsProps) {
  const album = useAlbum(albumId);
  useDocumentTitle(album.data?.title ?? (album.isError && isNotFound(album.error) ? 'Album Not Found' : null));

  return (
    <div className="space-y-6">
      <Button variant="ghost" onClick={onBack} className="-ml-3" icon={ArrowLeft}>
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
        <AlbumView album={album.data} playback={playback} {...extras} />
      )}
    </div>
  );
}

function AlbumView({
  album,
  playback,
  commerce,
  renderAlbumActions,
  renderTrackActions,
}: Omit<AlbumDetailsProps, 'albumId' | 'onBack'> & { album: Album }) {
  const tracks = useAlbumTracks(album.id);
  const [lyricsOf, setLyricsOf] = useState<AlbumTrack | null>(null);
  const hasAccess = tracks.data?.hasAccess ?? false;
  const isPlayable = (track: AlbumTrack) => isTrackPlayable(album, hasAccess, track);
  const albumOnPlayer = playback.currentAlbumId === album.id;
  const year = releaseYear(album.releaseDate);
  const owned = commerce?.owned ?? null;
  const forSale = album.isAvailableForPurchase && owned === null;

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
            <span>· {formatRunningTime(album.totalDuration)}</span>
            <span>
              ·{' '}
              <span data-testid="album-play-count" data-count={album.playCount}>
                {formatPlays(album.playCount)}
              </span>
            </span>
          </p>
          <AlbumBadges album={album} owned={owned !== null} />
        </div>
      </header>

      {album.description && <p className="max-w-3xl text-zinc-200">{album.description}</p>}

      {tracks.data && (!hasAccess || album.isDummyAlbum) && <AccessNotice album={album} />}

      <div className="space-y-3">
        <div className="flex flex-wrap items-center gap-3">
          {albumOnPlayer && playback.playing ? (
            <Button onClick={playback.togglePlay} aria-label="Pause Album">
              <Pause aria-hidden="true" className="size-4 fill-current" />
              Pause
            </Button>
          ) : (
            <Button
              disabled={!tracks.data || tracks.data.tracks.length === 0}
              onClick={() => (albumOnPlayer ? playback.togglePlay() : tracks.data && playback.playAlbum(album, tracks.data))}
            >
              <Play aria-hidden="true" className="size-4 fill-current" />
              Play Album
            </Button>
          )}
          {owned}
          {forSale && album.stripeProductId && <BuyButton album={album} onBuy={commerce?.onBuy} />}
          <AlbumIconActions album={album} forSale={forSale} commerce={commerce} extra={renderAlbumActions?.(album)} />
        </div>
        {forSale && <PriceHint album={album} />}
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
            onPlay={(track) => playback.playAlbum(album, tracks.data, track.id)}
            onTogglePlay={playback.togglePlay}
            onLocked={() => playback.explainLocked(album, hasAccess)}
            onShowLyrics={setLyricsOf}
            renderActions={renderTrackActions && ((track) => renderTrackActions(track, album))}
          />
        )}
      </section>

      <footer className="space-y-1 border-t border-white/10 pt-4 text-sm text-zinc-300">
        <p>{formatReleaseDate(album.releaseDate)}</p>
        <p>
          {formatSongCount(album.trackCount)}, {formatRunningTime(album.totalDuration, 'long')}
        </p>
        <p>{album.copyright || `© ${year ?? new Date().getFullYear()} ${brand.labelName}`}</p>
      </footer>

      {lyricsOf && (
        <Suspense fallback={null}>
          <LyricsDialog track={lyricsOf} artistName={albumArtistName(album)} onClose={() => setLyricsOf(null)} />
        </Suspense>
      )}
    </article>
  );
}

function AlbumBadges({ album, owned }: { album: Album; owned: boolean }) {
  const badges: ReactNode[] = [];
  if (isPlusExclusive(album, brand.tierPlus)) {
    badges.push(
      <Badge key="exclusive" tone="accent">
        <Crown aria-hidden="true" className="size-3.5" />
        {brand.productPlus} Exclusive
      </Badge>,
    );
  } else if (album.requiredTier === brand.tierPlus) {
    badges.push(<Badge key="plus">{brand.productPlus}</Badge>);
  }
  if (album.requiredTier === 'free' && !album.isDummyAlbum) badges.push(<Badge key="free">Free to stream</Badge>);
  if (owned) {
    badges.push(
      <Badge key="owned" tone="accent">
        <CheckCircle2 aria-hidden="true" className="size-3.5" />
        Owned
      </Badge>,
    );
  } else if (album.requiredTier === 'purchase_required') badges.push(<Badge key="purchase">Purchase</Badge>);
  if (album.isDummyAlbum) badges.push(<Badge key="physical">Physical Album Only</Badge>);
  return badges.length > 0 ? (
    <div className="flex flex-wrap gap-2" data-testid="album-badges">
      {badges}
    </div>
  ) : null;
}

/** A commerce action that is not wired yet: visible, focusable, and says so. */
const comingSoon = { 'aria-disabled': true, title: 'Coming soon', onClick: undefined } as const;

/** The button names the price the checkout will charge this listener: a member's is the member price. */
function BuyButton({ album, onBuy }: { album: Album; onBuy?: (album: Album) => void }) {
  const { isSubscriber } = useSession();
  const label = `Buy ${formatMoney(buyPrice(album, isSubscriber))}`;
  if (!onBuy) {
    return (
      <Tooltip content="Coming soon">
        <button
          type="button"
          aria-disabled="true"
          className={buttonClass('secondary', 'aria-disabled:cursor-not-allowed aria-disabled:opacity-60')}
        >
          <ShoppingBag aria-hidden="true" className="size-4" />
          {label}
        </button>
      </Tooltip>
    );
  }
  return (
    <Button variant="secondary" onClick={() => onBuy(album)} icon={ShoppingBag}>
      {label}
    </Button>
  );
}

function AlbumIconActions({
  album,
  forSale,
  commerce,
  extra,
}: {
  album: Album;
  forSale: boolean;
  commerce?: AlbumCommerce;
  extra?: ReactNode;
}) {
  const { isSubscriber } = useSession();
  const [adding, setAdding] = useState(false);
  const [embedding, setEmbedding] = useState(false);
  const links = album.isDummyAlbum ? [] : externalListenLinks(album);
  const onAddToCart = commerce?.onAddToCart;
  const iconLink =
    'inline-flex size-10 items-center justify-center rounded-full text-zinc-200 transition hover:bg-white/10 hover:text-white';

  return (
    <div className="flex flex-wrap items-center gap-1" data-testid="album-actions">
      {album.requiredTier === 'free' && !album.isDummyAlbum && (
        <Tooltip content="Free to stream">
          <button type="button" className={iconLink} data-testid="tier-icon" data-tier="free">
            <Headphones aria-hidden="true" className="size-5" />
            <span className="sr-only">Free to stream</span>
          </button>
        </Tooltip>
      )}
      {album.requiredTier !== 'free' && isSubscriber && <IncludedForMember album={album} className={iconLink} iconClassName="size-5" />}
      {album.requiredTier !== 'free' && !isSubscriber && (
        <Tooltip content={`Included with ${brand.productPlus}`}>
          <Link to="/subscribe" className={`${iconLink} text-accent`} data-testid="tier-icon" data-tier={album.requiredTier}>
            <Crown aria-hidden="true" className="size-5" />
            <span className="sr-only">Subscribe to {brand.productPlus}</span>
          </Link>
        </Tooltip>
      )}
      {forSale &&
        (onAddToCart ? (
          <IconButton
            label={adding ? 'Adding...' : 'Add to cart'}
            aria-busy={adding}
            disabled={adding}
            onClick={() => {
              setAdding(true);
              void onAddToCart(album).finally(() => setAdding(false));
            }}
          >
            <ShoppingCart aria-hidden="true" className="size-5" />
          </IconButton>
        ) : (
          <IconButton label="Add to cart" {...comingSoon}>
            <ShoppingCart aria-hidden="true" className="size-5" />
          </IconButton>
        ))}
      {links.map((link) => (
        <Tooltip key={link.platform} content={`Listen on ${link.name}`}>
          <a href={link.url} target="_blank" rel="noreferrer" className={iconLink}>
            <PlatformIcon platform={link.platform} className="size-5" />
            <span className="sr-only">Listen on {link.name} (opens in a new tab)</span>
          </a>
        </Tooltip>
      ))}
      {extra}
      <IconButton
        label="Share"
        onClick={() =>
          void shareLink({
            title: `${album.title} by ${albumArtistName(album)}`,
            text: `Listen to ${album.title} on ${brand.product}`,
            url: new URL(`/album/${encodeURIComponent(album.id)}`, window.location.origin).href,
          })
        }
      >
        <Share2 aria-hidden="true" className="size-5" />
      </IconButton>
      <IconButton label="Embed" onClick={() => setEmbedding(true)}>
        <Code2 aria-hidden="true" className="size-5" />
      </IconButton>
      {embedding && (
        <Suspense fallback={null}>
          <EmbedCodeDialog album={album} open onOpenChange={setEmbedding} />
        </Suspense>
      )}
    </div>
  );
}

/** Members pay less: non-members see what they would pay as members, members see their own price. */
function PriceHint({ album }: { album: Album }) {
  const { isSubscriber } = useSession();
  const { member } = albumPrices(album);
  if (member === null) return null;
  return isSubscriber ? (
    <p className="text-sm font-semibold text-accent" data-testid="price-hint">
      Your Price: {formatMoney(member)}
    </p>
  ) : (
    <p className="text-sm text-zinc-300" data-testid="price-hint">
      <Link to="/exclusive" className="font-semibold text-accent hover:underline">
        {brand.productPlus} members pay {formatMoney(member)}
      </Link>{' '}
      for this album.
    </p>
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
              <li key={link.platform}>
                <a href={link.url} target="_blank" rel="noreferrer" className={buttonClass('secondary', 'px-4 py-2')}>
                  <PlatformIcon platform={link.platform} className="size-4" />
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
  // Buying is the Buy button and the cart below (and the shop's album shelf); the other way to have it is Toko+.
  if (album.requiredTier === 'purchase_required') {
    return (
      <Notice title="Purchase Required">
        <p>This album requires purchase or subscription to play.</p>
        <Link to="/exclusive" className={buttonClass('primary', 'mt-3')}>
          Subscribe
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
    <LoadingStatus label="Loading the album…" className="space-y-8">
      <div className="flex flex-col gap-6 md:flex-row md:items-end">
        <Skeleton className="aspect-square w-48 md:w-60" />
        <SkeletonStack className="flex-1 space-y-3" blocks={['h-3 w-16', 'h-10 w-2/3', 'h-4 w-1/2']} />
      </div>
      <Skeleton className="h-10 w-36 rounded-full" />
      <SkeletonStack className="space-y-2" blocks={Array.from({ length: 6 }, () => 'h-10 w-full')} />
    </LoadingStatus>
  );
}
