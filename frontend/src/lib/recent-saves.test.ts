import { afterEach, describe, expect, it } from 'vitest';
import { forgetRecentSaves, RECENT_SAVE_MS, rememberSaved, withRecentSaves } from './recent-saves';

const video = (id: string, title: string) => ({ id, title });
afterEach(forgetRecentSaves);

describe('recent saves over a list read from a view', () => {
  it('shows a saved item the view does not have yet, first, and the view’s own rows as read', () => {
    rememberSaved('videos', video('new', 'Rehearsal tape'), 1_000);
    expect(withRecentSaves('videos', [video('a', 'Old one')], undefined, 2_000)).toEqual([
      video('new', 'Rehearsal tape'),
      video('a', 'Old one'),
    ]);
  });

  it('shows the saved version of a row the view still has as it was, in its place', () => {
    rememberSaved('videos', video('a', 'Renamed'), 1_000);
    expect(withRecentSaves('videos', [video('b', 'B'), video('a', 'Old name')], undefined, 2_000)).toEqual([
      video('b', 'B'),
      video('a', 'Renamed'),
    ]);
  });

  it('sorts with the list’s order when it has one', () => {
    rememberSaved('artists', video('m', 'Mara'), 1_000);
    const byTitle = (x: { title: string }, y: { title: string }) => x.title.localeCompare(y.title);
    expect(withRecentSaves('artists', [video('a', 'Ada'), video('z', 'Zed')], byTitle, 2_000).map((v) => v.id)).toEqual(['a', 'm', 'z']);
  });

  it('lets the view speak again after a minute, and keeps lists apart', () => {
    rememberSaved('videos', video('new', 'Rehearsal tape'), 1_000);
    expect(withRecentSaves('artists', [], undefined, 2_000)).toEqual([]);
    expect(withRecentSaves('videos', [], undefined, 1_000 + RECENT_SAVE_MS + 1)).toEqual([]);
  });
});
