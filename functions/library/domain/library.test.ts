import { describe, expect, it } from 'vitest';
import { guestListener, type Listener } from '../../catalogue/domain/access.js';
import { DomainError } from '../../platform/errors.js';
import { givenDecider } from '../../platform/testing/given.js';
import { libraryDecider, type AlbumFacts, type LibraryCommand } from './library.js';

const userId = 'u1';
const free: Listener = { tier: 'free', role: 'user', ownedAlbumIds: new Set() };
const plus: Listener = { tier: 'toko_plus', role: 'user', ownedAlbumIds: new Set() };
const owner: Listener = { tier: 'free', role: 'user', ownedAlbumIds: new Set(['al-paid']) };

const album = (id: string, facts: Partial<AlbumFacts> = {}): AlbumFacts => ({
  id,
  requiredTier: 'free',
  isDummyAlbum: false,
  trackIds: [`${id}-t1`, `${id}-t2`],
  ...facts,
});

/** A day apart: what the library keeps first comes first. */
const given = givenDecider(libraryDecider, { streamId: `library#${userId}`, actor: userId, at: (i) => `2026-01-0${i + 1}T00:00:00.000Z` });

const add = (albumFacts: AlbumFacts | null, listener: Listener = free): LibraryCommand => ({
  type: 'AddAlbum',
  userId,
  albumId: albumFacts?.id ?? 'nope',
  album: albumFacts,
  listener,
});

describe('library: albums', () => {
  it('adds a free album', () => {
    given([])
      .when(add(album('al1')))
      .then([{ type: 'LibraryAlbumAdded', data: { userId, albumId: 'al1' } }]);
  });

  it('records nothing when the album is there already', () => {
    given([{ type: 'LibraryAlbumAdded', data: { userId, albumId: 'al1' } }])
      .when(add(album('al1')))
      .then([]);
  });

  it('refuses a dummy album with "Physical Album Only" (400)', () => {
    const refuse = given([]).when(add(album('al1', { isDummyAlbum: true }), plus));
    expect(refuse).toThrow(/^Physical Album Only/);
    expect(refuse).toThrow(expect.objectContaining({ kind: 'invalid', code: 'physical_album_only' }));
  });

  it('refuses a Toko+ album to a free listener with "Subscription Required" (403) and lets a subscriber add it', () => {
    const gated = album('al-plus', { requiredTier: 'toko_plus' });
    given([])
      .when(add(gated))
      .then(
        expect.objectContaining({
          kind: 'forbidden',
          code: 'subscription_required',
          message: expect.stringContaining('Subscription Required'),
        }),
      );
    expect(given([]).when(add(gated, plus))()).toHaveLength(1);
    expect(given([]).when(add(gated, { ...free, role: 'admin' }))()).toHaveLength(1);
  });

  it('refuses an album for sale that is not owned with "Purchase Required" (403); an owner or a subscriber may add it', () => {
    const paid = album('al-paid', { requiredTier: 'purchase_required' });
    given([])
      .when(add(paid))
      .then(
        expect.objectContaining({ kind: 'forbidden', code: 'purchase_required', message: expect.stringContaining('Purchase Required') }),
      );
    expect(given([]).when(add(paid, owner))()).toHaveLength(1);
    expect(given([]).when(add(paid, plus))()).toHaveLength(1);
  });

  it('answers 404 for an album that does not exist', () => {
    given([])
      .when(add(null, guestListener))
      .then(expect.objectContaining({ kind: 'not_found' }));
  });

  it('removes an album it holds and ignores one it does not', () => {
    const history = given([{ type: 'LibraryAlbumAdded', data: { userId, albumId: 'al1' } }]);
    expect(history.when({ type: 'RemoveAlbum', userId, albumId: 'al1' })()).toEqual([
      { type: 'LibraryAlbumRemoved', data: { userId, albumId: 'al1' } },
    ]);
    expect(history.when({ type: 'RemoveAlbum', userId, albumId: 'al2' })()).toEqual([]);
  });

  it('folds additions and removals, remembering when each album was added', () => {
    const { state } = given([
      { type: 'LibraryAlbumAdded', data: { userId, albumId: 'al1' } },
      { type: 'LibraryAlbumAdded', data: { userId, albumId: 'al2' } },
      { type: 'LibraryAlbumRemoved', data: { userId, albumId: 'al1' } },
    ]);
    expect([...state.albums]).toEqual([['al2', '2026-01-02T00:00:00.000Z']]);
  });
});

describe('library: favourites', () => {
  it('favourites a track once', () => {
    const command: LibraryCommand = { type: 'FavoriteTrack', userId, trackId: 't1', track: { albumId: 'al1' } };
    given([])
      .when(command)
      .then([{ type: 'TrackFavorited', data: { userId, trackId: 't1', albumId: 'al1' } }]);
    given([{ type: 'TrackFavorited', data: { userId, trackId: 't1', albumId: 'al1' } }])
      .when(command)
      .then([]);
  });

  it('refuses an unknown track', () => {
    given([]).when({ type: 'FavoriteTrack', userId, trackId: 'nope', track: null }).then(DomainError);
  });

  it('unfavourites a track it holds and ignores one it does not', () => {
    const history = given([{ type: 'TrackFavorited', data: { userId, trackId: 't1', albumId: 'al1' } }]);
    expect(history.when({ type: 'UnfavoriteTrack', userId, trackId: 't1' })()).toEqual([
      { type: 'TrackUnfavorited', data: { userId, trackId: 't1' } },
    ]);
    expect(history.when({ type: 'UnfavoriteTrack', userId, trackId: 't9' })()).toEqual([]);
  });

  it('favouriting an album loves the album and those of its songs not loved yet', () => {
    const history = given([{ type: 'TrackFavorited', data: { userId, trackId: 'al1-t1', albumId: 'al1' } }]);
    expect(history.when({ type: 'FavoriteAlbum', userId, albumId: 'al1', album: album('al1') })()).toEqual([
      { type: 'AlbumFavorited', data: { userId, albumId: 'al1' } },
      { type: 'TrackFavorited', data: { userId, trackId: 'al1-t2', albumId: 'al1' } },
    ]);
  });

  it('unfavouriting an album removes it and its songs, and leaves other albums alone', () => {
    const history = given([
      { type: 'AlbumFavorited', data: { userId, albumId: 'al1' } },
      { type: 'TrackFavorited', data: { userId, trackId: 'al1-t1', albumId: 'al1' } },
      { type: 'TrackFavorited', data: { userId, trackId: 'al2-t1', albumId: 'al2' } },
    ]);
    expect(history.when({ type: 'UnfavoriteAlbum', userId, albumId: 'al1' })()).toEqual([
      { type: 'AlbumUnfavorited', data: { userId, albumId: 'al1' } },
      { type: 'TrackUnfavorited', data: { userId, trackId: 'al1-t1' } },
    ]);
    expect(history.when({ type: 'UnfavoriteAlbum', userId, albumId: 'al3' })()).toEqual([]);
  });
});
