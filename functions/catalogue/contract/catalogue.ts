/** Contract of the `catalogue` context: albums, their tracks, artists and lyrics. */
import * as z from 'zod/mini';
import { endpoint, idParams, nullableText, tier } from '../../platform/contract/endpoint.js';

const count = z.int().check(z.nonnegative());

export const album = z.object({
  id: z.string(),
  artistId: z.string(),
  artistName: z.string(),
  title: z.string(),
  artwork: nullableText,
  description: nullableText,
  albumType: z.string(),
  /** yyyy-mm-dd */
  releaseDate: z.string(),
  requiredTier: tier,
  isExclusive: z.boolean(),
  isAvailableForPurchase: z.boolean(),
  stripeProductId: nullableText,
  /** Dollars. */
  stripePriceDefault: z.nullable(z.number()),
  stripePriceSubscriber: z.nullable(z.number()),
  /** The regular price, or the display fallback for an album with no price at all. */
  price: z.number(),
  isDummyAlbum: z.boolean(),
  rightsOwner: nullableText,
  copyright: nullableText,
  externalListenUrl: nullableText,
  spotifyUrl: nullableText,
  appleMusicUrl: nullableText,
  youtubeUrl: nullableText,
  amazonMusicUrl: nullableText,
  deezerUrl: nullableText,
  trackCount: count,
  /** Seconds. */
  totalDuration: z.number().check(z.nonnegative()),
  playCount: count,
});
export type Album = z.infer<typeof album>;

export const albumTrack = z.object({
  id: z.string(),
  albumId: z.string(),
  title: z.string(),
  trackNumber: z.int(),
  /** Seconds. */
  duration: z.number().check(z.nonnegative()),
  hasLyrics: z.boolean(),
  /** Null when the listener has no access to the album. */
  audioUrl: nullableText,
  playCount: count,
});
export type AlbumTrack = z.infer<typeof albumTrack>;

export const albumTracks = z.object({ hasAccess: z.boolean(), tracks: z.array(albumTrack) });
export type AlbumTracks = z.infer<typeof albumTracks>;

export const artist = z.object({
  id: z.string(),
  name: z.string(),
  bio: nullableText,
  avatar: nullableText,
  headerImage: nullableText,
  isMain: z.boolean(),
  /** A JSON object of platform → URL, as a string. */
  socialLinks: z.string(),
  albumCount: count,
  fanCount: count,
});
export type Artist = z.infer<typeof artist>;

/** The answer of both album lists: the catalogue's and an artist's. */
export const albumList = z.array(album);
export const listAlbums = endpoint({ answer: albumList });
export const getAlbum = endpoint({ params: idParams, answer: album });
export const getAlbumTracks = endpoint({ params: idParams, answer: albumTracks });
export const listArtistAlbums = endpoint({ params: idParams, answer: albumList });
export const listArtistsAnswer = z.array(artist);
export const listArtists = endpoint({ answer: listArtistsAnswer });
export const getArtist = endpoint({ params: idParams, answer: artist });
/** The album the home page features: the staff's choice (`chosen`) while it is published, else the newest release. */
export const featuredAlbumAnswer = z.object({ album: z.nullable(album), chosen: z.boolean() });
export type FeaturedAlbumAnswer = z.infer<typeof featuredAlbumAnswer>;
export const getFeaturedAlbum = endpoint({ answer: featuredAlbumAnswer });
export const getLyricsAnswer = z.object({ lyrics: nullableText });
export const getLyrics = endpoint({ params: idParams, answer: getLyricsAnswer });
