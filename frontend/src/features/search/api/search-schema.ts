/** The shapes of GET /api/search and the playlists, checked on arrival (the suggestions' is in get-suggestions.ts). */
import { z } from 'zod/mini';
import { idSchema } from '../../../lib/api-id';

const text = z.nullish(z.string());

export const searchAlbumSchema = z.object({
  id: idSchema,
  title: z.string(),
  artistId: z.nullish(idSchema),
  artistName: text,
  artwork: text,
  albumType: text,
  releaseDate: text,
  requiredTier: text,
  isDummyAlbum: z._default(z.boolean(), false),
});
export type SearchAlbum = z.infer<typeof searchAlbumSchema>;

export const searchTrackSchema = z.object({
  id: idSchema,
  title: z.string(),
  trackNumber: z.nullish(z.int()),
  duration: z.nullish(z.number()),
  albumId: idSchema,
  albumTitle: text,
  artistId: z.nullish(idSchema),
  artistName: text,
  artwork: text,
});
export type SearchTrack = z.infer<typeof searchTrackSchema>;

export const searchArtistSchema = z.object({
  id: idSchema,
  name: z.string(),
  bio: text,
  avatar: text,
  isMain: z._default(z.boolean(), false),
});
export type SearchArtist = z.infer<typeof searchArtistSchema>;

export const playlistSummarySchema = z.object({
  id: idSchema,
  name: z.string(),
  description: z._default(z.string(), ''),
  trackCount: z._default(z.int(), 0),
  artwork: text,
});
export type PlaylistSummary = z.infer<typeof playlistSummarySchema>;

export const searchResultsSchema = z.object({
  query: z.string(),
  albums: z.array(searchAlbumSchema),
  tracks: z.array(searchTrackSchema),
  artists: z.array(searchArtistSchema),
  playlists: z.array(playlistSummarySchema),
});
export type SearchResults = z.infer<typeof searchResultsSchema>;

export const playlistTrackSchema = z.object({
  id: idSchema,
  title: z.string(),
  trackNumber: z.nullish(z.int()),
  duration: z.nullish(z.number()),
  albumId: idSchema,
  albumTitle: text,
  artistId: z.nullish(idSchema),
  artistName: text,
  artwork: text,
  requiredTier: text,
  /** Null when this listener may not play the track's album. */
  audioUrl: text,
});
export type PlaylistTrack = z.infer<typeof playlistTrackSchema>;

export const playlistSchema = z.object({
  id: idSchema,
  name: z.string(),
  description: z._default(z.string(), ''),
  artwork: text,
  trackCount: z._default(z.int(), 0),
  totalDuration: z._default(z.number(), 0),
  tracks: z.array(playlistTrackSchema),
});
export type Playlist = z.infer<typeof playlistSchema>;
