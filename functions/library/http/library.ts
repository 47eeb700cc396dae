/**
 * HTTP context `library`: a signed-in listener's albums, songs, favourites and listening history.
 * The user is always the session's: no route takes a user id. Commands answer with the new library
 * state (folded from the stream), so a screen never waits for the projection.
 */
import {
  audioUrlFor,
  type CatalogueAlbum,
  inTrackOrder,
  type Listener,
  listenerOf,
  readAlbums,
  readTracks,
} from '../../catalogue/index.js';
import { libraryDecider, libraryStream, type AlbumFacts, type LibraryCommand, type LibraryState } from '../domain/library.js';
import { commandContexts, runCommand } from '../../platform/command.js';
import { readStream, streamVersion, dynamoEventStore } from '../../platform/event-store.js';
import { authorizer } from '../../accounts/index.js';
import { contextHandler, HttpError, reply, type RequestInfo } from '../../platform/http.js';
import { libraryRoutes } from '../../routes.js';
import { listeningStream } from '../../listening/index.js';
import type { Session } from '../../platform/session.js';
import { dynamoViewStore, queryViews } from '../../platform/views.js';
import {
  FAVORITES,
  LIBRARY_ALBUMS,
  libraryPartition,
  libraryProjection,
  recentlyPlayedIndex,
  type FavoriteItem,
  type LibraryAlbumItem,
  type RecentTrackItem,
} from '../projections/library.js';

/** This Lambda's commands run on the events table. */
const commandContext = commandContexts(dynamoEventStore);

/** The length a favourite shows when its track has none: three minutes, a typical song's. */
const DEFAULT_FAVORITE_DURATION = 180;

const byNewest = <T extends { addedAt: string }>(a: T, b: T) => b.addedAt.localeCompare(a.addedAt);

function albumFacts(album: CatalogueAlbum | undefined): AlbumFacts | null {
  return album
    ? { id: album.id, requiredTier: album.requiredTier, isDummyAlbum: album.isDummyAlbum, trackIds: album.tracks.map((t) => t.id) }
    : null;
}

// ---------------------------------------------------------------- answers

async function libraryAlbumsOf(entries: LibraryAlbumItem[]) {
  const albums = await readAlbums(entries.map((e) => e.albumId));
  return [...entries].sort(byNewest).flatMap((entry) => {
    const album = albums.get(entry.albumId);
    if (!album) return [];
    return [
      {
        id: album.id,
        title: album.title,
        artwork: album.artwork,
        artistName: album.artistName,
        artistId: album.artistId,
        requiredTier: album.requiredTier,
        trackCount: album.tracks.length,
        addedAt: entry.addedAt,
      },
    ];
  });
}

/** Every song of every album in the library, album by album (newest addition first), in track order. */
async function libraryTracksOf(entries: LibraryAlbumItem[], listener: Listener) {
  const albums = await readAlbums(entries.map((e) => e.albumId));
  const ordered = [...entries].sort(byNewest).flatMap((entry) => albums.get(entry.albumId) ?? []);
  const details = await readTracks(ordered.flatMap((album) => album.tracks.map((t) => t.id)));
  const songs = ordered.flatMap((album) => inTrackOrder(album.tracks).map((track) => ({ album, track })));
  return Promise.all(
    songs.map(async ({ album, track }) => ({
      id: track.id,
      title: track.title,
      artistName: album.artistName,
      artistId: album.artistId,
      albumTitle: album.title,
      albumId: album.id,
      albumArtwork: album.artwork,
      duration: track.duration,
      trackNumber: track.trackNumber,
      audioUrl: await audioUrlFor(album, track.audioKey, listener),
      lyrics: details.get(track.id)?.lyrics ?? null,
    })),
  );
}

interface FavoriteFields {
  id: string;
  userId: string;
  albumId: string;
  artistName: string;
  artistId: string;
  albumTitle: string;
  albumArtwork: string | null;
  addedAt: string;
}
type Favorite =
  | (FavoriteFields & { kind: 'album' })
  | (FavoriteFields & {
      kind: 'track';
      trackId: string;
      trackTitle: string;
      trackAlbumId: string;
      trackDuration: number;
      trackNumber: number;
      audioUrl: string | null;
    });

