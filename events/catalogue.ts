/** The catalogue's events: artists and albums, appended by the seed and by the admin panel alike. */
import * as z from 'zod';
import { defineEvent, olderVersion } from './envelope.js';

export const tierSchema = z.enum(['free', 'toko_plus', 'purchase_required']);
export type RequiredTier = z.infer<typeof tierSchema>;

export const socialLinksSchema = z
  .object({
    instagram: z.string().url(),
    tiktok: z.string().url(),
    youtube: z.string().url(),
    facebook: z.string().url(),
    twitter: z.string().url(),
    spotify: z.string().url(),
    appleMusic: z.string().url(),
    discord: z.string().url(),
    website: z.string().url(),
  })
  .partial();
export type SocialLinks = z.infer<typeof socialLinksSchema>;

const artistV1 = z.object({
  artistId: z.string().min(1),
  name: z.string().min(1),
  bio: z.string().nullable(),
  avatar: z.string().nullable(),
  headerImage: z.string().nullable(),
  isMain: z.boolean(),
  /** v1 kept the links as the JSON string the spec's clients read. */
  socialLinks: z.string().nullable(),
});

export const ArtistCreated = defineEvent('ArtistCreated', artistV1.extend({ socialLinks: socialLinksSchema }), [
  // The parsed links are checked by the current schema, which the registry applies to what an upcast returns.
  olderVersion(artistV1, (d) => ({ ...d, socialLinks: d.socialLinks ? (JSON.parse(d.socialLinks) as unknown) : {} })),
]);

export const externalLinksSchema = z
  .object({
    externalListenUrl: z.string().url(),
    spotifyUrl: z.string().url(),
    appleMusicUrl: z.string().url(),
    youtubeUrl: z.string().url(),
    amazonMusicUrl: z.string().url(),
    deezerUrl: z.string().url(),
  })
  .partial();

export const trackSchema = z.object({
  trackId: z.string().min(1),
  title: z.string().min(1),
  trackNumber: z.number().int().positive(),
  /** Seconds. */
  duration: z.number().positive(),
  lyrics: z.string().nullable(),
  /** Key of the MP3 in the media bucket; null for a dummy album's tracks. */
  audioKey: z.string().nullable(),
});
export type Track = z.infer<typeof trackSchema>;

export const albumDetailsSchema = z.object({
  title: z.string().min(1),
  artwork: z.string().nullable(),
  description: z.string().nullable(),
  albumType: z.string().min(1),
  /** ISO date (yyyy-mm-dd). */
  releaseDate: z.string().date(),
  requiredTier: tierSchema,
  isExclusive: z.boolean(),
  isAvailableForPurchase: z.boolean(),
  stripeProductId: z.string().nullable(),
  /** Dollars, e.g. 9.99. */
  stripePriceDefault: z.number().nonnegative().nullable(),
  stripePriceSubscriber: z.number().nonnegative().nullable(),
  isDummyAlbum: z.boolean(),
  rightsOwner: z.string().nullable(),
  externalLinks: externalLinksSchema,
  copyright: z.string().nullable(),
});
export type AlbumDetails = z.infer<typeof albumDetailsSchema>;

export const AlbumPublished = defineEvent(
  'AlbumPublished',
  albumDetailsSchema.extend({
    albumId: z.string().min(1),
    artistId: z.string().min(1),
    tracks: z.array(trackSchema),
  }),
);

export const AlbumDetailsChanged = defineEvent(
  'AlbumDetailsChanged',
  z.object({ albumId: z.string().min(1), changes: albumDetailsSchema.partial() }),
);
