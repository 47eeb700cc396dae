/** Test data for the catalogue: an artist and a free-to-stream album with one track, each field overridable. */
import type { EventOf } from '../../../events/index.js';
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
