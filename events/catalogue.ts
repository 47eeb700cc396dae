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

export const ArtistDetailsChanged = defineEvent(
  'ArtistDetailsChanged',
  z.object({
    artistId: z.string().min(1),
    changes: z
      .object({ name: z.string().min(1), bio: z.string().nullable(), isMain: z.boolean(), socialLinks: socialLinksSchema })
      .partial(),
  }),
);

/** The artist leaves the listener lists (artists, search); the albums stay as they are. */
export const ArtistArchived = defineEvent('ArtistArchived', z.object({ artistId: z.string().min(1) }));
/** An archived artist is back in the listener lists (artists, search), as they were when archived. */
export const ArtistRestored = defineEvent('ArtistRestored', z.object({ artistId: z.string().min(1) }));

/** A new avatar or header, already resized; `url` is what the app serves (a /media/ path). */
export const ArtistImageChanged = defineEvent(
  'ArtistImageChanged',
  z.object({ artistId: z.string().min(1), image: z.enum(['avatar', 'header']), url: z.string().min(1) }),
);

/**
 * How a release is offered, as the admin form says it: free, Toko+, purchase required, or physical only (published as
 * a "dummy" album, the spec's "rights held elsewhere, external listening only", which the SPA shows as Physical Album Only).
 */
export const albumAccessSchema = z.enum(['free', 'toko_plus', 'purchase_required', 'physical_only']);
export type AlbumAccess = z.infer<typeof albumAccessSchema>;

export const albumDraftDetailsSchema = z.object({
  title: z.string().min(1),
  albumType: z.string().min(1),
  description: z.string().nullable(),
  /** ISO date (yyyy-mm-dd); null publishes with the day of publication. */
  releaseDate: z.string().date().nullable(),
  copyright: z.string().nullable(),
  externalLinks: externalLinksSchema,
  access: albumAccessSchema,
  /** Dollars, e.g. 9.99, as in AlbumDetails. */
  price: z.number().nonnegative().nullable(),
  memberPrice: z.number().nonnegative().nullable(),
  isExclusive: z.boolean(),
  /** The resized cover's /media/ URL. */
  artwork: z.string().nullable(),
});
export type AlbumDraftDetails = z.infer<typeof albumDraftDetailsSchema>;

/** A release begins as a draft on its album stream; listeners see nothing of it until AlbumPublished. */
export const AlbumDrafted = defineEvent(
  'AlbumDrafted',
  albumDraftDetailsSchema.extend({ albumId: z.string().min(1), artistId: z.string().min(1) }),
);
export const AlbumDraftChanged = defineEvent(
  'AlbumDraftChanged',
  z.object({ albumId: z.string().min(1), changes: albumDraftDetailsSchema.partial() }),
);

export const audioFormatSchema = z.enum(['mp3', 'wav', 'flac']);

/**
 * A file the admin uploaded is on the release, processing: the media intake reads it next and records TrackProcessed
 * (its format, duration and streaming MP3) or TrackRefused (why it is not a track).
 */
export const TrackUploaded = defineEvent(
  'TrackUploaded',
  z.object({
    albumId: z.string().min(1),
    trackId: z.string().min(1),
    title: z.string().min(1),
    trackNumber: z.number().int().positive(),
    /** Where the browser put the file, under the private masters/ prefix. */
    uploadKey: z.string().min(1),
  }),
);
/** The upload was read as audio and its streaming MP3 made; a lossless upload is kept as the master for downloads. */
export const TrackProcessed = defineEvent(
  'TrackProcessed',
  z.object({
    albumId: z.string().min(1),
    trackId: z.string().min(1),
    format: audioFormatSchema,
    /** Seconds. */
    duration: z.number().positive(),
    audioKey: z.string().min(1),
    /** The lossless master (WAV or FLAC); null for an MP3 upload. */
    masterKey: z.string().nullable(),
  }),
);
export const TrackRefused = defineEvent(
  'TrackRefused',
  z.object({ albumId: z.string().min(1), trackId: z.string().min(1), reason: z.string().min(1) }),
);
export const TrackRemoved = defineEvent('TrackRemoved', z.object({ albumId: z.string().min(1), trackId: z.string().min(1) }));
/** The draft's whole running order, first to last. */
export const TracksReordered = defineEvent(
  'TracksReordered',
  z.object({ albumId: z.string().min(1), trackIds: z.array(z.string().min(1)) }),
);
export const TrackDetailsChanged = defineEvent(
  'TrackDetailsChanged',
  z.object({
    albumId: z.string().min(1),
    trackId: z.string().min(1),
    changes: z.object({ title: z.string().min(1), lyrics: z.string().nullable(), instrumentalKey: z.string().nullable() }).partial(),
  }),
);

export const AlbumReleaseScheduled = defineEvent(
  'AlbumReleaseScheduled',
  z.object({ albumId: z.string().min(1), at: z.string().datetime() }),
);
export const AlbumReleaseUnscheduled = defineEvent('AlbumReleaseUnscheduled', z.object({ albumId: z.string().min(1) }));
/** Listeners no longer find it; buyers keep their purchases and downloads. */
export const AlbumUnpublished = defineEvent('AlbumUnpublished', z.object({ albumId: z.string().min(1) }));
/** Back in the listings, with no new-release notification (it is not new). */
export const AlbumRepublished = defineEvent('AlbumRepublished', z.object({ albumId: z.string().min(1) }));

/**
 * A draft's finished track plays on the band page (its "unreleased tracks") for anyone who opens it, until it is taken
 * off, removed from the draft, or released with its album.
 */
export const TrackAddedToBandPage = defineEvent(
  'TrackAddedToBandPage',
  z.object({
    albumId: z.string().min(1),
    trackId: z.string().min(1),
    /** The track as it is when added (a later rename follows it through TrackDetailsChanged). */
    title: z.string().min(1),
    /** Seconds. */
    duration: z.number().positive(),
    /** Its streaming MP3, under the gated prefix: the band page hands it out by signed URL only. */
    audioKey: z.string().min(1),
  }),
);
export const TrackRemovedFromBandPage = defineEvent(
  'TrackRemovedFromBandPage',
  z.object({ albumId: z.string().min(1), trackId: z.string().min(1) }),
);

/** The staff chose the album the home page features, in place of the newest release (the default). */
export const FeaturedAlbumChosen = defineEvent('FeaturedAlbumChosen', z.object({ albumId: z.string().min(1) }));
/** The home page features the newest release again; `albumId` is the choice that ended. */
export const FeaturedAlbumCleared = defineEvent('FeaturedAlbumCleared', z.object({ albumId: z.string().min(1) }));

/** The catalogue's events, for the registry (events/index.ts). */
export const catalogueEvents = [
  ArtistCreated,
  AlbumPublished,
  AlbumDetailsChanged,
  ArtistDetailsChanged,
  ArtistArchived,
  ArtistRestored,
  ArtistImageChanged,
  AlbumDrafted,
  AlbumDraftChanged,
  TrackUploaded,
  TrackProcessed,
  TrackRefused,
  TrackRemoved,
  TracksReordered,
  TrackDetailsChanged,
  AlbumReleaseScheduled,
  AlbumReleaseUnscheduled,
  AlbumUnpublished,
  AlbumRepublished,
  TrackAddedToBandPage,
  TrackRemovedFromBandPage,
  FeaturedAlbumChosen,
  FeaturedAlbumCleared,
] as const;
