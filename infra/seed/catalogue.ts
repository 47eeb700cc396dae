/** The seeded catalogue of the fictional label: its artists, albums and tracks (data in catalogue.json), and every medium they point to. */
import type { z } from 'zod';
import { brand } from '../../events/brand.js';
import catalogueSources from './catalogue.json' with { type: 'json' };
import type { AlbumPublished, ArtistCreated } from '../../events/catalogue.js';
import type { PlaylistCreated } from '../../events/playlists.js';
import type { VideoPublished } from '../../events/commerce.js';
import { freeToStream, type AlbumOffer } from '../../functions/catalogue/domain/album-offer.js';
import { GATED_AUDIO_PREFIX, instrumentalKey, masterKey } from '../../functions/platform/media-keys.js';
import type { AudioRecipe, MusicStyle } from './media/audio.js';
import { imageSizes, type ArtworkMotif, type ImageRecipe, type ImageVariant } from './media/image-sizes.js';

export type ArtistData = z.infer<typeof ArtistCreated.schema>;
export type AlbumData = z.infer<typeof AlbumPublished.schema>;
export type TrackData = AlbumData['tracks'][number];
export type PlaylistData = z.infer<typeof PlaylistCreated.schema>;
export type VideoData = z.infer<typeof VideoPublished.schema>;

export interface AudioMedia extends AudioRecipe {
  key: string;
  kind: 'audio';
}
/** A track's lossless master (or its instrumental: the same render without the lead), as the label uploads it for the download ZIP. */
export interface MasterMedia extends AudioRecipe {
  key: string;
  kind: 'master';
  instrumental: boolean;
}
export interface ImageMedia extends ImageRecipe {
  key: string;
  kind: 'image';
}
/** One object of the media bucket and how to generate it. */
export type MediaObject = AudioMedia | MasterMedia | ImageMedia;

export const labelName = brand.labelName;

/** A free album's audio is public media; a gated album's lives under the private prefix, reached only through signed URLs. */
export const audioKey = (albumId: string, trackId: string, requiredTier: AlbumData['requiredTier']) =>
  `${requiredTier === 'free' ? 'audio/' : GATED_AUDIO_PREFIX}${albumId}/${trackId}.mp3`;
export const artworkKey = (albumId: string) => `images/artwork/${albumId}.jpg`;
export const avatarKey = (artistId: string) => `images/avatars/${artistId}.jpg`;
export const headerKey = (artistId: string) => `images/headers/${artistId}.jpg`;
/** The public URL the app serves a media object at. */
export const mediaUrl = (key: string) => `/media/${key}`;

// ---------------------------------------------------------------- artists

interface ArtistSource {
  slug: string;
  name: string;
  bio: string;
  isMain: boolean;
  hue: number;
  hasHeader: boolean;
  socialLinks: ArtistData['socialLinks'];
}

/** `{productPlus}` and `{labelName}` in the data's texts are the brand's, so a rebrand changes no data. */
const branded = (text: string) => text.replaceAll('{productPlus}', brand.productPlus).replaceAll('{labelName}', brand.labelName);

const artistSources: ArtistSource[] = (catalogueSources.artists as ArtistSource[]).map((artist) => ({
  ...artist,
  bio: branded(artist.bio),
}));

const artistId = (slug: string) => `artist-${slug}`;

export const artists: ArtistData[] = artistSources.map((source) => ({
  artistId: artistId(source.slug),
  name: source.name,
  bio: source.bio,
  avatar: mediaUrl(avatarKey(artistId(source.slug))),
  headerImage: source.hasHeader ? mediaUrl(headerKey(artistId(source.slug))) : null,
  isMain: source.isMain,
  socialLinks: source.socialLinks,
}));

// ---------------------------------------------------------------- albums

const plusExclusive: AlbumOffer = { ...freeToStream, requiredTier: 'toko_plus', isExclusive: true };

