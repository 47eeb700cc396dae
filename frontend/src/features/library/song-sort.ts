/** Sorting the Songs tab: by title, artist, album or duration, ascending or descending; artist ascending at first. */

export type SongSortKey = 'title' | 'artist' | 'album' | 'duration';
type SortDirection = 'asc' | 'desc';
export interface SongSort {
  key: SongSortKey;
  direction: SortDirection;
}

export const SONG_SORT_KEYS: readonly SongSortKey[] = ['title', 'artist', 'album', 'duration'];
export const DEFAULT_SONG_SORT: SongSort = { key: 'artist', direction: 'asc' };

export interface SortableSong {
  title: string;
  artistName?: string | null;
  albumTitle?: string | null;
  duration?: number | null;
  trackNumber?: number | null;
}

/** Choosing the column sorted by now flips its direction; another column starts ascending. */
export function toggleSongSort(current: SongSort, key: SongSortKey): SongSort {
  return current.key === key ? { key, direction: current.direction === 'asc' ? 'desc' : 'asc' } : { key, direction: 'asc' };
}

const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

/** Unknown values (no artist, no length) go last whichever the direction. */
function compareKnown<T>(a: T | null | undefined, b: T | null | undefined, compare: (x: T, y: T) => number, direction: number): number {
  const aKnown = a !== null && a !== undefined && a !== '';
  const bKnown = b !== null && b !== undefined && b !== '';
  if (!aKnown || !bKnown) return aKnown === bKnown ? 0 : aKnown ? -1 : 1;
  return compare(a, b) * direction;
}

const byText = (a: string, b: string) => collator.compare(a, b);
const byNumber = (a: number, b: number) => a - b;

/** A sorted copy; equal songs stay album by album in track order, as they were listed. */
export function sortSongs<S extends SortableSong>(songs: readonly S[], sort: SongSort): S[] {
  const direction = sort.direction === 'asc' ? 1 : -1;
  const primary = (a: S, b: S): number => {
    switch (sort.key) {
      case 'title':
        return compareKnown(a.title, b.title, byText, direction);
      case 'artist':
        return compareKnown(a.artistName, b.artistName, byText, direction);
      case 'album':
        return compareKnown(a.albumTitle, b.albumTitle, byText, direction);
      case 'duration':
        return compareKnown(a.duration, b.duration, byNumber, direction);
    }
  };
  return songs
    .map((song, index) => ({ song, index }))
    .sort(
      (a, b) =>
        primary(a.song, b.song) ||
        compareKnown(a.song.albumTitle, b.song.albumTitle, byText, 1) ||
        compareKnown(a.song.trackNumber, b.song.trackNumber, byNumber, 1) ||
        a.index - b.index,
    )
    .map(({ song }) => song);
}

export const songSortLabels: Record<SongSortKey, string> = { title: 'Title', artist: 'Artist', album: 'Album', duration: 'Duration' };
