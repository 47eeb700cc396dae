/** The catalogue's events: artists and albums, appended by the seed and by the admin panel alike. */
import * as z from 'zod/mini';
import { defineEvent, olderVersion } from './envelope.js';
import { isoDate, isoDateTime, nonEmpty, positiveInteger, url } from './fields.js';

export const tierSchema = z.enum(['free', 'toko_plus', 'purchase_required']);
export type RequiredTier = z.infer<typeof tierSchema>;

export const socialLinksSchema = z.partial(
  z.object({
    instagram: url,
    tiktok: url,
    youtube: url,
    facebook: url,
    twitter: url,
    spotify: url,
    appleMusic: url,
    discord: url,
    website: url,
  }),
);
export type SocialLinks = z.infer<typeof socialLinksSchema>;

const artistV1 = z.object({
  artistId: nonEmpty,
  name: nonEmpty,
  bio: z.nullable(z.string()),
  avatar: z.nullable(z.string()),
  headerImage: z.nullable(z.string()),
  isMain: z.boolean(),
  /** v1 kept the links as the JSON string the API's clients then read. */
  socialLinks: z.nullable(z.string()),
});

export const ArtistCreated = defineEvent('ArtistCreated', z.extend(artistV1, { socialLinks: socialLinksSchema }), [
  // The parsed links are checked by the current schema, which the registry applies to what an upcast returns.
  olderVersion(artistV1, (d) => ({ ...d, socialLinks: d.socialLinks ? (JSON.parse(d.socialLinks) as unknown) : {} })),
]);

const externalLinksSchema = z.partial(
  z.object({
    externalListenUrl: url,
    spotifyUrl: url,
    appleMusicUrl: url,
    youtubeUrl: url,
    amazonMusicUrl: url,
    deezerUrl: url,
  }),
);

export const trackSchema = z.object({
  trackId: nonEmpty,
  title: nonEmpty,
  trackNumber: positiveInteger,
  /** Seconds. */
  duration: z.number().check(z.positive()),
  lyrics: z.nullable(z.string()),
  /** Key of the MP3 in the media bucket; null for a dummy album's tracks. */
  audioKey: z.nullable(z.string()),
});
export type Track = z.infer<typeof trackSchema>;

export const albumDetailsSchema = z.object({
  title: nonEmpty,
  artwork: z.nullable(z.string()),
  description: z.nullable(z.string()),
  albumType: nonEmpty,
  /** ISO date (yyyy-mm-dd). */
  releaseDate: isoDate,
  requiredTier: tierSchema,
  isExclusive: z.boolean(),
  isAvailableForPurchase: z.boolean(),
  stripeProductId: z.nullable(z.string()),
  /** Dollars, e.g. 9.99. */
  stripePriceDefault: z.nullable(z.number().check(z.nonnegative())),
  stripePriceSubscriber: z.nullable(z.number().check(z.nonnegative())),
  isDummyAlbum: z.boolean(),
  rightsOwner: z.nullable(z.string()),
  externalLinks: externalLinksSchema,
  copyright: z.nullable(z.string()),
});
export type AlbumDetails = z.infer<typeof albumDetailsSchema>;

export const AlbumPublished = defineEvent(
  'AlbumPublished',
  z.extend(albumDetailsSchema, {
    albumId: nonEmpty,
    artistId: nonEmpty,
    tracks: z.array(trackSchema),
  }),
);

export const AlbumDetailsChanged = defineEvent(
  'AlbumDetailsChanged',
  z.object({ albumId: nonEmpty, changes: z.partial(albumDetailsSchema) }),
);

export const ArtistDetailsChanged = defineEvent(
  'ArtistDetailsChanged',
  z.object({
    artistId: nonEmpty,
    changes: z.partial(z.object({ name: nonEmpty, bio: z.nullable(z.string()), isMain: z.boolean(), socialLinks: socialLinksSchema })),
  }),
);

/** The artist leaves the listener lists (artists, search); the albums stay as they are. */
export const ArtistArchived = defineEvent('ArtistArchived', z.object({ artistId: nonEmpty }));
/** An archived artist is back in the listener lists (artists, search), as they were when archived. */
export const ArtistRestored = defineEvent('ArtistRestored', z.object({ artistId: nonEmpty }));

/** A new avatar or header, already resized; `url` is what the app serves (a /media/ path). */
export const ArtistImageChanged = defineEvent(
  'ArtistImageChanged',
  z.object({ artistId: nonEmpty, image: z.enum(['avatar', 'header']), url: nonEmpty }),
);

/**
 * How a release is offered, as the admin form says it: free, Toko+, purchase required, or physical only (published as
 * a "dummy" album: rights held elsewhere, external listening only, which the SPA shows as Physical Album Only).
 */
const albumAccessSchema = z.enum(['free', 'toko_plus', 'purchase_required', 'physical_only']);

