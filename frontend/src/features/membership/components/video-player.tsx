/**
 * An exclusive video: its picture with a Play button first (the video site's player, and its cookies, load
 * only when asked for), then the embedded player. There is always a link to watch it on the video site,
 * which is also the way on when the player fails.
 */
import { ExternalLink, Film, Play } from 'lucide-react';
import { useState } from 'react';
import { cx } from '../../../lib/class-names';
import type { ExclusiveVideo } from '../api/get-exclusive';
import { PLAYER_FAILED } from '../membership-messages';

const embedUrl = (youtubeVideoId: string) =>
  `https://www.youtube-nocookie.com/embed/${encodeURIComponent(youtubeVideoId)}?autoplay=1&rel=0`;
export const watchUrl = (video: ExclusiveVideo): string | null =>
  video.youtubeUrl ?? (video.youtubeVideoId ? `https://www.youtube.com/watch?v=${encodeURIComponent(video.youtubeVideoId)}` : null);

/** The video's picture, or a drawn placeholder when there is none or it does not load. */
export function VideoThumbnail({ video, className }: { video: ExclusiveVideo; className?: string }) {
  const [failed, setFailed] = useState(false);
  if (!video.thumbnailUrl || failed) {
    return (
      <div
        aria-hidden="true"
        className={cx('flex aspect-video items-center justify-center rounded-lg bg-gradient-to-br from-zinc-700 to-zinc-900', className)}
      >
        <Film className="size-1/5 text-zinc-400" />
      </div>
    );
  }
  return (
    <img
      src={video.thumbnailUrl}
      alt=""
      loading="lazy"
      width={480}
      height={270}
      onError={() => setFailed(true)}
      className={cx('aspect-video w-full rounded-lg bg-zinc-800 object-cover', className)}
    />
  );
}

export function VideoPlayer({ video }: { video: ExclusiveVideo }) {
  const youtubeVideoId = video.youtubeVideoId;
  const [state, setState] = useState<'poster' | 'playing' | 'failed'>(youtubeVideoId ? 'poster' : 'failed');
  const external = watchUrl(video);

  return (
    <div className="space-y-3" data-testid="video-player" data-state={state}>
      {state === 'poster' && (
        <button
          type="button"
          onClick={() => setState('playing')}
          aria-label={`Play ${video.title}`}
          className="group relative block w-full overflow-hidden rounded-xl"
        >
          <VideoThumbnail video={video} className="rounded-xl" />
          <span className="absolute inset-0 flex items-center justify-center bg-black/30 transition group-hover:bg-black/20">
            <span className="inline-flex size-16 items-center justify-center rounded-full bg-accent text-accent-foreground shadow-xl transition group-hover:scale-105">
              <Play aria-hidden="true" className="size-7 fill-current" />
            </span>
          </span>
        </button>
      )}
      {state === 'playing' && youtubeVideoId && (
        <iframe
          title={video.title}
          src={embedUrl(youtubeVideoId)}
          allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
          allowFullScreen
          referrerPolicy="strict-origin-when-cross-origin"
          onError={() => setState('failed')}
          className="aspect-video w-full rounded-xl border-0 bg-black"
        />
      )}
      {state === 'failed' && (
        <div
          role="alert"
          className="flex aspect-video flex-col items-center justify-center gap-2 rounded-xl border border-red-400/30 bg-red-500/10 p-6 text-center"
        >
          <p className="font-semibold text-zinc-50">{PLAYER_FAILED}</p>
          <p className="text-sm text-zinc-300">You can still watch it on YouTube.</p>
        </div>
      )}
      {external && (
        <a
          href={external}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex items-center gap-1.5 text-sm font-semibold text-accent underline-offset-2 hover:underline"
          data-testid="watch-external"
        >
          <ExternalLink aria-hidden="true" className="size-4" />
          Watch on YouTube
          <span className="sr-only">(opens in a new tab)</span>
        </a>
      )}
    </div>
  );
}
