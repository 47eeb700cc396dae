/**
 * /exclusive?video=&error=: the members' page. Toko+ members and admins get the tabs Albums and Videos;
 * everyone else a pitch and a preview of 3 albums and 3 videos. A selected video shows its player (or why
 * it cannot play); the `error` the video links leave behind is explained at the top.
 */
import { Crown, Lock, Play, Sparkles, Video, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { brand } from '../../../lib/brand';
import { cx } from '../../../lib/class-names';
import { useDocumentTitle } from '../../../lib/document-title';
import { releaseYear } from '../../../lib/format';
import { useSession } from '../../../lib/session';
import { buttonClass, IconButton } from '../../../ui/button';
import { Section } from '../../../ui/section';
import { LoadingStatus, Skeleton } from '../../../ui/skeleton';
import { AlbumTile, AlbumTileBadge } from '../../albums';
import { EmptyState, ErrorState, StateBox } from '../../../ui/status-message';
import { UnderlineTabs } from '../../../ui/tabs';
import { isPlayable, useExclusiveAlbums, useExclusiveVideos, type ExclusiveAlbum, type ExclusiveVideo } from '../api/get-exclusive';
import { exclusiveErrorNotice, readExclusiveError, videoRequiresPlus, type ExclusiveError } from '../membership-messages';
import { DEFAULT_PLAN_AMOUNT, EXCLUSIVE_PREVIEW_SIZE } from '../plans';
import { perMonth, PlusBenefits } from './plan-tier-list';
import { VideoPlayer, VideoThumbnail } from './video-player';

export interface ExclusivePageProps {
  /** Plays an exclusive album (its tracks are read first); without it the cards only open the album. */
  onPlayAlbum?: (albumId: string) => void;
}

type Tab = 'albums' | 'videos';

export function ExclusivePage({ onPlayAlbum }: ExclusivePageProps) {
  useDocumentTitle(`${brand.productPlus} Exclusive`);
  const [params, setParams] = useSearchParams();
  const videoId = params.get('video');
  const error = readExclusiveError(params.get('error'));
  const { isLoading, isSubscriber, isAdmin } = useSession();
  const member = isSubscriber || isAdmin;

  const changeParams = (change: (params: URLSearchParams) => void) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        change(next);
        return next;
      },
      { replace: true },
    );
  const selectVideo = (id: string | null) =>
    changeParams((next) => {
      next.delete('error');
      if (id) next.set('video', id);
      else next.delete('video');
    });

  return (
    <div className="space-y-8" data-testid="exclusive-page" data-access={isLoading ? 'loading' : member ? 'member' : 'preview'}>
      <header className="space-y-2">
        <p className="flex items-center gap-2 text-sm font-semibold uppercase tracking-wider text-accent">
          <Crown aria-hidden="true" className="size-4" />
          {brand.productPlus}
        </p>
        <h1 className="text-3xl font-extrabold text-zinc-50 md:text-4xl">Exclusive Content</h1>
        <p className="max-w-2xl text-zinc-300">Unreleased albums, sessions and behind-the-scenes videos, straight from the artists.</p>
      </header>

      {error && <ErrorBanner error={error} onDismiss={() => changeParams((next) => next.delete('error'))} />}
      {videoId && <SelectedVideo videoId={videoId} member={member} onClose={() => selectVideo(null)} />}

      {isLoading ? (
        <LoadingStatus label="Loading exclusive content…" className="space-y-4">
          <Skeleton className="h-10 w-64" />
          <Skeleton className="h-48 w-full" />
        </LoadingStatus>
      ) : member ? (
        <MemberTabs
          initialTab={videoId ? 'videos' : 'albums'}
          onPlayAlbum={onPlayAlbum}
          onSelectVideo={selectVideo}
          selectedVideoId={videoId}
        />
      ) : (
        <Preview onSelectVideo={selectVideo} />
      )}
    </div>
  );
}

function ErrorBanner({ error, onDismiss }: { error: ExclusiveError; onDismiss: () => void }) {
  const notice = exclusiveErrorNotice(error);
  return (
    <div
      role="alert"
      className="flex items-start gap-3 rounded-xl border border-red-400/30 bg-red-500/10 p-4"
      data-testid="exclusive-error"
      data-error={error}
    >
      <div className="min-w-0 flex-1">
        <p className="font-semibold text-zinc-50">{notice.title}</p>
        <p className="text-sm text-zinc-200">{notice.description}</p>
      </div>
      <IconButton label="Dismiss" onClick={onDismiss} className="size-8">
        <X aria-hidden="true" className="size-4" />
      </IconButton>
    </div>
  );
}

