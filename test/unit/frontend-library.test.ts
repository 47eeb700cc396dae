import { describe, expect, it } from 'vitest';
import { HttpError } from '../../frontend/src/lib/http';
import { addToLibraryFailure } from '../../frontend/src/features/library/library-messages';
import { DEFAULT_SONG_SORT, sortSongs, toggleSongSort, type SortableSong } from '../../frontend/src/features/library/song-sort';
import {
  restingOffset,
  swipeAxis,
  swipeOffset,
  swipeRelease,
  SWIPE_MAX_PX,
  SWIPE_REMOVE_PX,
  SWIPE_REVEAL_PX,
} from '../../frontend/src/features/library/swipe-to-remove';

const song = (
  title: string,
  artistName: string | null,
  albumTitle: string,
  duration: number | null,
  trackNumber = 1,
): SortableSong & { id: string } => ({
  id: title,
  title,
  artistName,
  albumTitle,
  duration,
  trackNumber,
});
const songs = [
  song('Saltwater Kin', 'The Low Tides', 'Harbour Lights', 33),
  song('Ember', 'Sol & Ember', 'After Hours', 35, 2),
  song('morning static', 'mara vell', 'First Light', 20),
  song('Paper Boats', 'Mara Vell', 'First Light', 31, 2),
  song('Untitled', null, 'Demos', null),
  song('10 Miles', 'Juno Okafor', 'Wildflower', 29),
  song('9 Lives', 'Juno Okafor', 'Wildflower', 23, 2),
];
const titles = (list: SortableSong[]) => list.map((s) => s.title);

describe('library songs sort', () => {
  it('starts by artist, ascending, ignoring case; songs of one artist stay album by album in track order', () => {
    expect(DEFAULT_SONG_SORT).toEqual({ key: 'artist', direction: 'asc' });
    expect(titles(sortSongs(songs, DEFAULT_SONG_SORT))).toEqual([
      '10 Miles',
      '9 Lives',
      'morning static',
      'Paper Boats',
      'Ember',
      'Saltwater Kin',
      'Untitled',
    ]);
  });

  it('sorts by title with numbers in numeric order, and flips on a second click', () => {
    const byTitle = toggleSongSort(DEFAULT_SONG_SORT, 'title');
    expect(byTitle).toEqual({ key: 'title', direction: 'asc' });
    expect(titles(sortSongs(songs, byTitle)).slice(0, 3)).toEqual(['9 Lives', '10 Miles', 'Ember']);
    const descending = toggleSongSort(byTitle, 'title');
    expect(descending).toEqual({ key: 'title', direction: 'desc' });
    expect(titles(sortSongs(songs, descending))[0]).toBe('Untitled');
  });

  it('sorts by album and by duration; unknown values go last either way', () => {
    expect(titles(sortSongs(songs, { key: 'album', direction: 'asc' })).slice(0, 2)).toEqual(['Ember', 'Untitled']);
    expect(titles(sortSongs(songs, { key: 'duration', direction: 'asc' }))).toEqual([
      'morning static',
      '9 Lives',
      '10 Miles',
      'Paper Boats',
      'Saltwater Kin',
      'Ember',
      'Untitled',
    ]);
    expect(titles(sortSongs(songs, { key: 'duration', direction: 'desc' })).slice(-2)).toEqual(['morning static', 'Untitled']);
    expect(titles(sortSongs(songs, { key: 'artist', direction: 'desc' })).at(-1)).toBe('Untitled');
  });

  it('never changes the list it was given', () => {
    const copy = [...songs];
    sortSongs(songs, { key: 'duration', direction: 'desc' });
    expect(songs).toEqual(copy);
  });
});

describe('swipe to remove', () => {
  it('decides the axis only after 10 px, and a mostly vertical move is a scroll', () => {
    expect(swipeAxis(-6, 2)).toBe('undecided');
    expect(swipeAxis(-12, 4)).toBe('horizontal');
    expect(swipeAxis(-8, 15)).toBe('vertical');
  });

  it('follows the finger leftwards only, up to a limit', () => {
    expect(swipeOffset(0, 30)).toBe(0);
    expect(swipeOffset(0, -50)).toBe(-50);
    expect(swipeOffset(-80, -20)).toBe(-100);
    expect(swipeOffset(0, -500)).toBe(-SWIPE_MAX_PX);
    expect(swipeOffset(-80, 50)).toBe(-30);
  });

  it('reveals Remove from 80 px and removes from 120 px', () => {
    expect(SWIPE_REVEAL_PX).toBe(80);
    expect(SWIPE_REMOVE_PX).toBe(120);
    expect(swipeRelease(-79)).toBe('closed');
    expect(swipeRelease(-80)).toBe('revealed');
    expect(swipeRelease(-119)).toBe('revealed');
    expect(swipeRelease(-120)).toBe('removed');
    expect(restingOffset('revealed')).toBe(-80);
    expect(restingOffset('closed')).toBe(0);
    expect(restingOffset('removed')).toBe(0);
  });
});

describe('add to library failures', () => {
  const failure = (status: number, body: unknown) => addToLibraryFailure(new HttpError(status, JSON.stringify(body)));

  it('asks a signed-out listener to sign in', () => {
    expect(failure(401, { error: 'unauthorized', message: 'Not authenticated' })).toEqual({ kind: 'sign-in' });
  });

  it('names the reason the server gave', () => {
    expect(
      failure(403, { error: 'subscription_required', message: 'Subscription Required: this album requires a Toko+ subscription' }),
    ).toMatchObject({ title: 'Subscription Required' });
    expect(failure(403, { error: 'purchase_required', message: 'Purchase Required: buy this album' })).toMatchObject({
      title: 'Purchase Required',
    });
    expect(failure(400, { error: 'physical_album_only', message: 'Physical Album Only: elsewhere' })).toMatchObject({
      title: 'Physical Album Only',
    });
  });

  it('falls back to a general sentence', () => {
    expect(failure(500, { error: 'internal', message: 'Something went wrong on our side. Please try again.' })).toEqual({
      kind: 'toast',
      title: 'Failed to add to library',
      description: 'Something went wrong on our side. Please try again.',
    });
    expect(addToLibraryFailure(new HttpError(502, ''))).toEqual({
      kind: 'toast',
      title: 'Failed to add to library',
      description: 'Failed to add album to library',
    });
  });
});
