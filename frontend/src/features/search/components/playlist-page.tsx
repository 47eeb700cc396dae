/**
 * /playlist/{id}: one of the label's curated playlists, its songs in the staff's order; Play plays them as a queue,
 * a song plays the queue from that song. Songs the listener may not hear (members', bought) are shown, not played.
 */
import { useQuery } from '@tanstack/react-query';
import { ListMusic, Lock, Pause, Play } from 'lucide-react';
import { Link } from 'react-router';
import type { Playlist, PlaylistTrack } from '#contract/search.js';
import { cx } from '../../../lib/class-names';
import { useDocumentTitle } from '../../../lib/document-title';
import { formatDuration, formatRunningTime } from '../../../lib/format';
import { isNotFound } from '../../../lib/http';
import { Artwork } from '../../../ui/artwork';
import { Button, buttonClass, IconButton } from '../../../ui/button';
import { LoadingStatus, Skeleton } from '../../../ui/skeleton';
import { EmptyState, ErrorState } from '../../../ui/status-message';
import { playlistQueryOptions } from '../api/get-playlists';

/** What the playlist page needs from the player, handed in by the app so features stay independent. */
export interface PlaylistPlayback {
  currentTrackId: string | null;
  playing: boolean;
  togglePlay: () => void;
  /** Plays the playlist's playable songs as a queue, from `startTrackId` or the first. */
  playPlaylist: (playlist: Playlist, startTrackId?: string) => void;
}

export function PlaylistPage({ playlistId, playback }: { playlistId: string; playback: PlaylistPlayback }) {
  const playlist = useQuery(playlistQueryOptions(playlistId));
  useDocumentTitle(playlist.data?.name ?? 'Playlist');
  if (playlist.isPending) return <PlaylistSkeleton />;
  if (playlist.isError) {
    if (isNotFound(playlist.error))
      return (
        <EmptyState icon={ListMusic} title="Playlist not found">
          It may have been taken down.{' '}
          <Link to="/search" className="font-semibold text-accent">
            Find other playlists
          </Link>
        </EmptyState>
      );
    return <ErrorState title="The playlist could not be loaded" error={playlist.error} onRetry={() => void playlist.refetch()} />;
  }
  const current = playlist.data;
  const playable = current.tracks.some((t) => t.audioUrl);
  return (
    <article className="min-w-0 space-y-6" data-testid="playlist-page" aria-labelledby="playlist-name">
      <header className="flex flex-col gap-5 sm:flex-row sm:items-end">
        <Artwork src={current.artwork} alt="" size={192} className="w-40 shrink-0 sm:w-48" priority />
        <div className="min-w-0 space-y-2">
          <p className="flex items-center gap-1.5 text-xs font-semibold uppercase tracking-wide text-zinc-400">
            <ListMusic aria-hidden="true" className="size-4 text-accent" />
            Playlist
          </p>
          <h1 id="playlist-name" className="break-words text-3xl font-extrabold text-zinc-50">
            {current.name}
          </h1>
          {current.description && <p className="max-w-prose text-zinc-300">{current.description}</p>}
          <p className="text-sm text-zinc-400">
            {current.trackCount} {current.trackCount === 1 ? 'song' : 'songs'} · {formatRunningTime(current.totalDuration)}
          </p>
          <Button icon={Play} onClick={() => playback.playPlaylist(current)} disabled={!playable} data-testid="playlist-play">
            Play
          </Button>
        </div>
      </header>
      {current.tracks.length === 0 ? (
        <EmptyState icon={ListMusic} title="No songs to play here yet" />
      ) : (
        <ol className="divide-y divide-white/5 rounded-xl border border-white/10">
          {current.tracks.map((track, index) => (
            <PlaylistRow key={track.id} track={track} index={index} playlist={current} playback={playback} />
          ))}
        </ol>
      )}
      <Link to="/search" className={buttonClass('secondary')}>
        More playlists
      </Link>
    </article>
  );
}

function PlaylistRow({
  track,
  index,
  playlist,
  playback,
}: {
  track: PlaylistTrack;
  index: number;
  playlist: Playlist;
  playback: PlaylistPlayback;
}) {
  const current = playback.currentTrackId === track.id;
  const label = current && playback.playing ? `Pause ${track.title}` : `Play ${track.title}`;
  return (
    <li className={cx('flex items-center gap-3 px-3 py-2.5', current && 'bg-white/5')} data-testid="playlist-track">
      <span className="w-6 shrink-0 text-right tabular-nums text-zinc-400">{index + 1}</span>
      {track.audioUrl ? (
        <IconButton
          label={label}
          onClick={() => (current ? playback.togglePlay() : playback.playPlaylist(playlist, track.id))}
          className="shrink-0"
        >
          {current && playback.playing ? <Pause aria-hidden="true" className="size-4" /> : <Play aria-hidden="true" className="size-4" />}
        </IconButton>
      ) : (
        <span className="flex size-10 shrink-0 items-center justify-center text-zinc-500" title="Not playable with your account">
          <Lock aria-hidden="true" className="size-4" />
          <span className="sr-only">Not playable with your account</span>
        </span>
      )}
      <Artwork src={track.artwork} alt="" size={40} className="hidden w-10 shrink-0 sm:block" />
      <div className="min-w-0 flex-1">
        <p className={cx('truncate font-semibold', current ? 'text-accent' : 'text-zinc-50')}>{track.title}</p>
        <p className="truncate text-sm text-zinc-300">
          <Link to={`/artist/${encodeURIComponent(track.artistId)}`} className="hover:underline">
            {track.artistName}
          </Link>{' '}
          ·{' '}
          <Link to={`/album/${encodeURIComponent(track.albumId)}`} className="hover:underline">
            {track.albumTitle}
          </Link>
        </p>
      </div>
      <span className="shrink-0 text-sm tabular-nums text-zinc-300">{formatDuration(track.duration)}</span>
    </li>
  );
}

function PlaylistSkeleton() {
  return (
    <LoadingStatus label="Loading the playlist…" className="space-y-6">
      <div className="flex flex-col gap-5 sm:flex-row sm:items-end">
        <Skeleton className="aspect-square w-40 sm:w-48" />
        <div className="w-full max-w-md space-y-3">
          <Skeleton className="h-8 w-2/3" />
          <Skeleton className="h-4 w-full" />
        </div>
      </div>
      {Array.from({ length: 5 }, (_, index) => (
        <Skeleton key={index} className="h-12 w-full" />
      ))}
    </LoadingStatus>
  );
}
