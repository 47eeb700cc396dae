/**
 * The Songs tab: every song of the library's albums in a table sortable by title, artist, album and
 * duration (artist ascending at first; a header click sorts by it, a second click flips the direction).
 * Playing a song queues the list as it is sorted, from that song on.
 */
import { ArrowDown, ArrowUp, ArrowUpDown, Clock3, Music2 } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { cx } from '../../../lib/class-names';
import { formatDuration } from '../../../lib/format';
import { Skeleton } from '../../../ui/skeleton';
import { EmptyState, ErrorState } from '../../../ui/status-message';
import { useLibraryTracks } from '../api/get-library';
import type { LibraryTrack } from '#contract/library.js';
import { songOfTrack, type LibraryPlayback } from '../library-playback';
import {
  DEFAULT_SONG_SORT,
  SONG_SORT_KEYS,
  songSortLabels,
  sortSongs,
  toggleSongSort,
  type SongSort,
  type SongSortKey,
} from '../song-sort';
import { FavoriteButton } from './favorite-button';
import { UNKNOWN_ARTIST } from './library-albums';
import { SongPlayButton } from './song-play-button';

export function LibrarySongs({ playback }: { playback: LibraryPlayback }) {
  const tracks = useLibraryTracks();
  const [sort, setSort] = useState<SongSort>(DEFAULT_SONG_SORT);

  if (tracks.isPending) return <SongsSkeleton />;
  if (tracks.isError)
    return <ErrorState title="Your songs could not be loaded" error={tracks.error} onRetry={() => void tracks.refetch()} />;
  if (tracks.data.length === 0) return <EmptyState icon={Music2} title="No songs in your library" />;

  const sorted = sortSongs(tracks.data, sort);
  const songs = sorted.map(songOfTrack);

  return (
    <div className="space-y-3">
      <div className="flex items-center justify-between gap-3">
        <p className="text-sm text-zinc-300">
          {sorted.length} {sorted.length === 1 ? 'song' : 'songs'}
        </p>
        {/* Phones have no room for every column header: the same sort as a menu. */}
        <label className="flex items-center gap-2 text-sm text-zinc-200 lg:hidden">
          Sort by
          <select
            data-testid="song-sort-select"
            value={`${sort.key}:${sort.direction}`}
            onChange={(event) => {
              const [key, direction] = event.target.value.split(':') as [SongSortKey, SongSort['direction']];
              setSort({ key, direction });
            }}
            className="rounded-lg border border-white/10 bg-zinc-900 px-2 py-1.5 text-sm text-zinc-50"
          >
            {SONG_SORT_KEYS.flatMap((key) => [
              <option key={`${key}:asc`} value={`${key}:asc`}>
                {songSortLabels[key]} ({key === 'duration' ? 'shortest' : 'A–Z'})
              </option>,
              <option key={`${key}:desc`} value={`${key}:desc`}>
                {songSortLabels[key]} ({key === 'duration' ? 'longest' : 'Z–A'})
              </option>,
            ])}
          </select>
        </label>
      </div>
      <table
        className="w-full table-fixed border-collapse text-left text-sm"
        data-testid="library-songs"
        data-sort={`${sort.key}:${sort.direction}`}
      >
        <thead className="border-b border-white/10 text-xs uppercase tracking-wider text-zinc-300">
          <tr>
            <th scope="col" className="w-12 py-2 pl-2 font-medium">
              #
            </th>
            <SortHeader column="title" sort={sort} onSort={setSort} />
            <SortHeader column="artist" sort={sort} onSort={setSort} className="hidden md:table-cell" />
            <SortHeader column="album" sort={sort} onSort={setSort} className="hidden lg:table-cell" />
            <SortHeader column="duration" sort={sort} onSort={setSort} className="w-20 text-right" />
            <th scope="col" className="w-12 py-2 pr-2">
              <span className="sr-only">Favorite</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {sorted.map((track, index) => (
            <SongRow
              key={track.id}
              track={track}
              position={index + 1}
              playback={playback}
              onPlay={() => playback.playSongs(songs, track.id)}
            />
          ))}
        </tbody>
      </table>
    </div>
  );
}

