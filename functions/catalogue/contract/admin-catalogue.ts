/**
 * Contract of the `admin-catalogue` context: the label's artists, releases (drafts, tracks, publishing, schedule,
 * unpublishing), the release board and the exclusive videos. Every route is `admin` in the manifest.
 *
 * Bad input answers 400 `{ error, message, fields }`: `fields` maps each refused field's path (`title`,
 * `socialLinks.instagram`, `trackIds`) to the message to show beside it; `message` repeats the first one. A refusal
 * of the whole command that concerns one field (publishing without artwork: `artwork`; without a price: `price`; a
 * track not processed yet: `tracks`; a schedule in the past: `releaseAt`) names it in `fields` the same way.
 */
import * as z from 'zod/mini';
import { endpoint, entityId, idParams, nullableText } from '../../platform/contract/endpoint.js';

// @__NO_SIDE_EFFECTS__
const text = (max: number, required = 'This field is required') =>
  z.string().check(z.trim(), z.minLength(1, required), z.maxLength(max, `At most ${max} characters`));
// @__NO_SIDE_EFFECTS__
const optionalText = (max: number) =>
  z.pipe(
    z.nullish(z.string().check(z.trim(), z.maxLength(max, `At most ${max} characters`))),
    z.transform((v) => (v ? v : null)),
  );
const price = z.nullable(z.number().check(z.gte(0, 'A price cannot be negative'), z.lte(1000, 'At most $1,000')));
const isoDate = z.iso.date('Use a date as yyyy-mm-dd');

/** The networks an artist's social links may point at, each with the hosts its URLs live on (any subdomain of them too). */
export const socialNetworkHosts = {
  instagram: ['instagram.com'],
  tiktok: ['tiktok.com'],
  youtube: ['youtube.com', 'youtu.be'],
  facebook: ['facebook.com', 'fb.com'],
  twitter: ['twitter.com', 'x.com'],
  spotify: ['spotify.com'],
  appleMusic: ['music.apple.com'],
  discord: ['discord.gg', 'discord.com'],
  /** The artist's own site: any host. */
  website: [],
} as const satisfies Record<string, readonly string[]>;
type Network = keyof typeof socialNetworkHosts;

/**
 * Whether `value` is an https URL on one of `hosts` (any host when there are none). Pure. Plain http is refused: a link
 * the app shows every visitor must not be one a network in between can rewrite.
 */
export function isNetworkUrl(value: string, hosts: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:') return false;
  const host = url.hostname.toLowerCase();
  return hosts.length === 0 ? host.includes('.') : hosts.some((h) => host === h || host.endsWith(`.${h}`));
}

// @__NO_SIDE_EFFECTS__
const networkUrl = (network: Network) => {
  const hosts = socialNetworkHosts[network];
  const message = hosts.length
    ? `Enter an https link to ${hosts[0]} (https://${hosts[0]}/…)`
    : 'Enter a web address starting with https://';
  return z.optional(
    z.string().check(
      z.trim(),
      // An address typed as people say it ("instagram.com/nova") is completed, as a browser's address bar does.
      z.overwrite((v) => (v && !/^[a-z][a-z\d+.-]*:/i.test(v) ? `https://${v.replace(/^\/+/, '')}` : v)),
      z.maxLength(500),
      z.refine((v) => isNetworkUrl(v, hosts), message),
    ),
  );
};
// Named one by one rather than built from socialNetworkHosts' keys: a bundle that does not read the schema can drop it.
export const socialLinks = z.object({
  instagram: networkUrl('instagram'),
  tiktok: networkUrl('tiktok'),
  youtube: networkUrl('youtube'),
  facebook: networkUrl('facebook'),
  twitter: networkUrl('twitter'),
  spotify: networkUrl('spotify'),
  appleMusic: networkUrl('appleMusic'),
  discord: networkUrl('discord'),
  website: networkUrl('website'),
} satisfies Record<Network, ReturnType<typeof networkUrl>>);

/**
 * A YouTube video id (11 characters) or a link to one (youtube.com/watch?v=…, youtu.be/…, /embed/…, /shorts/…,
 * youtube-nocookie.com), as its id. Pure.
 */
export function youtubeVideoId(input: string): string | null {
  const value = input.trim();
  if (/^[\w-]{11}$/.test(value)) return value;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  const host = url.hostname.toLowerCase().replace(/^(www|m|music)\./, '');
  const path = url.pathname.split('/').filter(Boolean);
  const candidate =
    host === 'youtu.be'
      ? path[0]
      : host === 'youtube.com' || host === 'youtube-nocookie.com'
        ? path[0] === 'watch'
          ? url.searchParams.get('v')
          : ['embed', 'shorts', 'live', 'v'].includes(path[0] ?? '')
            ? path[1]
            : undefined
        : undefined;
  return candidate && /^[\w-]{11}$/.test(candidate) ? candidate : null;
}

