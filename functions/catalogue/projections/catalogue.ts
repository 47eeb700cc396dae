/**
 * The catalogue view: albums (listed by release date), tracks, artists (with their albums), the staff's choice of the
 * home page's featured album, and the band page's unreleased tracks. Only what listeners may see: drafts never reach
 * it, save the tracks the staff put on the band page; an unpublished album leaves every listing (home, artist page) but
 * its item stays, so its buyers' purchases and downloads still find it; an archived artist leaves the artists list.
 */
import type { DomainEvent } from '../../../events/index.js';
import { inTrackOrder } from '../domain/album.js';
import { assertNever } from '../../platform/errors.js';
import { stamp, type Projection, type ViewOp } from '../../platform/projection.js';

export const albumKey = (albumId: string) => ({ pk: `album#${albumId}`, sk: 'album' });
export const trackKey = (trackId: string) => ({ pk: `track#${trackId}`, sk: 'track' });
export const artistKey = (artistId: string) => ({ pk: `artist#${artistId}`, sk: 'artist' });
export const artistAlbumKey = (artistId: string, albumId: string) => ({ pk: `artist#${artistId}`, sk: `album#${albumId}` });
/** The staff's choice of featured album: `albumId`, null for the newest release. */
export const featuredAlbumKey = { pk: 'home', sk: 'featured-album' } as const;
/** The band page's unreleased tracks, one item each. */
export const BAND_PAGE_TRACKS = 'band-page#tracks';
export const bandPageTrackKey = (trackId: string) => ({ pk: BAND_PAGE_TRACKS, sk: `track#${trackId}` });
export const ALBUMS_INDEX = 'albums';
export const ARTISTS_INDEX = 'artists';
/** Archived artists, for the admin's list only: listeners read ARTISTS_INDEX. */
export const ARCHIVED_ARTISTS_INDEX = 'archived-artists';

/** The events that change what listeners find: the catalogue view and the search view both take these. */
export const listingEvents = [
  'ArtistCreated',
  'ArtistDetailsChanged',
  'ArtistImageChanged',
  'ArtistArchived',
  'ArtistRestored',
  'AlbumPublished',
  'AlbumDetailsChanged',
  'AlbumUnpublished',
  'AlbumRepublished',
] as const;
/** The events that change which album the home page features. */
export const featuredAlbumEvents = ['FeaturedAlbumChosen', 'FeaturedAlbumCleared'] as const;
/** The events that change the band page's tracks (a rename of a draft's track, too). */
export const bandPageEvents = ['TrackAddedToBandPage', 'TrackRemovedFromBandPage', 'TrackDetailsChanged'] as const;
const projectedEvents = [...listingEvents, ...featuredAlbumEvents, ...bandPageEvents] as const;
type CatalogueEvent = Extract<DomainEvent, { type: (typeof projectedEvents)[number] }>;
/** Narrows to the catalogue's own events, so the switch below checks those exhaustively and no other area's. */
const isCatalogueEvent = (event: DomainEvent): event is CatalogueEvent => (projectedEvents as readonly string[]).includes(event.type);

const artistSortKey = (isMain: boolean, name: string) => `${isMain ? 0 : 1}#${name.toLowerCase()}`;

