/** The seeded catalogue of the fictional label: its artists, albums and tracks, and every medium they point to. */
import type { z } from 'zod';
import { brand } from '../../events/brand.js';
import type { AlbumPublished, ArtistCreated } from '../../events/catalogue.js';
import type { PlaylistCreated } from '../../events/playlists.js';
import type { VideoPublished } from '../../events/commerce.js';
import { freeToStream, type AlbumOffer } from '../../functions/domain/catalogue/album-offer.js';
import { GATED_AUDIO_PREFIX, instrumentalKey, masterKey } from '../../functions/lib/media-keys.js';
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

const artistSources: ArtistSource[] = [
  {
    slug: 'mara-vell',
    name: 'Mara Vell',
    bio: 'Songwriter and producer from a harbour town, Mara Vell writes bright, wistful pop about early mornings and late departures. She founded the label with a four-track recorder and a borrowed van.',
    isMain: true,
    hue: 32,
    hasHeader: true,
    socialLinks: {
      instagram: 'https://www.instagram.com/maravell.music',
      youtube: 'https://www.youtube.com/@maravell',
      spotify: 'https://open.spotify.com/artist/0MaraVellToko0000000',
      appleMusic: 'https://music.apple.com/artist/mara-vell/1000000001',
      website: 'https://maravell.example',
    },
  },
  {
    slug: 'the-low-tides',
    name: 'The Low Tides',
    bio: 'A four-piece folk band that records live in a boathouse: fiddle, banjo, upright bass and three-part harmonies.',
    isMain: false,
    hue: 190,
    hasHeader: true,
    socialLinks: {
      instagram: 'https://www.instagram.com/thelowtides',
      tiktok: 'https://www.tiktok.com/@thelowtides',
      facebook: 'https://www.facebook.com/thelowtidesband',
    },
  },
  {
    slug: 'juno-okafor',
    name: 'Juno Okafor',
    bio: 'Bedroom producer and guitarist. Juno Okafor makes warm, dusty beats out of kitchen-radio samples and field recordings.',
    isMain: false,
    hue: 14,
    hasHeader: false,
    socialLinks: {},
  },
  {
    slug: 'glasshouse-radio',
    name: 'Glasshouse Radio',
    bio: 'Synth duo obsessed with space programmes, shortwave static and analogue drum machines.',
    isMain: false,
    hue: 222,
    hasHeader: true,
    socialLinks: {
      twitter: 'https://twitter.com/glasshouseradio',
      discord: 'https://discord.gg/glasshouseradio',
      youtube: 'https://www.youtube.com/@glasshouseradio',
      spotify: 'https://open.spotify.com/artist/0GlasshouseRadio0000',
    },
  },
  {
    slug: 'sol-and-ember',
    name: 'Sol & Ember',
    bio: 'Club night residents turned recording artists: house music for the hour after the last train.',
    isMain: false,
    hue: 330,
    hasHeader: true,
    socialLinks: {},
  },
];

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