const youtube = z.pipe(
  z.string(),
  z.transform((value, ctx) => {
    const id = youtubeVideoId(value);
    if (id) return id;
    ctx.issues.push({ code: 'custom', message: 'Enter a YouTube link or an 11-character video id', input: value });
    return z.NEVER;
  }),
);

export const albumAccess = z.enum(['free', 'toko_plus', 'purchase_required', 'physical_only']);
/** A link a release shows its listeners: https only, on a domain name. */
const webAddress = z.optional(
  z.url({ protocol: /^https$/, hostname: z.regexes.domain, error: 'Enter a web address starting with https://' }),
);
const externalLinks = z.object({
  externalListenUrl: webAddress,
  spotifyUrl: webAddress,
  appleMusicUrl: webAddress,
  youtubeUrl: webAddress,
  amazonMusicUrl: webAddress,
  deezerUrl: webAddress,
});

// Artists

// Each field a schema of its own, which the create and change bodies name (rather than read from an object: a
// bundle keeps a property read, and with it the body, even where nothing uses the body).
const artistName = text(200, 'Enter the artist name');
const artistBio = optionalText(5000);
const artistFields = { name: artistName, bio: artistBio, isMain: z.boolean(), socialLinks };
export const adminArtist = z.object({
  id: z.string(),
  name: z.string(),
  bio: nullableText,
  isMain: z.boolean(),
  socialLinks: z.record(z.string(), z.string()),
  avatar: nullableText,
  headerImage: nullableText,
  archived: z.boolean(),
});
export type AdminArtist = z.infer<typeof adminArtist>;

export const createArtist = endpoint({
  body: z.object({
    name: artistName,
    bio: z._default(artistBio, null),
    isMain: z._default(z.boolean(), false),
    socialLinks: z._default(socialLinks, {}),
  }),
  answer: adminArtist,
});
export const changeArtist = endpoint({ params: idParams, body: z.partial(z.object(artistFields)), answer: adminArtist });
export const listArtistsAnswer = z.object({ artists: z.array(adminArtist) });
/** Every artist of the label, archived ones last, main artists first, then by name. */
export const listArtists = endpoint({ answer: listArtistsAnswer });
/** listArtists' order (the catalogue's index sorts by `isMain` and the lower-case name), for the SPA's saved rows. Pure. */
export function artistListOrder(a: z.infer<typeof adminArtist>, b: z.infer<typeof adminArtist>): number {
  const key = (artist: z.infer<typeof adminArtist>) => `${artist.archived ? 1 : 0}#${artist.isMain ? 0 : 1}#${artist.name.toLowerCase()}`;
  const [x, y] = [key(a), key(b)];
  return x < y ? -1 : x > y ? 1 : 0;
}
/** Archived artists leave the artists list and search; their albums stay as they are and the artist page still answers a direct link. */
export const archiveArtist = endpoint({ params: idParams, answer: adminArtist });
/** An archived artist back in the listener lists; an artist who is not archived is answered as they are. */
export const restoreArtist = endpoint({ params: idParams, answer: adminArtist });
/**
 * A new avatar (`POST …/avatar`, multipart field `avatar`) or header (`POST …/header`, field `header`): a JPEG or PNG of
 * at most `artistImageMaxBytes`, the admin's crop of it, which the server resizes (avatar 400 × 400, header 1500 × 500).
 * A file that is not such an image, empty or too large is refused 400 with the message under the field's name.
 */
export const uploadArtistImage = endpoint({ params: idParams, answer: adminArtist });
/** Lambda takes at most 6 MB of request, which the gateway sends base64-encoded (4/3 larger). */
export const artistImageMaxBytes = 4 * 1024 * 1024;

// Releases

const title = text(200, 'Enter a title');
const albumType = text(50, 'Choose a type (Album, EP, Single…)');
const description = optionalText(5000);
const releaseDate = z.nullable(isoDate);
const copyright = optionalText(300);
const draftFields = {
  title,
  albumType,
  description,
  releaseDate,
  copyright,
  externalLinks,
  access: albumAccess,
  /** Dollars; required to publish a purchase_required release. */
  price,
  memberPrice: price,
  /** Toko+ exclusive. */
  isExclusive: z.boolean(),
};

