/**
 * The search view: one partition (`search`) holding a small document per artist, album, track and
 * playlist, each written only by its own stream. A search reads the partition by key and matches in
 * memory, which suits a label's catalogue (hundreds of entries, not millions).
 */
import type { DomainEvent } from '../../events/index.js';
import type { SearchAlbum, SearchArtist, SearchDocument } from '../domain/search/search.js';
import { stamp, type Projection, type ViewOp } from '../lib/projection.js';

export const SEARCH_PARTITION = 'search';
export const searchKey = (type: SearchDocument['type'], id: string) => ({ pk: SEARCH_PARTITION, sk: `${type}#${id}` });

const put = (event: DomainEvent, document: SearchDocument): ViewOp => ({
  kind: 'put',
  item: { ...searchKey(document.type, document.id), ...document, ...stamp(event) },
});

export const searchProjection: Projection = {
  name: 'search',
  events: ['ArtistCreated', 'AlbumPublished', 'AlbumDetailsChanged', 'PlaylistCreated'],
  async apply(event, views): Promise<ViewOp[]> {
    switch (event.type) {
      case 'ArtistCreated': {
        const { artistId, name, bio, avatar, isMain } = event.data;
        return [put(event, { type: 'artist', id: artistId, name, bio, avatar, isMain })];
      }
      case 'AlbumPublished': {
        const album = event.data;
        // Read from this view, so the search never waits on another projector's progress.
        const artist = (await views.get(searchKey('artist', album.artistId))) as SearchArtist | undefined;
        if (!artist) throw new Error(`Artist ${album.artistId} is not in the search view yet`);
        const shared = {
          albumId: album.albumId,
          albumTitle: album.title,
          artistId: artist.id,
          artistName: artist.name,
          artwork: album.artwork,
        };
        return [
          put(event, {
            type: 'album',
            id: album.albumId,
            title: album.title,
            artistId: artist.id,
            artistName: artist.name,
            artwork: album.artwork,
            albumType: album.albumType,
            releaseDate: album.releaseDate,
            requiredTier: album.requiredTier,
            isDummyAlbum: album.isDummyAlbum,
            trackIds: album.tracks.map((t) => t.trackId),
          }),
          ...album.tracks.map((t) =>
            put(event, { type: 'track', id: t.trackId, title: t.title, trackNumber: t.trackNumber, duration: t.duration, ...shared }),
          ),
        ];
      }
      case 'AlbumDetailsChanged': {
        const { albumId, changes } = event.data;
        const fields = Object.fromEntries(
          Object.entries({
            title: changes.title,
            artwork: changes.artwork,
            albumType: changes.albumType,
            releaseDate: changes.releaseDate,
            requiredTier: changes.requiredTier,
            isDummyAlbum: changes.isDummyAlbum,
          }).filter(([, value]) => value !== undefined),
        );
        if (Object.keys(fields).length === 0) return [];
        const album = (await views.get(searchKey('album', albumId))) as SearchAlbum | undefined;
        if (!album) throw new Error(`Album ${albumId} is not in the search view yet`);
        const trackFields = Object.fromEntries(
          Object.entries({ albumTitle: changes.title, artwork: changes.artwork }).filter(([, value]) => value !== undefined),
        );
        return [
          { kind: 'update', key: searchKey('album', albumId), set: { ...fields, ...stamp(event) } },
          ...(Object.keys(trackFields).length
            ? album.trackIds.map((trackId): ViewOp => ({ kind: 'update', key: searchKey('track', trackId), set: trackFields }))
            : []),
        ];
      }
      case 'PlaylistCreated': {
        const { playlistId, name, description, tracks } = event.data;
        const first = (await views.get(searchKey('album', tracks[0].albumId))) as SearchAlbum | undefined;
        if (!first) throw new Error(`Album ${tracks[0].albumId} is not in the search view yet`);
        return [put(event, { type: 'playlist', id: playlistId, name, description, trackCount: tracks.length, artwork: first.artwork })];
      }
      default:
        return [];
    }
  },
};