function SortHeader({
  column,
  sort,
  onSort,
  className,
}: {
  column: SongSortKey;
  sort: SongSort;
  onSort: (sort: SongSort) => void;
  className?: string;
}) {
  const active = sort.key === column;
  const Icon = !active ? ArrowUpDown : sort.direction === 'asc' ? ArrowUp : ArrowDown;
  return (
    <th
      scope="col"
      aria-sort={active ? (sort.direction === 'asc' ? 'ascending' : 'descending') : 'none'}
      className={cx('py-2 font-medium', className)}
    >
      <button
        type="button"
        data-testid={`sort-${column}`}
        onClick={() => onSort(toggleSongSort(sort, column))}
        className={cx('inline-flex items-center gap-1 rounded uppercase tracking-wider hover:text-zinc-50', active && 'text-zinc-50')}
      >
        {column === 'duration' ? (
          <>
            <Clock3 aria-hidden="true" className="size-4" />
            <span className="sr-only">Duration</span>
          </>
        ) : (
          songSortLabels[column]
        )}
        <Icon aria-hidden="true" className={cx('size-3.5', !active && 'opacity-50')} />
      </button>
    </th>
  );
}

/** `position` is the row's place in the list as sorted: the songs come from many albums, so their track numbers repeat. */
function SongRow({
  track,
  position,
  playback,
  onPlay,
}: {
  track: LibraryTrack;
  position: number;
  playback: LibraryPlayback;
  onPlay: () => void;
}) {
  const playable = Boolean(track.audioUrl);
  const current = playback.currentTrackId === track.id;
  const sounding = current && playback.playing;
  const artist = track.artistName || UNKNOWN_ARTIST;
  return (
    <tr
      data-testid="library-song"
      data-track-id={track.id}
      className={cx('border-b border-white/5', current && 'bg-white/5', !playable && 'opacity-60')}
    >
      <td className="py-1.5 pl-2">
        <SongPlayButton
          title={track.title}
          number={position}
          playable={playable}
          current={current}
          sounding={sounding}
          onPlay={() => (current ? playback.togglePlay() : onPlay())}
        />
      </td>
      <td className="truncate py-1.5 pr-2">
        <span className={cx('block truncate font-medium', current ? 'text-accent' : 'text-zinc-50')} data-testid="song-title">
          {track.title}
        </span>
        <span className="block truncate text-xs text-zinc-300 md:hidden">{artist}</span>
      </td>
      <td className="hidden truncate py-1.5 pr-2 md:table-cell" data-testid="song-artist">
        {track.artistId ? (
          <Link to={`/artist/${encodeURIComponent(track.artistId)}`} className="text-zinc-200 hover:text-zinc-50 hover:underline">
            {artist}
          </Link>
        ) : (
          <span className="text-zinc-200">{artist}</span>
        )}
      </td>
      <td className="hidden truncate py-1.5 pr-2 lg:table-cell">
        <Link to={`/album/${encodeURIComponent(track.albumId)}`} className="text-zinc-200 hover:text-zinc-50 hover:underline">
          {track.albumTitle || 'Unknown Album'}
        </Link>
      </td>
      <td className="py-1.5 text-right tabular-nums text-zinc-200" data-testid="song-duration" data-seconds={track.duration ?? ''}>
        {formatDuration(track.duration)}
      </td>
      <td className="py-1.5 pr-2 text-right">
        <FavoriteButton
          target={{ trackId: track.id }}
          details={{
            title: track.title,
            albumId: track.albumId,
            albumTitle: track.albumTitle,
            artistName: track.artistName,
            artistId: track.artistId,
            artwork: track.albumArtwork,
            duration: track.duration,
            trackNumber: track.trackNumber,
            audioUrl: track.audioUrl,
          }}
          className="size-8"
        />
      </td>
    </tr>
  );
}

function SongsSkeleton() {
  return (
    <div role="status" className="space-y-2">
      <span className="sr-only">Loading your songs…</span>
      {Array.from({ length: 8 }, (_, index) => (
        <Skeleton key={index} className="h-10 w-full" />
      ))}
    </div>
  );
}