export const releaseStatus = z.enum(['draft', 'scheduled', 'live', 'unpublished']);
export const adminTrack = z.object({
  id: z.string(),
  title: z.string(),
  trackNumber: z.int(),
  /** Seconds; null until the upload has been read. */
  duration: z.nullable(z.number()),
  format: z.nullable(z.enum(['mp3', 'wav', 'flac'])),
  /** processing until the streaming MP3 exists; refused with the reason when it could not be made. */
  status: z.enum(['processing', 'ready', 'refused']),
  refusal: nullableText,
  lyrics: nullableText,
  hasInstrumental: z.boolean(),
  /** Played on the band page as an unreleased track (a draft's ready tracks only). */
  onBandPage: z.boolean(),
});
export const adminRelease = z.object({
  id: z.string(),
  artistId: z.string(),
  status: releaseStatus,
  /** ISO time of a scheduled release. */
  scheduledAt: nullableText,
  title: z.string(),
  albumType: z.string(),
  description: nullableText,
  releaseDate: nullableText,
  copyright: nullableText,
  externalLinks: z.record(z.string(), z.string()),
  access: albumAccess,
  price: z.nullable(z.number()),
  memberPrice: z.nullable(z.number()),
  isExclusive: z.boolean(),
  artwork: nullableText,
  tracks: z.array(adminTrack),
});
export type AdminRelease = z.infer<typeof adminRelease>;

const releaseParams = idParams;
const trackParams = z.object({ id: entityId, trackId: entityId });

export const createDraft = endpoint({
  body: z.object({
    artistId: entityId,
    title,
    albumType: z._default(albumType, 'Album'),
    description: z._default(description, null),
    releaseDate: z._default(releaseDate, null),
    copyright: z._default(copyright, null),
    externalLinks: z._default(externalLinks, {}),
    access: z._default(albumAccess, 'free'),
    price: z._default(price, null),
    memberPrice: z._default(price, null),
    isExclusive: z._default(z.boolean(), false),
  }),
  answer: adminRelease,
});
/** The admin's own view of one release, with its tracks' processing state (the album's stream, folded). */
export const getRelease = endpoint({ params: releaseParams, answer: adminRelease });
export const changeDraft = endpoint({ params: releaseParams, body: z.partial(z.object(draftFields)), answer: adminRelease });
export const removeTrack = endpoint({ params: trackParams, answer: adminRelease });
export const reorderTracks = endpoint({
  params: releaseParams,
  /** Every track id of the release once, first to last. */
  body: z.object({ trackIds: z.array(entityId).check(z.minLength(1, 'Name every track')) }),
  answer: adminRelease,
});
export const changeTrack = endpoint({
  params: trackParams,
  body: z.partial(z.object({ title: text(200, 'Enter a title'), lyrics: optionalText(20_000) })),
  answer: adminRelease,
});
// Uploads: the browser asks for a presigned form, POSTs the file straight to the media bucket, then names the upload.

/** What each kind of upload may be: the content types a browser names for it, and its largest size. */
export const uploadRules = {
  track: {
    contentTypes: ['audio/mpeg', 'audio/wav', 'audio/x-wav', 'audio/wave', 'audio/flac', 'audio/x-flac'],
    extensions: ['.mp3', '.wav', '.flac'],
    maxBytes: 200 * 1024 * 1024,
    refusal: 'Upload an MP3, WAV or FLAC file',
  },
  /** WAV only: the album ZIP files instrumentals as `Instrumentals/<title> (Instrumental).wav`, copied as uploaded. */
  instrumental: {
    contentTypes: ['audio/wav', 'audio/x-wav', 'audio/wave'],
    extensions: ['.wav'],
    maxBytes: 200 * 1024 * 1024,
    refusal: 'Upload the instrumental as a WAV file',
  },
  artwork: {
    contentTypes: ['image/jpeg', 'image/png'],
    extensions: ['.jpg', '.jpeg', '.png'],
    maxBytes: 20 * 1024 * 1024,
    refusal: 'Upload the artwork as a JPEG or PNG image',
  },
} as const;
export type UploadKind = keyof typeof uploadRules;

export const startUpload = endpoint({
  params: releaseParams,
  body: z
    .object({
      kind: z.enum(['track', 'instrumental', 'artwork'], 'Choose a track, instrumental or artwork upload'),
      fileName: text(255, 'Name the file'),
      contentType: z.string().check(z.trim(), z.toLowerCase(), z.maxLength(100)),
      size: z.int().check(z.gte(1, 'The file is empty')),
    })
    .check((ctx) => {
      const { kind, contentType, size } = ctx.value;
      const rules = uploadRules[kind];
      if (!(rules.contentTypes as readonly string[]).includes(contentType)) {
        ctx.issues.push({ code: 'custom', message: rules.refusal, path: ['contentType'], input: contentType });
      }
      if (size > rules.maxBytes) {
        const limit = `${rules.maxBytes / 1024 / 1024} MB`;
        ctx.issues.push({ code: 'custom', message: `The file is larger than ${limit}`, path: ['size'], input: size });
      }
    }),
  answer: z.object({
    upload: z.object({
      /** Names the upload to addTrack or setArtwork once the file is in the bucket. */
      id: z.string(),
      /** Where the browser POSTs the multipart form: `fields` in order, then the `file`. */
      url: z.string(),
      fields: z.record(z.string(), z.string()),
      maxBytes: z.int(),
    }),
  }),
});
const uploadId = z.string().check(z.trim(), z.minLength(1, 'Upload the file first'), z.maxLength(100));
/** The uploaded file becomes the release's next track, processing until the media intake has read it. */
export const addTrack = endpoint({
  params: releaseParams,
  body: z.object({ uploadId, title: z.optional(text(200, 'Enter a title')) }),
  answer: adminRelease,
});
/** The uploaded image, resized to the served size, becomes the release's artwork. */
export const setArtwork = endpoint({ params: releaseParams, body: z.object({ uploadId }), answer: adminRelease });
/** The uploaded WAV becomes the track's instrumental, which the album's download ZIP carries. */
export const attachInstrumental = endpoint({ params: trackParams, body: z.object({ uploadId }), answer: adminRelease });
/** The track loses its instrumental. */
export const detachInstrumental = endpoint({ params: trackParams, answer: adminRelease });