export const catalogueProjection: Projection = {
  name: 'catalogue',
  events: projectedEvents,
  async apply(event: DomainEvent, views): Promise<ViewOp[]> {
    if (!isCatalogueEvent(event)) return [];
    switch (event.type) {
      case 'ArtistCreated': {
        const { artistId, ...artist } = event.data;
        // An update, not a put: an album projected first may already have counted itself here.
        return [
          {
            kind: 'update',
            key: artistKey(artistId),
            set: {
              ...artist,
              id: artistId,
              gsi1pk: ARTISTS_INDEX,
              gsi1sk: artistSortKey(artist.isMain, artist.name),
              ...stamp(event),
            },
          },
        ];
      }
      case 'ArtistDetailsChanged': {
        const { artistId, changes } = event.data;
        const artist = await views.get(artistKey(artistId));
        if (!artist?.name) throw new Error(`Artist ${artistId} is not projected yet`);
        const name = changes.name ?? (artist.name as string);
        const isMain = changes.isMain ?? (artist.isMain as boolean);
        return [{ kind: 'update', key: artistKey(artistId), set: { ...changes, gsi1sk: artistSortKey(isMain, name), ...stamp(event) } }];
      }
      case 'ArtistImageChanged': {
        const { artistId, image, url } = event.data;
        return [
          { kind: 'update', key: artistKey(artistId), set: { [image === 'avatar' ? 'avatar' : 'headerImage']: url, ...stamp(event) } },
        ];
      }
      case 'ArtistArchived':
        return [
          { kind: 'update', key: artistKey(event.data.artistId), set: { archived: true, gsi1pk: ARCHIVED_ARTISTS_INDEX, ...stamp(event) } },
        ];
      case 'ArtistRestored':
        return [{ kind: 'update', key: artistKey(event.data.artistId), set: { archived: false, gsi1pk: ARTISTS_INDEX, ...stamp(event) } }];
      case 'AlbumUnpublished': {
        const album = await views.get(albumKey(event.data.albumId));
        if (!album) throw new Error(`Album ${event.data.albumId} is not projected yet`);
        const artistId = album.artistId as string;
        return [
          { kind: 'update', key: albumKey(event.data.albumId), set: { unpublished: true, ...stamp(event) }, remove: ['gsi1pk', 'gsi1sk'] },
          { kind: 'delete', key: artistAlbumKey(artistId, event.data.albumId) },
          { kind: 'update', key: artistKey(artistId), add: { albumCount: -1 } },
        ];
      }
      case 'AlbumRepublished': {
        const { albumId } = event.data;
        const album = await views.get(albumKey(albumId));
        if (!album) throw new Error(`Album ${albumId} is not projected yet`);
        const artistId = album.artistId as string;
        return [
          {
            kind: 'update',
            key: albumKey(albumId),
            set: { gsi1pk: ALBUMS_INDEX, gsi1sk: `${album.releaseDate as string}#${albumId}`, unpublished: false, ...stamp(event) },
          },
          { kind: 'put', item: { ...artistAlbumKey(artistId, albumId), albumId, ...stamp(event) } },
          { kind: 'update', key: artistKey(artistId), add: { albumCount: 1 } },
        ];
      }
      case 'AlbumPublished': {
        const { albumId, tracks, ...album } = event.data;
        const artist = await views.get(artistKey(album.artistId));
        if (!artist?.name) throw new Error(`Artist ${album.artistId} is not projected yet`);
        const trackSummaries = inTrackOrder(tracks).map((t) => ({
          id: t.trackId,
          title: t.title,
          trackNumber: t.trackNumber,
          duration: t.duration,
          hasLyrics: Boolean(t.lyrics),
          audioKey: t.audioKey,
        }));
        return [
          {
            kind: 'put',
            item: {
              ...albumKey(albumId),
              ...album,
              id: albumId,
              artistName: artist.name,
              tracks: trackSummaries,
              trackCount: tracks.length,
              totalDuration: tracks.reduce((sum, t) => sum + t.duration, 0),
              gsi1pk: ALBUMS_INDEX,
              gsi1sk: `${album.releaseDate}#${albumId}`,
              ...stamp(event),
            },
          },
          ...tracks.map((t): ViewOp => ({ kind: 'put', item: { ...trackKey(t.trackId), ...t, id: t.trackId, albumId, ...stamp(event) } })),
          { kind: 'put', item: { ...artistAlbumKey(album.artistId, albumId), albumId, ...stamp(event) } },
          { kind: 'update', key: artistKey(album.artistId), add: { albumCount: 1 } },
        ];
      }
      case 'AlbumDetailsChanged': {
        const { albumId, changes } = event.data;
        // An unpublished album stays out of the index until it is republished (which keys it by its date then).
        const listed = changes.releaseDate && (await views.get(albumKey(albumId)))?.gsi1pk;
        return [
          {
            kind: 'update',
            key: albumKey(albumId),
            set: { ...changes, ...(listed ? { gsi1sk: `${changes.releaseDate}#${albumId}` } : {}), ...stamp(event) },
          },
        ];
      }
      case 'FeaturedAlbumChosen':
        return [{ kind: 'put', item: { ...featuredAlbumKey, albumId: event.data.albumId, ...stamp(event) } }];
      case 'FeaturedAlbumCleared':
        return [{ kind: 'put', item: { ...featuredAlbumKey, albumId: null, ...stamp(event) } }];
      case 'TrackAddedToBandPage': {
        const { trackId, albumId, title, duration, audioKey } = event.data;
        const item = { ...bandPageTrackKey(trackId), id: trackId, albumId, title, duration, audioKey, addedAt: event.meta.at };
        return [{ kind: 'put', item: { ...item, ...stamp(event) } }];
      }
      case 'TrackRemovedFromBandPage':
        return [{ kind: 'delete', key: bandPageTrackKey(event.data.trackId) }];
      case 'TrackDetailsChanged': {
        const { trackId, changes } = event.data;
        // Only a track on the band page has an item to rename; the draft's other tracks are not in this view.
        if (!changes.title || !(await views.get(bandPageTrackKey(trackId)))) return [];
        return [{ kind: 'update', key: bandPageTrackKey(trackId), set: { title: changes.title, ...stamp(event) } }];
      }
      default:
        return assertNever(event);
    }
  },
};