/** A download for sale. Without a subscriber price, the member price falls back to 70% of the default elsewhere. */
const forSale = (stripeProductId: string, stripePriceSubscriber: number | null): AlbumOffer => ({
  requiredTier: 'purchase_required',
  isExclusive: false,
  isAvailableForPurchase: true,
  stripeProductId,
  stripePriceDefault: 9.99,
  stripePriceSubscriber,
});

interface TrackSource {
  title: string;
  seconds: number;
  lyrics?: string;
}

interface AlbumSource {
  slug: string;
  artist: string;
  title: string;
  albumType: string;
  releaseDate: string;
  description: string;
  offer: AlbumOffer;
  hue: number;
  motif: ArtworkMotif;
  /** The sound of its generated audio; null for a dummy album, whose audio lives on other platforms. */
  sound: MusicStyle | null;
  rightsOwner?: string;
  externalLinks?: AlbumData['externalLinks'];
  tracks: TrackSource[];
}

/** How the data names an offer: free to stream, exclusive to members, or a download for sale. */
type OfferSource = 'free-to-stream' | 'plus-exclusive' | { forSale: string; memberPrice: number | null };

const offerOf = (source: OfferSource): AlbumOffer =>
  source === 'free-to-stream' ? freeToStream : source === 'plus-exclusive' ? plusExclusive : forSale(source.forSale, source.memberPrice);

type AlbumJson = Omit<AlbumSource, 'offer' | 'motif' | 'sound'> & { offer: OfferSource; motif: string; sound: string | null };

const albumSources: AlbumSource[] = (catalogueSources.albums as AlbumJson[]).map((album) => ({
  ...album,
  description: branded(album.description),
  offer: offerOf(album.offer),
  motif: album.motif as ArtworkMotif,
  sound: album.sound as MusicStyle | null,
}));

const albumId = (slug: string) => `album-${slug}`;
const trackId = (albumSlug: string, trackNumber: number) => `track-${albumSlug}-${String(trackNumber).padStart(2, '0')}`;

export const albums: AlbumData[] = albumSources.map((source) => {
  const id = albumId(source.slug);
  const year = source.releaseDate.slice(0, 4);
  return {
    albumId: id,
    artistId: artistId(source.artist),
    title: source.title,
    artwork: mediaUrl(artworkKey(id)),
    description: source.description,
    albumType: source.albumType,
    releaseDate: source.releaseDate,
    ...source.offer,
    isDummyAlbum: source.sound === null,
    rightsOwner: source.rightsOwner ?? null,
    externalLinks: source.externalLinks ?? {},
    copyright: `℗ ${year} ${source.rightsOwner ?? brand.labelName}`,
    tracks: source.tracks.map((track, index) => ({
      trackId: trackId(source.slug, index + 1),
      title: track.title,
      trackNumber: index + 1,
      duration: track.seconds,
      lyrics: track.lyrics ?? null,
      audioKey: source.sound === null ? null : audioKey(id, trackId(source.slug, index + 1), source.offer.requiredTier),
    })),
  };
});

/** The album a guest sees featured on the home page (latest release date): free, so it plays without an account. */
export const featuredAlbumId = albumId('first-light');
/** A 20-second track of the featured album, short enough for a browser test to reach a qualifying play (50%). */
export const shortTrackId = trackId('first-light', 1);

// ---------------------------------------------------------------- playlists

const playlistTrack = (albumSlug: string, trackNumber: number) => ({
  trackId: trackId(albumSlug, trackNumber),
  albumId: albumId(albumSlug),
});

/** The label's curated playlists, published: one anyone can play, one that mixes in members' and paid tracks. */
export const playlists: PlaylistData[] = [
  {
    playlistId: 'playlist-morning-light',
    name: 'Morning Light',
    description: 'Bright songs for the first coffee: chiming guitars, harbour harmonies and warm bedroom beats from across the label.',
    tracks: [
      playlistTrack('first-light', 1),
      playlistTrack('harbour-lights', 1),
      playlistTrack('wildflower', 1),
      playlistTrack('first-light', 2),
      playlistTrack('harbour-lights', 3),
      playlistTrack('first-light', 6),
    ],
    published: true,
  },
  {
    playlistId: 'playlist-after-dark',
    name: 'After Dark',
    description: 'Synths, house and greenhouse ambience for the hours after the last train.',
    tracks: [
      playlistTrack('after-hours', 5),
      playlistTrack('paper-satellites', 2),
      playlistTrack('night-garden', 3),
      playlistTrack('first-light', 4),
      playlistTrack('after-hours', 6),
      playlistTrack('copper-and-salt', 3),
    ],
    published: true,
  },
];