/** Puts a draft's ready track on the band page, or takes it off. */
export const showOnBandPage = endpoint({
  params: trackParams,
  body: z.object({ shown: z.boolean({ error: 'Say whether the track plays on the band page' }) }),
  answer: adminRelease,
});

/** The staff's choice of the home page's featured album: null features the newest release. */
export const featuredAlbumChoice = z.object({ albumId: nullableText });
export type FeaturedAlbumChoice = z.infer<typeof featuredAlbumChoice>;
export const chooseFeaturedAlbum = endpoint({ body: z.object({ albumId: entityId }), answer: featuredAlbumChoice });
export const clearFeaturedAlbum = endpoint({ answer: featuredAlbumChoice });

export const publishRelease = endpoint({ params: releaseParams, answer: adminRelease });
export const scheduleRelease = endpoint({
  params: releaseParams,
  body: z.object({ releaseAt: z.iso.datetime({ offset: true, message: 'Choose a date and time' }) }),
  answer: adminRelease,
});
export const unscheduleRelease = endpoint({ params: releaseParams, answer: adminRelease });
export const unpublishRelease = endpoint({ params: releaseParams, answer: adminRelease });
export const republishRelease = endpoint({ params: releaseParams, answer: adminRelease });

export const releaseSummary = z.object({
  id: z.string(),
  artistId: z.string(),
  artistName: z.string(),
  title: z.string(),
  albumType: z.string(),
  artwork: nullableText,
  status: releaseStatus,
  releaseDate: nullableText,
  scheduledAt: nullableText,
  trackCount: z.int(),
  updatedAt: z.string(),
});
export const releaseBoardAnswer = z.object({
  /** Newest change first. */
  items: z.array(releaseSummary),
  /** Per status, of the artist when the query names one. */
  counts: z.object({ draft: z.int(), scheduled: z.int(), live: z.int(), unpublished: z.int() }),
  nextCursor: nullableText,
});
export const releaseBoard = endpoint({
  query: z.object({
    status: z.optional(releaseStatus),
    artistId: z.optional(entityId),
    /** The `nextCursor` of the previous page. */
    cursor: z.optional(z.string().check(z.maxLength(1000))),
    limit: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(100)), 25),
  }),
  answer: releaseBoardAnswer,
});

// Exclusive videos

export const adminVideo = z.object({
  id: z.string(),
  slug: z.string(),
  title: z.string(),
  description: nullableText,
  youtubeVideoId: z.string(),
  requiredTier: z.enum(['free', 'toko_plus']),
  publishedAt: z.string(),
  /** Out of the listeners' lists and page until it is shown again. */
  hidden: z.boolean(),
});
const videoTier = z.enum(['free', 'toko_plus']);
const videoFields = {
  title,
  description,
  /** A YouTube link or video id; answered as the 11-character id. */
  youtube,
  requiredTier: videoTier,
};
export const createVideo = endpoint({
  body: z.object({
    title,
    description: z._default(description, null),
    youtube,
    requiredTier: z._default(videoTier, 'toko_plus'),
  }),
  answer: adminVideo,
});
export const changeVideo = endpoint({ params: idParams, body: z.partial(z.object(videoFields)), answer: adminVideo });
/** Every exclusive video, newest first (a label publishes a few a month: one page holds them). */
export const videoList = z.object({ videos: z.array(adminVideo) });
export const listVideos = endpoint({ answer: videoList });
/** Hidden from listeners, or shown again; asking for what already is answers the video as it is. */
export const hideVideo = endpoint({ params: idParams, answer: adminVideo });
export const showVideo = endpoint({ params: idParams, answer: adminVideo });
/** Deleted for good (the log keeps that it was, and who deleted it). */
export const deleteVideo = endpoint({ params: idParams, answer: z.object({ id: z.string(), deleted: z.literal(true) }) });
