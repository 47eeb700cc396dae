/** The catalogue view: albums (listed by release date), tracks, artists (with their albums). */
import type { DomainEvent } from '../../events/index.js';
import { assertNever } from '../domain/errors.js';
import { stamp, type Projection, type ViewOp } from '../lib/projection.js';

export const albumKey = (albumId: string) => ({ pk: `album#${albumId}`, sk: 'album' });
export const trackKey = (trackId: string) => ({ pk: `track#${trackId}`, sk: 'track' });
export const artistKey = (artistId: string) => ({ pk: `artist#${artistId}`, sk: 'artist' });
export const artistAlbumKey = (artistId: string, albumId: string) => ({ pk: `artist#${artistId}`, sk: `album#${albumId}` });
export const ALBUMS_INDEX = 'albums';
export const ARTISTS_INDEX = 'artists';

const catalogueEvents = ['ArtistCreated', 'AlbumPublished', 'AlbumDetailsChanged'] as const;
type CatalogueEvent = Extract<DomainEvent, { type: (typeof catalogueEvents)[number] }>;
/** Narrows to the catalogue's own events, so the switch below checks those exhaustively and no other area's. */
const isCatalogueEvent = (event: DomainEvent): event is CatalogueEvent => (catalogueEvents as readonly string[]).includes(event.type);

export const catalogueProjection: Projection = {
  name: 'catalogue',
  events: catalogueEvents,
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
              gsi1sk: `${artist.isMain ? 0 : 1}#${artist.name.toLowerCase()}`,
              ...stamp(event),
            },
          },
        ];
      }
      case 'AlbumPublished': {
        const { albumId, tracks, ...album } = event.data;
        const artist = await views.get(artistKey(album.artistId));
        if (!artist?.name) throw new Error(`Artist ${album.artistId} is not projected yet`);
        const trackSummaries = [...tracks]
          .sort((a, b) => a.trackNumber - b.trackNumber)
          .map((t) => ({
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
        return [
          {
            kind: 'update',
            key: albumKey(albumId),
            set: { ...changes, ...(changes.releaseDate ? { gsi1sk: `${changes.releaseDate}#${albumId}` } : {}), ...stamp(event) },
          },
        ];
      }
      default:
        return assertNever(event);
    }
  },
};
