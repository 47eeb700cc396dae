/**
 * The search view: one partition (`search`) holding a small document per artist, album, track and
 * playlist, each written only by its own stream. A search reads the partition by key and matches in
 * memory, which suits a label's catalogue (hundreds of entries, not millions).
 */
import type { DomainEvent, PlaylistTrack } from '../../../events/index.js';
import type { SearchAlbum, SearchArtist, SearchDocument, SearchPlaylist } from '../domain/search.js';
import { stamp, type Projection, type ViewOp, type ViewReader } from '../../platform/projection.js';
import { listingEvents } from '../../catalogue/projections/catalogue.js';

export const SEARCH_PARTITION = 'search';
/** Where the documents of an unpublished album or an archived artist wait, out of every search, to come back as they were. */
export const HIDDEN_PARTITION = 'search-hidden';
export const searchKey = (type: SearchDocument['type'], id: string) => ({ pk: SEARCH_PARTITION, sk: `${type}#${id}` });
const hiddenKey = (type: SearchDocument['type'], id: string) => ({ pk: HIDDEN_PARTITION, sk: `${type}#${id}` });

/** Moves documents between the searched partition and the hidden one (both ways), as they are. */
async function move(
  event: DomainEvent,
  views: ViewReader,
  documents: { type: SearchDocument['type']; id: string }[],
  to: 'hidden' | 'search',
): Promise<ViewOp[]> {
  const [from, into] = to === 'hidden' ? [searchKey, hiddenKey] : [hiddenKey, searchKey];
  const ops: ViewOp[] = [];
  for (const { type, id } of documents) {
    const item = await views.get(from(type, id));
    if (!item) continue;
    ops.push({ kind: 'delete', key: from(type, id) }, { kind: 'put', item: { ...item, ...into(type, id), ...stamp(event) } });
  }
  return ops;
}

/** A playlist shows the artwork of its first track's album, listed or waiting (unpublished) in this view. */
async function playlistArtwork(views: ViewReader, tracks: readonly PlaylistTrack[]): Promise<string | null> {
  const [first] = tracks;
  if (!first) return null;
  const album = ((await views.get(searchKey('album', first.albumId))) ?? (await views.get(hiddenKey('album', first.albumId)))) as
    | SearchAlbum
    | undefined;
  if (!album) throw new Error(`Album ${first.albumId} is not in the search view yet`);
  return album.artwork;
}

const put = (event: DomainEvent, document: SearchDocument): ViewOp => ({
  kind: 'put',
  item: { ...searchKey(document.type, document.id), ...document, ...stamp(event) },
});

export const searchProjection: Projection = {
  name: 'search',
  events: [
    ...listingEvents,
    'PlaylistCreated',
    'PlaylistRenamed',
    'PlaylistDescribed',
    'PlaylistTracksSet',
    'PlaylistPublished',
    'PlaylistUnpublished',
  ],
  async apply(event, views): Promise<ViewOp[]> {
    switch (event.type) {
      case 'ArtistCreated': {
        const { artistId, name, bio, avatar, isMain } = event.data;
        return [put(event, { type: 'artist', id: artistId, name, bio, avatar, isMain })];
      }
      case 'ArtistDetailsChanged': {
        const { artistId, changes } = event.data;
        // The artist's own document; albums and tracks keep the name they were published with until they change.
        const fields = Object.fromEntries(
          Object.entries({ name: changes.name, bio: changes.bio, isMain: changes.isMain }).filter(([, value]) => value !== undefined),
        );
        if (Object.keys(fields).length === 0) return [];
        const key = (await views.get(searchKey('artist', artistId))) ? searchKey('artist', artistId) : hiddenKey('artist', artistId);
        return [{ kind: 'update', key, set: { ...fields, ...stamp(event) } }];
      }
      case 'ArtistImageChanged': {
        const { artistId, image, url } = event.data;
        if (image !== 'avatar' || !(await views.get(searchKey('artist', artistId)))) return [];
        return [{ kind: 'update', key: searchKey('artist', artistId), set: { avatar: url, ...stamp(event) } }];
      }
      case 'ArtistArchived':
      case 'ArtistRestored':
        return move(event, views, [{ type: 'artist', id: event.data.artistId }], event.type === 'ArtistArchived' ? 'hidden' : 'search');
      case 'AlbumUnpublished':
      case 'AlbumRepublished': {
        const { albumId } = event.data;
        const to = event.type === 'AlbumUnpublished' ? 'hidden' : 'search';
        const album = (await views.get((to === 'hidden' ? searchKey : hiddenKey)('album', albumId))) as SearchAlbum | undefined;
        if (!album) return [];
        return move(event, views, [{ type: 'album', id: albumId }, ...album.trackIds.map((id) => ({ type: 'track' as const, id }))], to);
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
        // An unpublished album's documents change where they wait.
        const listed = (await views.get(searchKey('album', albumId))) as SearchAlbum | undefined;
        const album = listed ?? ((await views.get(hiddenKey('album', albumId))) as SearchAlbum | undefined);
        if (!album) throw new Error(`Album ${albumId} is not in the search view yet`);
        const keyOf = listed ? searchKey : hiddenKey;
        const trackFields = Object.fromEntries(
          Object.entries({ albumTitle: changes.title, artwork: changes.artwork }).filter(([, value]) => value !== undefined),
        );
        return [
          { kind: 'update', key: keyOf('album', albumId), set: { ...fields, ...stamp(event) } },
          ...(Object.keys(trackFields).length
            ? album.trackIds.map((trackId): ViewOp => ({ kind: 'update', key: keyOf('track', trackId), set: trackFields }))
            : []),
        ];
      }
      case 'PlaylistCreated': {
        const { playlistId, name, description, tracks, published } = event.data;
        const document: SearchPlaylist = {
          type: 'playlist',
          id: playlistId,
          name,
          description,
          trackCount: tracks.length,
          artwork: await playlistArtwork(views, tracks),
        };
        // A draft waits out of every search until it is published.
        const key = (published ? searchKey : hiddenKey)('playlist', playlistId);
        return [{ kind: 'put', item: { ...key, ...document, ...stamp(event) } }];
      }
      case 'PlaylistRenamed':
      case 'PlaylistDescribed':
      case 'PlaylistTracksSet': {
        const { playlistId } = event.data;
        const key = (await views.get(searchKey('playlist', playlistId)))
          ? searchKey('playlist', playlistId)
          : hiddenKey('playlist', playlistId);
        const set =
          event.type === 'PlaylistRenamed'
            ? { name: event.data.name }
            : event.type === 'PlaylistDescribed'
              ? { description: event.data.description }
              : { trackCount: event.data.tracks.length, artwork: await playlistArtwork(views, event.data.tracks) };
        return [{ kind: 'update', key, set: { ...set, ...stamp(event) } }];
      }
      case 'PlaylistPublished':
      case 'PlaylistUnpublished':
        return move(
          event,
          views,
          [{ type: 'playlist', id: event.data.playlistId }],
          event.type === 'PlaylistPublished' ? 'search' : 'hidden',
        );
      default:
        return [];
    }
  },
};
