/** HTTP context `search`: catalogue search, search-box suggestions, and the label's curated playlists. */
import {
  normalize,
  rank,
  SUGGESTION_MIN_LENGTH,
  type SearchAlbum,
  type SearchArtist,
  type SearchDocument,
  type SearchPlaylist,
  type SearchTrack,
} from '../domain/search.js';
import { audioUrlFor, listenerOf, readAlbums, readTracks } from '../../catalogue/index.js';
import { isPublished, playlistKey, PLAYLISTS_INDEX, type PlaylistView } from '../../catalogue/projections/playlists.js';
import { authorizer } from '../../accounts/index.js';
import { contextHandler, HttpError } from '../../platform/http.js';
import { searchRoutes } from '../../routes.js';
import { getView, queryViews } from '../../platform/views.js';
import { SEARCH_PARTITION } from '../projections/search.js';

const RESULTS_PER_KIND = 20;
const SUGGESTIONS = 8;
/** A search reads the whole (small) search partition; a warm Lambda reuses it this long. */
const DOCUMENTS_TTL_MS = 5_000;

let documents: { readAt: number; list: Promise<SearchDocument[]> } | undefined;

function searchDocuments(now = Date.now()): Promise<SearchDocument[]> {
  if (!documents || now - documents.readAt > DOCUMENTS_TTL_MS) {
    const list = queryViews<SearchDocument>({ pk: SEARCH_PARTITION });
    list.catch(() => {
      if (documents?.list === list) documents = undefined;
    });
    documents = { readAt: now, list };
  }
  return documents.list;
}

const ofType = <T extends SearchDocument['type']>(list: SearchDocument[], type: T) =>
  list.filter((d): d is Extract<SearchDocument, { type: T }> => d.type === type);

const albumResult = (a: SearchAlbum) => ({
  id: a.id,
  title: a.title,
  artistId: a.artistId,
  artistName: a.artistName,
  artwork: a.artwork,
  albumType: a.albumType,
  releaseDate: a.releaseDate,
  requiredTier: a.requiredTier,
  isDummyAlbum: a.isDummyAlbum,
});
const trackResult = (t: SearchTrack) => ({
  id: t.id,
  title: t.title,
  trackNumber: t.trackNumber,
  duration: t.duration,
  albumId: t.albumId,
  albumTitle: t.albumTitle,
  artistId: t.artistId,
  artistName: t.artistName,
  artwork: t.artwork,
});
const artistResult = (a: SearchArtist) => ({ id: a.id, name: a.name, bio: a.bio, avatar: a.avatar, isMain: a.isMain });
const playlistResult = (p: SearchPlaylist) => ({
  id: p.id,
  name: p.name,
  description: p.description,
  trackCount: p.trackCount,
  artwork: p.artwork,
});

function suggestion(document: SearchAlbum | SearchTrack | SearchArtist) {
  switch (document.type) {
    case 'album':
      return { id: document.id, type: 'album' as const, title: document.title, subtitle: document.artistName, artwork: document.artwork };
    case 'track':
      return {
        id: document.id,
        type: 'track' as const,
        title: document.title,
        subtitle: `${document.artistName} · ${document.albumTitle}`,
        artwork: document.artwork,
        albumId: document.albumId,
      };
    case 'artist':
      return { id: document.id, type: 'artist' as const, title: document.name, subtitle: 'Artist', artwork: document.avatar };
  }
}

export const handler = contextHandler(searchRoutes, authorizer, {
  'GET /api/search': async ({ query }) => {
    const q = query.q.trim();
    if (!normalize(q)) return { query: q, albums: [], tracks: [], artists: [], playlists: [] };
    const list = await searchDocuments();
    return {
      query: q,
      albums: rank(ofType(list, 'album'), q, RESULTS_PER_KIND).map(albumResult),
      tracks: rank(ofType(list, 'track'), q, RESULTS_PER_KIND).map(trackResult),
      artists: rank(ofType(list, 'artist'), q, RESULTS_PER_KIND).map(artistResult),
      playlists: rank(ofType(list, 'playlist'), q, RESULTS_PER_KIND).map(playlistResult),
    };
  },

  'GET /api/search/suggestions': async ({ query }) => {
    const q = query.q.trim();
    if (normalize(q).length < SUGGESTION_MIN_LENGTH) return [];
    const list = await searchDocuments();
    const candidates = list.filter((d): d is SearchAlbum | SearchTrack | SearchArtist => d.type !== 'playlist');
    return rank(candidates, q, SUGGESTIONS).map(suggestion);
  },

  'GET /api/playlists': async () => {
    const playlists = await queryViews<PlaylistView>({ gsi1pk: PLAYLISTS_INDEX });
    const albums = await readAlbums(playlists.flatMap((p) => p.tracks.slice(0, 1).map((t) => t.albumId)));
    return playlists.map((p) => ({
      id: p.id,
      name: p.name,
      description: p.description,
      trackCount: p.tracks.length,
      artwork: albums.get(p.tracks[0]?.albumId ?? '')?.artwork ?? null,
    }));
  },

  'GET /api/playlists/{id}': async ({ params, session }) => {
    const playlist = await getView<PlaylistView>(playlistKey(params.id));
    // A draft is the staff's until it is published: to everyone else it does not exist.
    if (!playlist || !isPublished(playlist)) throw new HttpError(404, 'not_found', 'Playlist not found');
    const [albums, tracks] = await Promise.all([
      readAlbums(playlist.tracks.map((t) => t.albumId)),
      readTracks(playlist.tracks.map((t) => t.trackId)),
    ]);
    const listener = await listenerOf(session);
    const found = playlist.tracks.flatMap((entry) => {
      const album = albums.get(entry.albumId);
      const track = tracks.get(entry.trackId);
      // A song of an album taken down since the playlist was made is skipped until it is out again.
      return album && track && !album.unpublished ? [{ album, track }] : [];
    });
    const entries = await Promise.all(
      found.map(async ({ album, track }) => ({
        id: track.id,
        title: track.title,
        trackNumber: track.trackNumber,
        duration: track.duration,
        albumId: album.id,
        albumTitle: album.title,
        artistId: album.artistId,
        artistName: album.artistName,
        artwork: album.artwork,
        requiredTier: album.requiredTier,
        audioUrl: await audioUrlFor(album, track.audioKey, listener),
      })),
    );
    return {
      id: playlist.id,
      name: playlist.name,
      description: playlist.description,
      artwork: entries[0]?.artwork ?? null,
      trackCount: entries.length,
      totalDuration: entries.reduce((sum, t) => sum + t.duration, 0),
      tracks: entries,
    };
  },
});
