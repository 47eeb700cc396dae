/**
 * The album's embeddable player (/embed/album/{id}, framed by other sites): artwork, title and artist, play and pause,
 * the track list, and a link to the album on Toko. It fills its frame, 432 px high (352 compact): the list scrolls.
 */
import { Pause, Play } from 'lucide-react';
import { brand } from '../../../lib/brand';
import { cx } from '../../../lib/class-names';
import { formatDuration } from '../../../lib/format';
import { Artwork } from '../../../ui/artwork';
import { albumArtistName, isTrackPlayable } from '../album-access';
import { useAlbum } from '../api/get-album';
import { useAlbumTracks } from '../api/get-album-tracks';
import type { AlbumPlayback } from './album-details';

export function AlbumEmbedPlayer({ albumId, compact, playback }: { albumId: string; compact: boolean; playback: AlbumPlayback }) {
  const album = useAlbum(albumId);
  const tracks = useAlbumTracks(albumId);
  const albumUrl = new URL(`/album/${encodeURIComponent(albumId)}`, window.location.origin).href;

  if (album.isPending) return <div aria-busy="true" className="h-dvh animate-pulse bg-zinc-900" />;
  if (album.isError) {
    return (
      <div className="flex h-dvh flex-col items-center justify-center gap-2 bg-zinc-900 p-4 text-center" data-testid="album-embed">
        <p className="font-semibold text-zinc-50">Album Not Found</p>
        <a href={window.location.origin} target="_blank" rel="noopener" className="text-sm text-accent underline">
          Listen on {brand.product}
        </a>
      </div>
    );
  }

  const data = album.data;
  const answer = tracks.data;
  const hasAccess = answer?.hasAccess ?? false;
  const onPlayer = playback.currentAlbumId === data.id;
  const playing = onPlayer && playback.playing;

  return (
    <div
      data-testid="album-embed"
      data-compact={compact}
      className="flex h-dvh flex-col overflow-hidden bg-gradient-to-b from-zinc-800 to-zinc-950 p-3 text-zinc-100"
    >
      <header className="flex items-center gap-3">
        <Artwork src={data.artwork ?? null} alt={`${data.title} artwork`} size={112} className={compact ? 'size-16' : 'size-24'} priority />
        <div className="min-w-0 flex-1">
          <h1 className="truncate text-lg font-extrabold text-zinc-50">{data.title}</h1>
          <p className="truncate text-sm text-zinc-300">{albumArtistName(data)}</p>
          <a href={albumUrl} target="_blank" rel="noopener" className="text-xs font-semibold text-accent hover:underline">
            Listen on {brand.product}
          </a>
        </div>
        <button
          type="button"
          aria-label={playing ? 'Pause' : `Play ${data.title}`}
          disabled={!answer}
          onClick={() => (onPlayer ? playback.togglePlay() : answer && playback.playAlbum(data, answer))}
          className="inline-flex size-12 shrink-0 items-center justify-center rounded-full bg-accent text-accent-foreground transition hover:scale-105 disabled:opacity-50"
        >
          {playing ? (
            <Pause aria-hidden="true" className="size-5 fill-current" />
          ) : (
            <Play aria-hidden="true" className="size-5 fill-current" />
          )}
        </button>
      </header>
      <ol className="mt-3 min-h-0 flex-1 overflow-y-auto" aria-label="Tracks">
        {answer?.tracks.map((track) => {
          const playable = isTrackPlayable(data, hasAccess, track);
          const current = playback.currentTrackId === track.id;
          return (
            <li key={track.id}>
              <button
                type="button"
                data-testid="embed-track"
                data-current={current}
                onClick={() => (playable ? playback.playAlbum(data, answer, track.id) : playback.explainLocked(data, hasAccess))}
                className={cx(
                  // A finger's row (44 px) where the frame is phone-narrow; desktop frames keep the list dense.
                  'flex w-full items-center gap-3 rounded-md px-2 py-1.5 text-left text-sm hover:bg-white/10 max-sm:min-h-11',
                  current ? 'text-accent' : 'text-zinc-200',
                  !playable && 'opacity-50',
                )}
              >
                <span className="w-5 text-right tabular-nums text-zinc-400">{track.trackNumber}</span>
                <span className="min-w-0 flex-1 truncate">{track.title}</span>
                <span className="tabular-nums text-zinc-400">{formatDuration(track.duration)}</span>
              </button>
            </li>
          );
        })}
      </ol>
    </div>
  );
}
