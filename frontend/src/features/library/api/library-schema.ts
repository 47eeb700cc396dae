/** The library shapes the API answers (library albums and songs, favourites, the answers of its commands), checked on arrival. */
import { z } from 'zod/mini';
import { idSchema } from '../../../lib/api-id';

const text = z.nullish(z.string());

export const libraryAlbumSchema = z.object({
  id: idSchema,
  title: z.string(),
  artwork: text,
  artistName: text,
  artistId: z.nullish(idSchema),
  requiredTier: z.string(),
  trackCount: z._default(z.int().check(z.nonnegative()), 0),
  addedAt: text,
});
export type LibraryAlbum = z.infer<typeof libraryAlbumSchema>;

export const libraryTrackSchema = z.object({
  id: idSchema,
  title: z.string(),
  artistName: text,
  artistId: z.nullish(idSchema),
  albumTitle: text,
  albumId: idSchema,
  albumArtwork: text,
  /** Seconds; missing when unknown. */
  duration: z.nullish(z.number().check(z.nonnegative())),
  trackNumber: z._default(z.int(), 0),
  /** Null when this listener may not play the album. */
  audioUrl: text,
  lyrics: text,
});
export type LibraryTrack = z.infer<typeof libraryTrackSchema>;

/** The spec's favourite length when a track has none. */
export const DEFAULT_FAVORITE_DURATION = 180;

export const favoriteSchema = z.object({
  id: idSchema,
  kind: z.optional(z.enum(['track', 'album'])),
  trackId: z.nullish(idSchema),
  albumId: z.nullish(idSchema),
  userId: z.nullish(idSchema),
  trackTitle: text,
  trackAlbumId: z.nullish(idSchema),
  trackDuration: z._default(z.number(), DEFAULT_FAVORITE_DURATION),
  trackNumber: z.nullish(z.int()),
  artistName: text,
  artistId: z.nullish(idSchema),
  albumTitle: text,
  albumArtwork: text,
  audioUrl: text,
  addedAt: text,
});
export type Favorite = z.infer<typeof favoriteSchema>;

export const libraryChangeSchema = z.object({
  albumId: idSchema,
  inLibrary: z.boolean(),
  albums: z.array(libraryAlbumSchema),
  tracks: z.array(libraryTrackSchema),
});

export const favoritesChangeSchema = z.object({
  favorited: z.boolean(),
  /** Album favourites: how many of its songs are now favourites. */
  count: z.optional(z.int()),
  favorites: z.array(favoriteSchema),
});

/** A favourite track, as the Favorites tab lists it (entries with a track title only). */
export const isFavoriteTrack = (favorite: Favorite): favorite is Favorite & { trackId: string; trackTitle: string } =>
  Boolean(favorite.trackId && favorite.trackTitle);
