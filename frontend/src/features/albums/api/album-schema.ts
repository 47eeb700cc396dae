/** The album and track shapes the catalogue API answers (docs/api-catalogue.md), checked on arrival. */
import { z } from 'zod/mini';
import { idSchema } from '../../../lib/api-id';
import { brand } from '../../../lib/brand';

const count = z._default(z.int().check(z.nonnegative()), 0);
const text = z.nullish(z.string());

const tierSchema = z.enum(['free', brand.tierPlus, 'purchase_required']);

export const albumSchema = z.object({
  id: idSchema,
  title: z.string(),
  artwork: text,
  description: text,
  artistId: z.nullish(idSchema),
  artistName: text,
  albumType: text,
  /** yyyy-mm-dd */
  releaseDate: z.string(),
  requiredTier: tierSchema,
  isExclusive: z._default(z.boolean(), false),
  isAvailableForPurchase: z._default(z.boolean(), false),
  stripeProductId: text,
  stripePriceDefault: z.nullish(z.number()),
  stripePriceSubscriber: z.nullish(z.number()),
  price: z.nullish(z.number()),
  isDummyAlbum: z._default(z.boolean(), false),
  rightsOwner: text,
  externalListenUrl: text,
  spotifyUrl: text,
  appleMusicUrl: text,
  youtubeUrl: text,
  amazonMusicUrl: text,
  deezerUrl: text,
  copyright: text,
  trackCount: count,
  /** Seconds. */
  totalDuration: z._default(z.number().check(z.nonnegative()), 0),
  playCount: count,
});
export type Album = z.infer<typeof albumSchema>;

export const albumTrackSchema = z.object({
  id: idSchema,
  albumId: idSchema,
  title: z.string(),
  trackNumber: z.int(),
  /** Seconds; missing when unknown. */
  duration: z.nullish(z.number().check(z.nonnegative())),
  hasLyrics: z._default(z.boolean(), false),
  /** Null when the listener has no access to the album. */
  audioUrl: text,
  playCount: count,
});
export type AlbumTrack = z.infer<typeof albumTrackSchema>;

export const albumTracksSchema = z.object({
  tracks: z.array(albumTrackSchema),
  hasAccess: z.boolean(),
});
export type AlbumTracks = z.infer<typeof albumTracksSchema>;