function SelectedVideo({ videoId, member, onClose }: { videoId: string; member: boolean; onClose: () => void }) {
  const videos = useExclusiveVideos();
  const sectionRef = useRef<HTMLElement>(null);
  useEffect(() => {
    sectionRef.current?.scrollIntoView?.({ block: 'start' });
  }, [videoId]);

  const video = videos.data?.videos.find((candidate) => candidate.id === videoId) ?? null;
  let body;
  if (videos.isPending) body = <Skeleton className="aspect-video w-full rounded-xl" />;
  else if (videos.isError)
    body = (
      <ErrorState
        title="There was an error loading the video. Please try again."
        error={videos.error}
        onRetry={() => void videos.refetch()}
      />
    );
  else if (video && isPlayable(video)) body = <VideoPlayer key={video.id} video={video} />;
  else if (video || !member) body = <LockedVideo title={video?.title ?? null} />;
  else {
    body = (
      <EmptyState icon={Video} title="Video not found">
        The requested video was not found.
      </EmptyState>
    );
  }

  return (
    <section
      ref={sectionRef}
      aria-label={video ? video.title : 'Selected video'}
      className="scroll-mt-20 space-y-3"
      data-testid="selected-video"
      data-video-id={videoId}
    >
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 className="text-xl font-bold text-zinc-50">{video?.title ?? 'Video'}</h2>
          {video?.description && <p className="text-sm text-zinc-300">{video.description}</p>}
        </div>
        <IconButton label="Close video" onClick={onClose}>
          <X aria-hidden="true" className="size-5" />
        </IconButton>
      </div>
      <div className="max-w-3xl">{body}</div>
    </section>
  );
}

function LockedVideo({ title }: { title: string | null }) {
  return (
    <StateBox icon={Lock} tone="accent" title={videoRequiresPlus(title)} role="alert" testId="video-locked">
      <Link to="/subscribe" className={buttonClass()}>
        Join {brand.productPlus}
      </Link>
    </StateBox>
  );
}

function MemberTabs({
  initialTab,
  onPlayAlbum,
  onSelectVideo,
  selectedVideoId,
}: {
  initialTab: Tab;
  onPlayAlbum?: (albumId: string) => void;
  onSelectVideo: (id: string) => void;
  selectedVideoId: string | null;
}) {
  const [tab, setTab] = useState<Tab>(initialTab);
  return (
    <UnderlineTabs
      label={`${brand.productPlus} content`}
      value={tab}
      onValueChange={setTab}
      tabs={[
        { id: 'albums', label: 'Albums', content: <AlbumShelf onPlayAlbum={onPlayAlbum} /> },
        { id: 'videos', label: 'Videos', content: <VideoShelf onSelectVideo={onSelectVideo} selectedVideoId={selectedVideoId} /> },
      ]}
    />
  );
}

const albumGridClass = 'grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-5';
const videoGridClass = 'grid gap-4 sm:grid-cols-2 lg:grid-cols-3';

function AlbumShelf({ onPlayAlbum, limit, locked = false }: { onPlayAlbum?: (albumId: string) => void; limit?: number; locked?: boolean }) {
  const albums = useExclusiveAlbums();
  if (albums.isPending) {
    return (
      <div role="status" className={albumGridClass}>
        <span className="sr-only">Loading exclusive albums…</span>
        {Array.from({ length: limit ?? 5 }, (_, index) => (
          <div key={index} className="space-y-2 p-2">
            <Skeleton className="aspect-square w-full" />
            <Skeleton className="h-4 w-3/4" />
          </div>
        ))}
      </div>
    );
  }
  if (albums.isError)
    return <ErrorState title="The exclusive albums could not be loaded" error={albums.error} onRetry={() => void albums.refetch()} />;
  const shown = albums.data.albums.slice(0, limit);
  if (shown.length === 0) {
    return (
      <EmptyState icon={Sparkles} title="No exclusive albums yet">
        New exclusive releases will appear here.
      </EmptyState>
    );
  }
  return (
    <ul className={albumGridClass} data-testid="exclusive-albums">
      {shown.map((album) => (
        <li key={album.id}>
          <ExclusiveAlbumCard album={album} locked={locked} onPlay={onPlayAlbum} />
        </li>
      ))}
    </ul>
  );
}