// ---------------------------------------------------------------- media

function image(variant: ImageVariant, key: string, hue: number, motif?: ArtworkMotif): ImageMedia {
  return { key, kind: 'image', seed: key, variant, hue, ...imageSizes[variant], ...(motif && { motif }) };
}

export const media: MediaObject[] = [
  ...albumSources.flatMap((source): MediaObject[] => {
    const album = albums.find((candidate) => candidate.albumId === albumId(source.slug))!;
    const sound = source.sound;
    const audio: AudioMedia[] =
      sound === null
        ? []
        : album.tracks.map((track) => ({
            key: track.audioKey!,
            kind: 'audio',
            seed: track.trackId,
            durationSeconds: track.duration,
            style: sound,
          }));
    // An album for sale comes with the WAV masters and instrumentals its download ZIP holds.
    const forSale = album.isAvailableForPurchase && !album.isDummyAlbum;
    const masters: MasterMedia[] = forSale
      ? audio.flatMap(({ key: _mp3, kind: _audio, ...recipe }, i) => [
          { ...recipe, key: masterKey(album.albumId, album.tracks[i].trackId), kind: 'master' as const, instrumental: false },
          { ...recipe, key: instrumentalKey(album.albumId, album.tracks[i].trackId), kind: 'master' as const, instrumental: true },
        ])
      : [];
    return [image('artwork', artworkKey(album.albumId), source.hue, source.motif), ...audio, ...masters];
  }),
  ...artistSources.flatMap((source) => {
    const id = artistId(source.slug);
    const avatar = image('avatar', avatarKey(id), source.hue);
    return source.hasHeader ? [avatar, image('header', headerKey(id), source.hue + 20)] : [avatar];
  }),
];

// ---------------------------------------------------------------- exclusive videos

/** Toko+ videos, hosted on YouTube (the ids are the label's placeholders until its channel is live). */
export const exclusiveVideos: VideoData[] = [
  {
    videoId: 'video-first-light-studio',
    slug: 'first-light-in-the-studio',
    title: 'First Light: in the studio',
    description: 'Mara Vell walks through the four-track demos that became First Light, at 5 a.m., kettle on.',
    youtubeVideoId: 'TokoStudio1',
    requiredTier: 'toko_plus',
    publishedAt: '2026-10-20',
  },
  {
    videoId: 'video-boathouse-session',
    slug: 'low-tides-boathouse-session',
    title: 'The Low Tides: boathouse session',
    description: 'Saltwater Kin and Low Tide Waltz, live to one microphone with the doors open to the tide.',
    youtubeVideoId: 'TokoBoatHs2',
    requiredTier: 'toko_plus',
    publishedAt: '2026-06-12',
  },
  {
    videoId: 'video-paper-satellites-launch',
    slug: 'paper-satellites-launch-night',
    title: 'Paper Satellites: launch night',
    description: 'Glasshouse Radio play the whole album in a planetarium, projections and all.',
    youtubeVideoId: 'TokoLaunch3',
    requiredTier: 'toko_plus',
    publishedAt: '2025-11-20',
  },
  {
    videoId: 'video-after-hours-sunrise-set',
    slug: 'after-hours-sunrise-set',
    title: 'After Hours: the sunrise set',
    description: 'Sol & Ember close the club night as the sun comes up over the river.',
    youtubeVideoId: 'TokoSunris4',
    requiredTier: 'toko_plus',
    publishedAt: '2024-10-01',
  },
];
