/** Contract of the `library` context: a signed-in listener's albums, songs, favourites and listening history. */
import * as z from 'zod/mini';
import { endpoint, entityId, nullableText, tier } from '../../platform/contract/endpoint.js';

export const libraryAlbum = z.object({
  id: z.string(),
  title: z.string(),
  artwork: nullableText,
  artistName: z.string(),
  artistId: z.string(),
  requiredTier: tier,
  trackCount: z.int(),
  addedAt: z.string(),
});
export type LibraryAlbum = z.infer<typeof libraryAlbum>;

export const libraryTrack = z.object({
  id: z.string(),
  title: z.string(),
  artistName: z.string(),
  artistId: z.string(),
  albumTitle: z.string(),
  albumId: z.string(),
  albumArtwork: nullableText,
  duration: z.number(),
  trackNumber: z.int(),
  audioUrl: nullableText,
  lyrics: nullableText,
});
export type LibraryTrack = z.infer<typeof libraryTrack>;

const favoriteFields = {
  id: z.string(),
  userId: z.string(),
  albumId: z.string(),
  artistName: z.string(),
  artistId: z.string(),
  albumTitle: z.string(),
  albumArtwork: nullableText,
  addedAt: z.string(),
};
export const favorite = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('album'), ...favoriteFields }),
  z.object({
    kind: z.literal('track'),
    ...favoriteFields,
    trackId: z.string(),
    trackTitle: z.string(),
    trackAlbumId: z.string(),
    /** Seconds; 180 when the track has none. */
    trackDuration: z.number(),
    trackNumber: z.int(),
    audioUrl: nullableText,
  }),
]);
export type Favorite = z.infer<typeof favorite>;

export const recentTrack = z.object({
  id: z.string(),
  trackId: z.string(),
  title: z.string(),
  artistName: z.string(),
  artistId: z.string(),
  albumId: z.string(),
  albumTitle: z.string(),
  albumArtwork: nullableText,
  duration: z.number(),
  audioUrl: nullableText,
  playedAt: z.string(),
});
export type RecentTrack = z.infer<typeof recentTrack>;

const albumBody = z.object({ albumId: entityId });
const favoriteBody = z
  .object({ trackId: z.optional(entityId), albumId: z.optional(entityId) })
  .check(z.refine((body) => (body.trackId === undefined) !== (body.albumId === undefined), 'Send either trackId or albumId'));

/** A library command's answer: the library as it is now. */
export const libraryChange = z.object({
  albumId: z.string(),
  inLibrary: z.boolean(),
  albums: z.array(libraryAlbum),
  tracks: z.array(libraryTrack),
});
export type LibraryChange = z.infer<typeof libraryChange>;

/** A favourites command's answer: the favourites as they are now. */
export const favoritesChange = z.object({
  trackId: z.optional(z.string()),
  albumId: z.optional(z.string()),
  favorited: z.boolean(),
  /** After favouriting an album: how many of its songs are now among the favourites. */
  count: z.optional(z.int()),
  favorites: z.array(favorite),
});
export type FavoritesChange = z.infer<typeof favoritesChange>;

export const listLibraryAlbumsAnswer = z.array(libraryAlbum);
export const listLibraryAlbums = endpoint({ answer: listLibraryAlbumsAnswer });
export const listLibraryTracksAnswer = z.array(libraryTrack);
export const listLibraryTracks = endpoint({ answer: listLibraryTracksAnswer });
export const addAlbum = endpoint({ body: albumBody, answer: libraryChange });
export const removeAlbum = endpoint({ body: albumBody, answer: libraryChange });
export const listFavoritesAnswer = z.array(favorite);
export const listFavorites = endpoint({ answer: listFavoritesAnswer });
export const addFavorite = endpoint({ body: favoriteBody, answer: favoritesChange });
export const removeFavorite = endpoint({ body: favoriteBody, answer: favoritesChange });
export const recordListeningAnswer = z.object({ recorded: z.literal(true), trackId: z.string() });
export const recordListening = endpoint({ body: z.object({ trackId: entityId }), answer: recordListeningAnswer });
export const listRecentlyPlayedAnswer = z.array(recentTrack);
export const listRecentlyPlayed = endpoint({
  query: z.object({ limit: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(50)), 20) }),
  answer: listRecentlyPlayedAnswer,
});
