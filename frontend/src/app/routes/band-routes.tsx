/**
 * The band pages: the fan signup, and the access page whose embedded playlist plays the label's newest free
 * release until the band's own unreleased tracks are in the catalogue.
 */
import { useQuery } from '@tanstack/react-query';
import { AudioLines, Play } from 'lucide-react';
import { isTrackPlayable } from '../../features/albums/album-access';
import { useAlbums } from '../../features/albums/api/get-albums';
import { albumTracksQueryOptions } from '../../features/albums/api/get-album-tracks';
import { BandPage } from '../../features/band/components/band-page';
import { cx } from '../../lib/class-names';
import { formatDuration } from '../../lib/format';
import { Skeleton } from '../../ui/skeleton';
import { useAlbumPlayback } from '../album-playback';

export { BandSignupPage as BandSignupRoute } from '../../features/band/components/band-signup-page';

export function BandRoute() {
  const albums = useAlbums();
  const album = albums.data?.find((candidate) => candidate.requiredTier === 'free' && !candidate.isDummyAlbum) ?? null;
  const tracks = useQuery({ ...albumTracksQueryOptions(album?.id ?? ''), enabled: album !== null });
  const playback = useAlbumPlayback();
  const answer = tracks.data;

  const playlist =
    !album || !answer ? (
      albums.isSuccess && !album ? (
        <p className="p-6 text-sm text-zinc-300">The playlist is on its way.</p>
      ) : (
        <div role="status" className="space-y-2 p-4">
          <span className="sr-only">Loading the playlist…</span>
          {Array.from({ length: 6 }, (_, index) => (
            <Skeleton key={index} className="h-10 w-full" />
          ))}
        </div>
      )
    ) : (
      <ol className="p-2">
        {answer.tracks.map((track) => {
          const current = playback.currentTrackId === track.id;
          const playable = isTrackPlayable(album, answer.hasAccess, track);
          return (
            <li key={track.id}>
              <button
                type="button"
                disabled={!playable}
                aria-label={`${current && playback.playing ? 'Pause' : 'Play'} ${track.title}`}
                onClick={() => (current ? playback.togglePlay() : playback.playAlbum(album, answer, track.id))}
                className={cx(
                  'flex w-full items-center gap-3 rounded-lg px-3 py-2.5 text-left transition hover:bg-white/5 disabled:opacity-50',
                  current && 'bg-white/10',
                )}
              >
                <span className="w-6 text-right text-sm tabular-nums text-zinc-300">
                  {current && playback.playing ? (
                    <AudioLines aria-hidden="true" className="ml-auto size-4 text-accent" />
                  ) : (
                    track.trackNumber
                  )}
                </span>
                <span className={cx('min-w-0 flex-1 truncate font-medium', current ? 'text-accent' : 'text-zinc-50')}>{track.title}</span>
                <span className="text-sm tabular-nums text-zinc-300">{formatDuration(track.duration)}</span>
                <Play aria-hidden="true" className="size-4 text-zinc-400" />
              </button>
            </li>
          );
        })}
      </ol>
    );

  return <BandPage playlist={playlist} onStartListening={album && answer ? () => playback.playAlbum(album, answer) : undefined} />;
}
