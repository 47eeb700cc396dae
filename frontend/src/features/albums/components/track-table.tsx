/**
 * The album's track list: number, title, plays, length and actions (lyrics, then what other features add: the heart);
 * locked tracks are dimmed, cannot be played, and say why when tried.
 */
import { Clock3, Lock, MicVocal, Music2, Pause, Play } from 'lucide-react';
import type { ReactNode } from 'react';
import { cx } from '../../../lib/class-names';
import { formatDuration, formatPlays } from '../../../lib/format';
import { IconButton } from '../../../ui/button';
import { EmptyState } from '../../../ui/status-message';
import type { AlbumTrack } from '#contract/catalogue.js';

interface TrackTableProps {
  tracks: readonly AlbumTrack[];
  isPlayable: (track: AlbumTrack) => boolean;
  currentTrackId: string | null;
  playing: boolean;
  onPlay: (track: AlbumTrack) => void;
  onTogglePlay: () => void;
  /** A locked track was tried. */
  onLocked: () => void;
  onShowLyrics: (track: AlbumTrack) => void;
  renderActions?: (track: AlbumTrack) => ReactNode;
}

export function TrackTable({
  tracks,
  isPlayable,
  currentTrackId,
  playing,
  onPlay,
  onTogglePlay,
  onLocked,
  onShowLyrics,
  renderActions,
}: TrackTableProps) {
  if (tracks.length === 0) return <EmptyState icon={Music2} title="No tracks available in this album" />;

  return (
    <table className="w-full table-fixed border-collapse text-left text-sm" data-testid="track-table">
      <thead className="border-b border-white/10 text-xs uppercase tracking-wider text-zinc-300">
        <tr>
          <th scope="col" className="w-12 py-2 pl-2 font-medium">
            #
          </th>
          <th scope="col" className="py-2 font-medium">
            Title
          </th>
          <th scope="col" className="hidden w-28 py-2 text-right font-medium sm:table-cell">
            Plays
          </th>
          <th scope="col" className="w-16 py-2 pr-2 text-right font-medium">
            <Clock3 aria-hidden="true" className="ml-auto size-4" />
            <span className="sr-only">Duration</span>
          </th>
          <th scope="col" className="w-20 py-2 pr-2 font-medium sm:w-24">
            <span className="sr-only">Actions</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {tracks.map((track) => {
          const playable = isPlayable(track);
          const current = track.id === currentTrackId;
          const sounding = current && playing;
          const play = () => (current ? onTogglePlay() : onPlay(track));
          return (
            <tr
              key={track.id}
              data-testid="track-row"
              data-track-id={track.id}
              data-playable={playable}
              data-current={current}
              onClick={playable ? play : onLocked}
              className={cx(
                'group border-b border-white/5 transition',
                playable ? 'cursor-pointer hover:bg-white/5' : 'cursor-not-allowed opacity-60',
                current && 'bg-white/5',
              )}
            >
              <td className="py-2 pl-2">
                {playable ? (
                  <button
                    type="button"
                    aria-label={`${sounding ? 'Pause' : 'Play'} ${track.title}`}
                    onClick={(event) => {
                      event.stopPropagation();
                      play();
                    }}
                    className="inline-flex size-8 items-center justify-center rounded-full tabular-nums text-zinc-200 hover:bg-white/10"
                  >
                    {sounding ? (
                      <Pause aria-hidden="true" className="size-4 fill-current text-accent" />
                    ) : (
                      <>
                        <span aria-hidden="true" className={cx('group-hover:hidden group-focus-within:hidden', current && 'text-accent')}>
                          {track.trackNumber}
                        </span>
                        <Play aria-hidden="true" className="hidden size-4 fill-current group-hover:block group-focus-within:block" />
                      </>
                    )}
                  </button>
                ) : (
                  <span className="inline-flex size-8 items-center justify-center text-zinc-200" title="Locked">
                    <Lock aria-hidden="true" className="size-4" />
                    <span className="sr-only">Locked: track {track.trackNumber}</span>
                  </span>
                )}
              </td>
              <td className="truncate py-2 pr-2">
                <span className={cx('font-medium', current ? 'text-accent' : 'text-zinc-50')} data-testid="track-title">
                  {track.title}
                </span>
              </td>
              <td
                className="hidden py-2 text-right tabular-nums text-zinc-200 sm:table-cell"
                data-testid="track-play-count"
                data-count={track.playCount}
              >
                {formatPlays(track.playCount)}
              </td>
              <td className="py-2 pr-2 text-right tabular-nums text-zinc-200">{formatDuration(track.duration)}</td>
              <td className="py-1 pr-1" onClick={(event) => event.stopPropagation()}>
                {/* Each action keeps its place in every row, so the hearts stand in one column: a track without lyrics
                    keeps the lyrics button's room empty rather than letting the heart slide into it. */}
                <div className="flex items-center justify-end">
                  {track.hasLyrics ? (
                    <IconButton
                      label={`Lyrics of ${track.title}`}
                      title="Lyrics"
                      className="size-9"
                      data-testid="lyrics-button"
                      onClick={() => onShowLyrics(track)}
                    >
                      <MicVocal aria-hidden="true" className="size-4" />
                    </IconButton>
                  ) : (
                    <span aria-hidden="true" className="size-9 shrink-0" />
                  )}
                  {renderActions?.(track)}
                </div>
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