export const albumDraftDetailsSchema = z.object({
  title: nonEmpty,
  albumType: nonEmpty,
  description: z.nullable(z.string()),
  /** ISO date (yyyy-mm-dd); null publishes with the day of publication. */
  releaseDate: z.nullable(isoDate),
  copyright: z.nullable(z.string()),
  externalLinks: externalLinksSchema,
  access: albumAccessSchema,
  /** Dollars, e.g. 9.99, as in AlbumDetails. */
  price: z.nullable(z.number().check(z.nonnegative())),
  memberPrice: z.nullable(z.number().check(z.nonnegative())),
  isExclusive: z.boolean(),
  /** The resized cover's /media/ URL. */
  artwork: z.nullable(z.string()),
});
export type AlbumDraftDetails = z.infer<typeof albumDraftDetailsSchema>;

/** A release begins as a draft on its album stream; listeners see nothing of it until AlbumPublished. */
export const AlbumDrafted = defineEvent('AlbumDrafted', z.extend(albumDraftDetailsSchema, { albumId: nonEmpty, artistId: nonEmpty }));
export const AlbumDraftChanged = defineEvent(
  'AlbumDraftChanged',
  z.object({ albumId: nonEmpty, changes: z.partial(albumDraftDetailsSchema) }),
);

const audioFormatSchema = z.enum(['mp3', 'wav', 'flac']);

/**
 * A file the admin uploaded is on the release, processing: the media intake reads it next and records TrackProcessed
 * (its format, duration and streaming MP3) or TrackRefused (why it is not a track).
 */
export const TrackUploaded = defineEvent(
  'TrackUploaded',
  z.object({
    albumId: nonEmpty,
    trackId: nonEmpty,
    title: nonEmpty,
    trackNumber: positiveInteger,
    /** Where the browser put the file, under the private masters/ prefix. */
    uploadKey: nonEmpty,
  }),
);
/** The upload was read as audio and its streaming MP3 made; a lossless upload is kept as the master for downloads. */
export const TrackProcessed = defineEvent(
  'TrackProcessed',
  z.object({
    albumId: nonEmpty,
    trackId: nonEmpty,
    format: audioFormatSchema,
    /** Seconds. */
    duration: z.number().check(z.positive()),
    audioKey: nonEmpty,
    /** The lossless master (WAV or FLAC); null for an MP3 upload. */
    masterKey: z.nullable(z.string()),
  }),
);
export const TrackRefused = defineEvent('TrackRefused', z.object({ albumId: nonEmpty, trackId: nonEmpty, reason: nonEmpty }));
export const TrackRemoved = defineEvent('TrackRemoved', z.object({ albumId: nonEmpty, trackId: nonEmpty }));
/** The draft's whole running order, first to last. */
export const TracksReordered = defineEvent('TracksReordered', z.object({ albumId: nonEmpty, trackIds: z.array(nonEmpty) }));
export const TrackDetailsChanged = defineEvent(
  'TrackDetailsChanged',
  z.object({
    albumId: nonEmpty,
    trackId: nonEmpty,
    changes: z.partial(z.object({ title: nonEmpty, lyrics: z.nullable(z.string()), instrumentalKey: z.nullable(z.string()) })),
  }),
);

export const AlbumReleaseScheduled = defineEvent('AlbumReleaseScheduled', z.object({ albumId: nonEmpty, at: isoDateTime }));
export const AlbumReleaseUnscheduled = defineEvent('AlbumReleaseUnscheduled', z.object({ albumId: nonEmpty }));
/** Listeners no longer find it; buyers keep their purchases and downloads. */
export const AlbumUnpublished = defineEvent('AlbumUnpublished', z.object({ albumId: nonEmpty }));
/** Back in the listings, with no new-release notification (it is not new). */
export const AlbumRepublished = defineEvent('AlbumRepublished', z.object({ albumId: nonEmpty }));

/**
 * A draft's finished track plays on the band page (its "unreleased tracks") for anyone who opens it, until it is taken
 * off, removed from the draft, or released with its album.
 */
export const TrackAddedToBandPage = defineEvent(
  'TrackAddedToBandPage',
  z.object({
    albumId: nonEmpty,
    trackId: nonEmpty,
    /** The track as it is when added (a later rename follows it through TrackDetailsChanged). */
    title: nonEmpty,
    /** Seconds. */
    duration: z.number().check(z.positive()),
    /** Its streaming MP3, under the gated prefix: the band page hands it out by signed URL only. */
    audioKey: nonEmpty,
  }),
);
export const TrackRemovedFromBandPage = defineEvent('TrackRemovedFromBandPage', z.object({ albumId: nonEmpty, trackId: nonEmpty }));

/** The staff chose the album the home page features, in place of the newest release (the default). */
export const FeaturedAlbumChosen = defineEvent('FeaturedAlbumChosen', z.object({ albumId: nonEmpty }));
/** The home page features the newest release again; `albumId` is the choice that ended. */
export const FeaturedAlbumCleared = defineEvent('FeaturedAlbumCleared', z.object({ albumId: nonEmpty }));

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
