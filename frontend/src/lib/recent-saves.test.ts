import { afterEach, describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { forgetRecentSaves, RECENT_SAVE_MS, rememberSaved, savedList, withRecentSaves } from './recent-saves';

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

describe('a cached list with its recent saves', () => {
  it('shows a save in the cached answer at once, keeps the answer’s other fields, and keeps it over a stale reload', async () => {
    const queryClient = new QueryClient();
    const key = ['admin', 'videos'] as const;
    const videos = savedList<{ id: string; title: string }, 'videos'>(key, 'videos');
    queryClient.setQueryData(key, { videos: [video('a', 'Old one')], total: 1 });

    await videos.show(queryClient, video('new', 'Rehearsal tape'));

    expect(queryClient.getQueryData(key)).toEqual({ videos: [video('new', 'Rehearsal tape'), video('a', 'Old one')], total: 1 });
    expect(videos.overlay([video('a', 'Old one')]).map((v) => v.id)).toEqual(['new', 'a']);
    expect(savedList(['admin', 'artists'], 'artists').overlay([])).toEqual([]);
  });

  it('takes a deleted item out of the cached answer at once and keeps it out of a stale reload, even one saved just before', async () => {
    const queryClient = new QueryClient();
    const key = ['admin', 'videos', 'deleted'] as const;
    const videos = savedList<{ id: string; title: string }, 'videos'>(key, 'videos');
    queryClient.setQueryData(key, { videos: [video('a', 'Old one'), video('b', 'Other')] });
    await videos.show(queryClient, video('a', 'Renamed'));

    await videos.drop(queryClient, 'a');

    expect(queryClient.getQueryData(key)).toEqual({ videos: [video('b', 'Other')] });
    expect(videos.overlay([video('a', 'Old one'), video('b', 'Other')]).map((v) => v.id)).toEqual(['b']);
  });
});