/** Favourite tracks (newest first; an album's songs in track order) and favourite albums. */
async function favoritesOf(userId: string, entries: FavoriteItem[], listener: Listener): Promise<Favorite[]> {
  const albums = await readAlbums(entries.map((e) => e.albumId));
  const tracks = await readTracks(entries.flatMap((e) => (e.kind === 'track' && e.trackId ? [e.trackId] : [])));
  const trackNumber = (e: FavoriteItem) => (e.trackId ? (tracks.get(e.trackId)?.trackNumber ?? 0) : 0);
  const ordered = [...entries].sort((a, b) => byNewest(a, b) || a.albumId.localeCompare(b.albumId) || trackNumber(a) - trackNumber(b));
  const favorites = ordered.map(async (entry): Promise<Favorite[]> => {
    const album = albums.get(entry.albumId);
    if (!album) return [];
    const albumFields = {
      userId,
      albumId: album.id,
      artistName: album.artistName,
      artistId: album.artistId,
      albumTitle: album.title,
      albumArtwork: album.artwork,
      addedAt: entry.addedAt,
    };
    if (entry.kind === 'album') {
      return [{ id: `album:${album.id}`, kind: 'album', ...albumFields }];
    }
    const track = entry.trackId ? tracks.get(entry.trackId) : undefined;
    if (!track) return [];
    return [
      {
        id: `track:${track.id}`,
        kind: 'track',
        trackId: track.id,
        trackTitle: track.title,
        trackAlbumId: album.id,
        trackDuration: track.duration || DEFAULT_FAVORITE_DURATION,
        trackNumber: track.trackNumber,
        audioUrl: await audioUrlFor(album, track.audioKey, listener),
        ...albumFields,
      },
    ];
  });
  return (await Promise.all(favorites)).flat();
}

const albumEntries = (state: LibraryState): LibraryAlbumItem[] => [...state.albums].map(([albumId, addedAt]) => ({ albumId, addedAt }));

const favoriteEntries = (state: LibraryState): FavoriteItem[] => [
  ...[...state.favoriteTracks].map(([trackId, f]): FavoriteItem => ({ kind: 'track', trackId, albumId: f.albumId, addedAt: f.addedAt })),
  ...[...state.favoriteAlbums].map(([albumId, addedAt]): FavoriteItem => ({ kind: 'album', albumId, addedAt })),
];

/**
 * The listener's library as of now: the view when the projector has caught up with the stream (the usual
 * case), else the stream itself (a page reloaded right after a change), so a read never goes back in time.
 */
async function currentLibrary(userId: string): Promise<{ albums: LibraryAlbumItem[]; favorites: FavoriteItem[] }> {
  const stream = libraryStream(userId);
  const [projected, version] = await Promise.all([dynamoViewStore.checkpoint(libraryProjection.name, stream), streamVersion(stream)]);
  if (projected >= version) {
    const items = await queryViews<(LibraryAlbumItem | FavoriteItem) & { sk: string }>({ pk: libraryPartition(userId) });
    return {
      albums: items.filter((item) => item.sk.startsWith(LIBRARY_ALBUMS)),
      favorites: items.filter((item) => item.sk.startsWith(FAVORITES)) as FavoriteItem[],
    };
  }
  const state = (await readStream(stream)).reduce(libraryDecider.evolve, libraryDecider.initialState);
  return { albums: albumEntries(state), favorites: favoriteEntries(state) };
}

async function runLibraryCommand(session: Session, request: RequestInfo, command: LibraryCommand) {
  const { state } = await runCommand(libraryStream(session.userId), libraryDecider, command, commandContext(session, request));
  return state;
}

// ---------------------------------------------------------------- routes

