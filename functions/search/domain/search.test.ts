import { describe, expect, it } from 'vitest';
import { normalize, rank, score, type SearchDocument } from './search.js';

const firstLightTrack = (id: string, title: string, trackNumber: number, duration: number): SearchDocument => ({
  type: 'track',
  id,
  title,
  trackNumber,
  duration,
  albumId: 'al1',
  albumTitle: 'First Light',
  artistId: 'a1',
  artistName: 'Mara Vell',
  artwork: null,
});

const documents: SearchDocument[] = [
  { type: 'artist', id: 'a1', name: 'Mara Vell', bio: 'Bright, wistful pop about early mornings.', avatar: null, isMain: true },
  { type: 'artist', id: 'a2', name: 'Sol & Ember', bio: 'House music for the hour after the last train.', avatar: null, isMain: false },
  {
    type: 'album',
    id: 'al1',
    title: 'First Light',
    artistId: 'a1',
    artistName: 'Mara Vell',
    artwork: null,
    albumType: 'Album',
    releaseDate: '2026-10-16',
    requiredTier: 'free',
    isDummyAlbum: false,
    trackIds: ['t1', 't2'],
  },
  firstLightTrack('t1', 'Morning Static', 1, 20),
  firstLightTrack('t2', 'First Light', 6, 42),
  {
    type: 'track',
    id: 't3',
    title: 'Ember',
    trackNumber: 2,
    duration: 35,
    albumId: 'al2',
    albumTitle: 'After Hours',
    artistId: 'a2',
    artistName: 'Sol & Ember',
    artwork: null,
  },
  { type: 'playlist', id: 'p1', name: 'Morning Light', description: 'Bright songs for the first coffee.', trackCount: 6, artwork: null },
];

describe('search matching', () => {
  it('normalizes case, accents, punctuation and ampersands', () => {
    expect(normalize('  Café  Déjà-Vu!  ')).toBe('cafe deja vu');
    expect(normalize('Sol & Ember')).toBe('sol and ember');
  });

  it('needs every word of the query to match somewhere', () => {
    expect(score(documents[3], 'morning mara')).toBeGreaterThan(0);
    expect(score(documents[3], 'morning tides')).toBe(0);
  });

  it('matches word starts anywhere and inside titles from three letters', () => {
    expect(rank(documents, 'morn', 10).map((d) => d.id)).toEqual(['p1', 't1', 'a1']);
    expect(rank(documents, 'tati', 10).map((d) => d.id)).toEqual(['t1']);
    expect(rank(documents, 'ta', 10)).toEqual([]);
  });

  it('puts an exact title first, then titles that start with the query, then the rest', () => {
    const ids = rank(documents, 'first light', 10).map((d) => d.id);
    expect(ids.slice(0, 2).sort()).toEqual(['al1', 't2']);
    expect(ids).toContain('t1');
    expect(rank(documents, 'ember', 10).map((d) => d.id)).toEqual(['t3', 'a2']);
  });

  it('finds artists by their bio and playlists by their description, below name matches', () => {
    expect(rank(documents, 'train', 10).map((d) => d.id)).toEqual(['a2']);
    expect(rank(documents, 'coffee', 10).map((d) => d.id)).toEqual(['p1']);
  });

  it('answers nothing to an empty query and honours the limit', () => {
    expect(rank(documents, '   ', 10)).toEqual([]);
    expect(rank(documents, 'mara', 2)).toHaveLength(2);
  });
});
