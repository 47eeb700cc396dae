/** Test data for the catalogue: an artist, a free-to-stream album with one track and a release's draft, each field overridable. */
import type { AlbumDraftDetails, EventOf } from '../../../events/index.js';
import { freeToStream } from './album-offer.js';

type ArtistData = EventOf<'ArtistCreated'>['data'];
type AlbumData = EventOf<'AlbumPublished'>['data'];
type TrackData = AlbumData['tracks'][number];

export const artistData = (changes: Partial<ArtistData> = {}): ArtistData => ({
  artistId: 'a1',
  name: 'Nova',
  bio: null,
  avatar: null,
  headerImage: null,
  isMain: true,
  socialLinks: {},
  ...changes,
});

export const trackData = (changes: Partial<TrackData> = {}): TrackData => ({
  trackId: 't1',
  title: 'One',
  trackNumber: 1,
  duration: 20,
  lyrics: null,
  audioKey: null,
  ...changes,
});

export const albumData = (changes: Partial<AlbumData> = {}): AlbumData => ({
  albumId: 'al1',
  artistId: 'a1',
  title: 'First',
  artwork: null,
  description: null,
  albumType: 'Album',
  releaseDate: '2026-01-01',
  ...freeToStream,
  isDummyAlbum: false,
  rightsOwner: null,
  externalLinks: {},
  copyright: null,
  tracks: [trackData()],
  ...changes,
});

/** What the staff fill in when they draft a release (AlbumDrafted without its ids). */
export const draftDetails = (changes: Partial<AlbumDraftDetails> = {}): AlbumDraftDetails => ({
  title: 'First',
  albumType: 'Album',
  description: null,
  releaseDate: null,
  copyright: null,
  externalLinks: {},
  access: 'purchase_required',
  price: 9.99,
  memberPrice: 6.99,
  isExclusive: false,
  artwork: '/media/images/artwork/al1.jpg',
  ...changes,
});