export const handler = contextHandler(libraryRoutes, authorizer, {
  'GET /api/library/albums': async ({ session }) => {
    const { userId } = session;
    return libraryAlbumsOf((await currentLibrary(userId)).albums);
  },

  'GET /api/library/tracks': async ({ session }) => {
    return libraryTracksOf((await currentLibrary(session.userId)).albums, await listenerOf(session));
  },

  'POST /api/library/add-album': async ({ body, session, request }) => {
    const [albums, listener] = await Promise.all([readAlbums([body.albumId]), listenerOf(session)]);
    const state = await runLibraryCommand(session, request, {
      type: 'AddAlbum',
      userId: session.userId,
      albumId: body.albumId,
      album: albumFacts(albums.get(body.albumId)),
      listener,
    });
    const entries = albumEntries(state);
    return {
      albumId: body.albumId,
      inLibrary: true,
      albums: await libraryAlbumsOf(entries),
      tracks: await libraryTracksOf(entries, listener),
    };
  },

  'DELETE /api/library/remove-album': async ({ body, session, request }) => {
    const state = await runLibraryCommand(session, request, { type: 'RemoveAlbum', userId: session.userId, albumId: body.albumId });
    const entries = albumEntries(state);
    return {
      albumId: body.albumId,
      inLibrary: false,
      albums: await libraryAlbumsOf(entries),
      tracks: await libraryTracksOf(entries, await listenerOf(session)),
    };
  },

  'GET /api/favorites': async ({ session }) => {
    return favoritesOf(session.userId, (await currentLibrary(session.userId)).favorites, await listenerOf(session));
  },

  'POST /api/favorites': async ({ body, session, request }) => {
    const { userId } = session;
    if (body.trackId !== undefined) {
      const track = (await readTracks([body.trackId])).get(body.trackId);
      const state = await runLibraryCommand(session, request, {
        type: 'FavoriteTrack',
        userId,
        trackId: body.trackId,
        track: track ? { albumId: track.albumId } : null,
      });
      return {
        trackId: body.trackId,
        favorited: true,
        favorites: await favoritesOf(userId, favoriteEntries(state), await listenerOf(session)),
      };
    }
    const albumId = body.albumId!;
    const album = albumFacts((await readAlbums([albumId])).get(albumId));
    const state = await runLibraryCommand(session, request, { type: 'FavoriteAlbum', userId, albumId, album });
    return {
      albumId,
      favorited: true,
      /** How many of the album's songs are now among the favourites. */
      count: album!.trackIds.filter((trackId) => state.favoriteTracks.has(trackId)).length,
      favorites: await favoritesOf(userId, favoriteEntries(state), await listenerOf(session)),
    };
  },

  'DELETE /api/favorites': async ({ body, session, request }) => {
    const { userId } = session;
    const command: LibraryCommand =
      body.trackId !== undefined
        ? { type: 'UnfavoriteTrack', userId, trackId: body.trackId }
        : { type: 'UnfavoriteAlbum', userId, albumId: body.albumId! };
    const state = await runLibraryCommand(session, request, command);
    return {
      ...(body.trackId !== undefined ? { trackId: body.trackId } : { albumId: body.albumId }),
      favorited: false,
      favorites: await favoritesOf(userId, favoriteEntries(state), await listenerOf(session)),
    };
  },

  'POST /api/listening-history': async ({ body, session, request }) => {
    const track = (await readTracks([body.trackId])).get(body.trackId);
    if (!track) throw new HttpError(404, 'not_found', 'Track not found');
    const context = commandContext(session, request);
    await context.eventStore.appendBlind(
      listeningStream(session.userId, request.receivedAt),
      [{ type: 'TrackListened', data: { userId: session.userId, trackId: track.id, albumId: track.albumId } }],
      context,
    );
    return reply({ status: 202, body: { recorded: true, trackId: track.id } });
  },

  'GET /api/recently-played': async ({ query, session }) => {
    const recent = await queryViews<RecentTrackItem>(
      { gsi1pk: recentlyPlayedIndex(session.userId) },
      { descending: true, limit: query.limit },
    );
    const [albums, tracks] = await Promise.all([readAlbums(recent.map((r) => r.albumId)), readTracks(recent.map((r) => r.trackId))]);
    const listener = await listenerOf(session);
    const found = recent.slice(0, query.limit).flatMap((entry) => {
      const album = albums.get(entry.albumId);
      const track = tracks.get(entry.trackId);
      return album && track ? [{ entry, album, track }] : [];
    });
    return Promise.all(
      found.map(async ({ entry, album, track }) => ({
        id: track.id,
        trackId: track.id,
        title: track.title,
        artistName: album.artistName,
        artistId: album.artistId,
        albumId: album.id,
        albumTitle: album.title,
        albumArtwork: album.artwork,
        duration: track.duration,
        audioUrl: await audioUrlFor(album, track.audioKey, listener),
        playedAt: entry.playedAt,
      })),
    );
  },
});
