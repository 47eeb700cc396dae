/** Contract of the `search` context: catalogue search, search-box suggestions and the label's playlists. */
import * as z from 'zod/mini';
import { endpoint, nullableText, tier } from '../../platform/contract/endpoint.js';

const searchQuery = z.object({ q: z._default(z.string().check(z.maxLength(200)), '') });

export const searchAlbum = z.object({
  id: z.string(),
  title: z.string(),
  artistId: z.string(),
  artistName: z.string(),
  artwork: nullableText,
  albumType: z.string(),
  releaseDate: z.string(),
  requiredTier: z.string(),
  isDummyAlbum: z.boolean(),
});
export type SearchAlbum = z.infer<typeof searchAlbum>;

export const searchTrack = z.object({
  id: z.string(),
  title: z.string(),
  trackNumber: z.int(),
  duration: z.number(),
  albumId: z.string(),
  albumTitle: z.string(),
  artistId: z.string(),
  artistName: z.string(),
  artwork: nullableText,
});
export type SearchTrack = z.infer<typeof searchTrack>;

export const searchArtist = z.object({ id: z.string(), name: z.string(), bio: nullableText, avatar: nullableText, isMain: z.boolean() });
export type SearchArtist = z.infer<typeof searchArtist>;

export const playlistSummary = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  trackCount: z.int(),
  artwork: nullableText,
});
export type PlaylistSummary = z.infer<typeof playlistSummary>;

export const searchResults = z.object({
  query: z.string(),
  albums: z.array(searchAlbum),
  tracks: z.array(searchTrack),
  artists: z.array(searchArtist),
  playlists: z.array(playlistSummary),
});
export type SearchResults = z.infer<typeof searchResults>;

export const suggestion = z.object({
  id: z.string(),
  type: z.enum(['album', 'track', 'artist']),
  title: z.string(),
  subtitle: z.string(),
  artwork: nullableText,
  /** Tracks only: the album to open. */
  albumId: z.optional(z.string()),
});
export type Suggestion = z.infer<typeof suggestion>;

/** A playlist's track is a search result's track with what it takes to play it. */
export const playlistTrack = z.extend(searchTrack, { requiredTier: tier, audioUrl: nullableText });
export type PlaylistTrack = z.infer<typeof playlistTrack>;

export const playlist = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  artwork: nullableText,
  trackCount: z.int(),
  totalDuration: z.number(),
  tracks: z.array(playlistTrack),
});
export type Playlist = z.infer<typeof playlist>;

export const search = endpoint({ query: searchQuery, answer: searchResults });
export const suggestionsAnswer = z.array(suggestion);
export const suggestions = endpoint({ query: searchQuery, answer: suggestionsAnswer });
export const listPlaylistsAnswer = z.array(playlistSummary);
export const listPlaylists = endpoint({ answer: listPlaylistsAnswer });
export const getPlaylist = endpoint({ params: z.object({ id: z.string().check(z.minLength(1), z.maxLength(100)) }), answer: playlist });