function ExclusiveAlbumCard({ album, locked, onPlay }: { album: ExclusiveAlbum; locked: boolean; onPlay?: (albumId: string) => void }) {
  return (
    <AlbumTile
      testId="exclusive-album"
      id={album.id}
      title={album.title}
      artwork={album.artwork}
      details={[album.artistName, album.releaseDate && releaseYear(album.releaseDate)]}
      badge={
        <AlbumTileBadge title={brand.productPlus}>
          {locked ? <Lock aria-hidden="true" className="size-3.5" /> : <Crown aria-hidden="true" className="size-3.5" />}
        </AlbumTileBadge>
      }
      onPlay={onPlay && !locked ? () => onPlay(album.id) : undefined}
    />
  );
}

function VideoShelf({
  onSelectVideo,
  selectedVideoId,
  limit,
}: {
  onSelectVideo: (id: string) => void;
  selectedVideoId: string | null;
  limit?: number;
}) {
  const videos = useExclusiveVideos();
  if (videos.isPending) {
    return (
      <div role="status" className={videoGridClass}>
        <span className="sr-only">Loading exclusive videos…</span>
        {Array.from({ length: limit ?? 3 }, (_, index) => (
          <Skeleton key={index} className="aspect-video w-full rounded-lg" />
        ))}
      </div>
    );
  }
  if (videos.isError)
    return <ErrorState title="The exclusive videos could not be loaded" error={videos.error} onRetry={() => void videos.refetch()} />;
  const shown = videos.data.videos.slice(0, limit);
  if (shown.length === 0) {
    return (
      <EmptyState icon={Video} title="No exclusive videos yet">
        Sessions and behind-the-scenes videos will appear here.
      </EmptyState>
    );
  }
  return (
    <ul className={videoGridClass} data-testid="exclusive-videos">
      {shown.map((video) => (
        <li key={video.id}>
          <VideoCard video={video} selected={video.id === selectedVideoId} onSelect={() => onSelectVideo(video.id)} />
        </li>
      ))}
    </ul>
  );
}

function VideoCard({ video, selected, onSelect }: { video: ExclusiveVideo; selected: boolean; onSelect: () => void }) {
  const playable = isPlayable(video);
  return (
    <article
      className={cx('relative space-y-2 rounded-lg p-2 transition hover:bg-white/5', selected && 'bg-white/10')}
      data-testid="exclusive-video"
      data-video-id={video.id}
    >
      <div className="relative">
        <VideoThumbnail video={video} />
        <span className="absolute left-2 top-2 inline-flex size-7 items-center justify-center rounded-full bg-zinc-950/80 text-accent">
          {playable ? <Play aria-hidden="true" className="size-3.5 fill-current" /> : <Lock aria-hidden="true" className="size-3.5" />}
        </span>
      </div>
      <h3 className="font-semibold text-zinc-50">
        <button
          type="button"
          onClick={onSelect}
          aria-current={selected || undefined}
          className="text-left after:absolute after:inset-0 after:content-[''] hover:underline"
        >
          <span className="sr-only">{playable ? 'Watch ' : 'Preview '}</span>
          {video.title}
        </button>
      </h3>
      {video.description && <p className="line-clamp-2 text-sm text-zinc-300">{video.description}</p>}
    </article>
  );
}

/** Non-members: what Toko+ brings, the way in, and a locked taste of the albums and videos. */
function Preview({ onSelectVideo }: { onSelectVideo: (id: string) => void }) {
  return (
    <div className="space-y-10" data-testid="exclusive-preview">
      <section
        aria-labelledby="pitch-heading"
        className="space-y-4 rounded-2xl border border-accent/30 bg-gradient-to-br from-accent/15 to-transparent p-6"
      >
        <h2 id="pitch-heading" className="text-2xl font-bold text-zinc-50">
          Join {brand.productPlus} to unlock everything
        </h2>
        <PlusBenefits className="grid gap-2 text-sm text-zinc-100 sm:grid-cols-2" />
        <div className="flex flex-wrap items-center gap-3">
          <Link to="/subscribe" className={buttonClass()}>
            <Crown aria-hidden="true" className="size-4" />
            Join {brand.productPlus}
          </Link>
          <span className="text-sm text-zinc-300">From {perMonth(DEFAULT_PLAN_AMOUNT)}. Cancel anytime.</span>
        </div>
      </section>
      <Section title="Exclusive albums" size="xl" className="space-y-4">
        <AlbumShelf limit={EXCLUSIVE_PREVIEW_SIZE} locked />
      </Section>
      <Section title="Exclusive videos" size="xl" className="space-y-4">
        <VideoShelf limit={EXCLUSIVE_PREVIEW_SIZE} onSelectVideo={onSelectVideo} selectedVideoId={null} />
      </Section>
    </div>
  );
}