const albumSources: AlbumSource[] = [
  {
    slug: 'first-light',
    artist: 'mara-vell',
    title: 'First Light',
    albumType: 'Album',
    releaseDate: '2026-10-16',
    description:
      "Mara Vell's third record, written between 5 and 7 a.m. over one long winter. Chiming guitars, hand claps and a harbour full of small departures. Free to stream for everyone.",
    offer: freeToStream,
    hue: 32,
    motif: 'sun',
    sound: 'indie-pop',
    externalLinks: {
      spotifyUrl: 'https://open.spotify.com/album/0FirstLightMaraVell0',
      appleMusicUrl: 'https://music.apple.com/album/first-light/1000000101',
    },
    tracks: [
      {
        title: 'Morning Static',
        seconds: 20,
        lyrics:
          'Radio hum and the kettle sings\nFirst bus rattles the window rings\nI was dreaming of somewhere else\nNow the morning is all I need',
      },
      {
        title: 'Paper Boats',
        seconds: 31,
        lyrics:
          'Fold the letters you never sent\nSet them down where the river bends\nEvery word that I meant to say\nFloating out to the open bay',
      },
      { title: 'Lanterns', seconds: 26 },
      {
        title: 'Glass Harbour',
        seconds: 38,
        lyrics:
          'Ships asleep in a glass harbour\nLights that tremble but never fall\nHold me still like the water\nHold me still through it all',
      },
      { title: 'Slow Parade', seconds: 24 },
      { title: 'First Light', seconds: 42 },
    ],
  },
  {
    slug: 'night-garden',
    artist: 'mara-vell',
    title: 'Night Garden',
    albumType: 'Album',
    releaseDate: '2026-08-21',
    description: `Ambient sketches recorded among the greenhouses of an old botanical garden after closing time. Exclusive to ${brand.productPlus} members.`,
    offer: plusExclusive,
    hue: 268,
    motif: 'rings',
    sound: 'ambient',
    tracks: [
      { title: 'Moonflower', seconds: 34 },
      { title: 'Dew Point', seconds: 28 },
      {
        title: 'Fireflies',
        seconds: 40,
        lyrics: 'Small lights over the lawn\nBlinking out what they know\nStay till the dark is gone\nStay and then let me go',
      },
      { title: 'Night-Blooming', seconds: 25 },
      { title: 'Greenhouse Hum', seconds: 30 },
    ],
  },
  {
    slug: 'harbour-lights',
    artist: 'the-low-tides',
    title: 'Harbour Lights',
    albumType: 'EP',
    releaseDate: '2026-06-05',
    description: 'Four songs cut live to tape in a single evening at the boathouse, doors open to the tide.',
    offer: freeToStream,
    hue: 190,
    motif: 'waves',
    sound: 'folk',
    tracks: [
      {
        title: 'Saltwater Kin',
        seconds: 33,
        lyrics:
          'My father sailed and his father too\nSalt in the blood and the sky in blue\nWhen the harbour lights call me home\nI know I never sailed alone',
      },
      { title: 'Pier Lamps', seconds: 27 },
      { title: 'Gull Song', seconds: 22 },
      { title: 'Low Tide Waltz', seconds: 46 },
    ],
  },
  {
    slug: 'wildflower',
    artist: 'juno-okafor',
    title: 'Wildflower',
    albumType: 'Single',
    releaseDate: '2026-02-13',
    description: "A Valentine's single: one song, two ways.",
    offer: freeToStream,
    hue: 110,
    motif: 'rings',
    sound: 'lofi',
    tracks: [
      {
        title: 'Wildflower',
        seconds: 29,
        lyrics:
          'Grew up through the pavement crack\nNever asked for the sun to come back\nYou were wild and you were kind\nWildflower on my mind',
      },
      { title: 'Wildflower (Tape Version)', seconds: 23 },
    ],
  },
  {
    slug: 'paper-satellites',
    artist: 'glasshouse-radio',
    title: 'Paper Satellites',
    albumType: 'Album',
    releaseDate: '2025-11-14',
    description: 'A concept album about a homemade space programme: arpeggios, drum machines and transmissions from the spare room.',
    offer: forSale('prod_TokoPaperSatellites', 6.99),
    hue: 222,
    motif: 'rings',
    sound: 'synthwave',
    tracks: [
      { title: 'Launch Window', seconds: 29 },
      {
        title: 'Paper Satellites',
        seconds: 36,
        lyrics:
          'We built a rocket out of newspaper\nCounted backwards from ten\nIf it falls we will fold another\nAnd we will launch it again',
      },
      { title: 'Orbit Decay', seconds: 26 },
      { title: 'Telemetry', seconds: 23 },
      { title: 'Blue Shift', seconds: 32 },
      { title: 'Re-entry', seconds: 44 },
    ],
  },
  {
    slug: 'copper-and-salt',
    artist: 'juno-okafor',
    title: 'Copper & Salt',
    albumType: 'EP',
    releaseDate: '2025-05-09',
    description: 'Five slow-cooked beats made from the sounds of a small kitchen on a rainy Sunday.',
    offer: forSale('prod_TokoCopperAndSalt', null),
    hue: 14,
    motif: 'bands',
    sound: 'lofi',
    tracks: [
      { title: 'Copper', seconds: 27 },
      {
        title: 'Salt',
        seconds: 24,
        lyrics:
          'Pinch of salt and a pot on the stove\nWindows fogged and the street below\nNothing to do and nowhere to be\nJust the rain and the radio and me',
      },
      { title: 'Kitchen Radio', seconds: 31 },
      { title: 'Rainy Sunday Loop', seconds: 22 },
      { title: 'Patina', seconds: 35 },
    ],
  },
  {
    slug: 'after-hours',
    artist: 'sol-and-ember',
    title: 'After Hours',
    albumType: 'Album',
    releaseDate: '2024-09-20',
    description: "The debut album from the resident DJs of the label's club night: seven tracks from doors to sunrise.",
    offer: forSale('prod_TokoAfterHours', 6.99),
    hue: 330,
    motif: 'sun',
    sound: 'house',
    tracks: [
      { title: 'Doors at Ten', seconds: 28 },
      {
        title: 'Ember',
        seconds: 35,
        lyrics: 'Keep the fire low\nKeep it burning slow\nWhen the lights come on\nKeep the ember glow',
      },
      { title: 'Strobe Garden', seconds: 25 },
      { title: 'Second Wind', seconds: 30 },
      { title: 'Last Train Home', seconds: 38 },
      { title: 'Neon Rain', seconds: 23 },
      { title: 'Sunrise Set', seconds: 58 },
    ],
  },
  {
    slug: 'tide-tables',
    artist: 'the-low-tides',
    title: 'Tide Tables (Demos)',
    albumType: 'EP',
    releaseDate: '2025-03-14',
    description: `Kitchen-table demos of the songs that became Harbour Lights, first takes and all. Exclusive to ${brand.productPlus} members.`,
    offer: plusExclusive,
    hue: 205,
    motif: 'bands',
    sound: 'folk',
    tracks: [
      { title: 'Slack Water (Demo)', seconds: 24 },
      { title: 'Mooring Line (Demo)', seconds: 21 },
      { title: 'Low Tide Waltz (Demo)', seconds: 26 },
    ],
  },
  {
    slug: 'warehouse-edits',
    artist: 'sol-and-ember',
    title: 'Warehouse Edits',
    albumType: 'EP',
    releaseDate: '2024-06-14',
    description: `Extended edits from the label's club night, as the DJs play them after midnight. Exclusive to ${brand.productPlus} members.`,
    offer: plusExclusive,
    hue: 300,
    motif: 'waves',
    sound: 'house',
    tracks: [
      { title: 'Strobe Dub', seconds: 27 },
      { title: "Four O'Clock Loop", seconds: 22 },
      { title: 'Cloakroom Reprise', seconds: 25 },
    ],
  },
  {
    slug: 'northbound-tapes',
    artist: 'mara-vell',
    title: 'The Northbound Tapes',
    albumType: 'Compilation',
    releaseDate: '2019-03-29',
    description: `Mara Vell's early recordings, released before she started ${brand.labelName}. The rights are held by Northbound Music Group: listen on your favourite streaming platform.`,
    offer: freeToStream,
    hue: 48,
    motif: 'bands',
    sound: null,
    rightsOwner: 'Northbound Music Group',
    externalLinks: {
      externalListenUrl: 'https://northbound.example/releases/the-northbound-tapes',
      spotifyUrl: 'https://open.spotify.com/album/0NorthboundTapes0000',
      appleMusicUrl: 'https://music.apple.com/album/the-northbound-tapes/1000000108',
      youtubeUrl: 'https://music.youtube.com/playlist?list=OLAK5uy_northboundtapes',
      amazonMusicUrl: 'https://music.amazon.com/albums/B0NORTHBND',
      deezerUrl: 'https://www.deezer.com/album/100000108',
    },
    tracks: [
      { title: 'Four-Track Summer', seconds: 214 },
      { title: 'Northbound', seconds: 187 },
      { title: 'Borrowed Van', seconds: 243 },
      { title: 'Last Ferry Out', seconds: 201 },
    ],
  },
];

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

/** The label's curated playlists: one anyone can play, one that mixes in members' and paid tracks. */
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
