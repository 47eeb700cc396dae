/** HTTP context `catalogue`: albums, tracks, artists and lyrics, read from the catalogue and stats views. */
import { canPlayAlbum } from '../domain/access.js';
import { authorizer } from '../../accounts/index.js';
import { contextHandler, HttpError } from '../../platform/http.js';
import { catalogueRoutes } from '../../routes.js';
import { audioUrlFor, listenerOf } from '../catalogue-reads.js';
import { getView, getViews, queryViews } from '../../platform/views.js';
import { albumKey, ALBUMS_INDEX, ARTISTS_INDEX, artistKey, featuredAlbumKey, trackKey } from '../projections/catalogue.js';
import { albumStatsKey, trackStatsKey } from '../../listening/projections/stats.js';
import type { AlbumDetails, Track } from '../../../events/index.js';

/** Display price of an album with no price at all. */
const FALLBACK_PRICE = 12.99;

/** View bookkeeping every item carries: keys, index keys, and the event version it reflects. */
interface ViewFields {
  pk: string;
  sk: string;
  gsi1pk?: string;
  gsi1sk?: string;
  v?: number;
  vStream?: string;
}

interface AlbumView extends AlbumDetails, ViewFields {
  id: string;
  artistId: string;
  artistName: string;
  trackCount: number;
  totalDuration: number;
  tracks: { id: string; title: string; trackNumber: number; duration: number; hasLyrics: boolean; audioKey: string | null }[];
}
interface ArtistView {
  id: string;
  name: string;
  bio: string | null;
  avatar: string | null;
  headerImage: string | null;
  isMain: boolean;
  socialLinks: Record<string, string>;
  albumCount?: number;
}
type TrackView = Track & { id: string; albumId: string };

function albumDto(album: AlbumView, playCount: number) {
  const { tracks: _tracks, externalLinks, pk: _pk, sk: _sk, gsi1pk: _gsi1pk, gsi1sk: _gsi1sk, v: _v, vStream: _vStream, ...fields } = album;
  return {
    ...fields,
    price: album.stripePriceDefault ?? FALLBACK_PRICE,
    externalListenUrl: externalLinks.externalListenUrl ?? null,
    spotifyUrl: externalLinks.spotifyUrl ?? null,
    appleMusicUrl: externalLinks.appleMusicUrl ?? null,
    youtubeUrl: externalLinks.youtubeUrl ?? null,
    amazonMusicUrl: externalLinks.amazonMusicUrl ?? null,
    deezerUrl: externalLinks.deezerUrl ?? null,
    playCount,
  };
}

function artistDto(artist: ArtistView) {
  return {
    id: artist.id,
    name: artist.name,
    bio: artist.bio,
    avatar: artist.avatar,
    headerImage: artist.headerImage,
    isMain: artist.isMain,
    socialLinks: JSON.stringify(artist.socialLinks ?? {}),
    albumCount: artist.albumCount ?? 0,
    fanCount: 0,
  };
}

async function playCounts(keys: { pk: string; sk: string }[]): Promise<Map<string, number>> {
  const stats = await getViews<{ pk: string; playCount?: number }>(keys);
  return new Map(stats.map((s) => [s.pk, s.playCount ?? 0]));
}

async function albumsWithCounts(albums: AlbumView[]) {
  const counts = await playCounts(albums.map((a) => albumStatsKey(a.id)));
  return albums.map((a) => albumDto(a, counts.get(albumStatsKey(a.id).pk) ?? 0));
}

/**
 * The album the home page features: the staff's choice while it is listed (published, not unpublished since), else
 * the newest release, so a choice that is taken down never leaves the home page empty or pointing at nothing.
 */
async function featuredAlbum(): Promise<{ album: AlbumView | null; chosen: boolean }> {
  const choice = await getView<{ albumId?: string | null }>(featuredAlbumKey);
  const chosen = choice?.albumId ? await getView<AlbumView>(albumKey(choice.albumId)) : undefined;
  if (chosen?.gsi1pk === ALBUMS_INDEX) return { album: chosen, chosen: true };
  const [newest] = await queryViews<AlbumView>({ gsi1pk: ALBUMS_INDEX }, { descending: true, limit: 1 });
  return { album: newest ?? null, chosen: false };
}

async function requireAlbum(id: string): Promise<AlbumView> {
  const album = await getView<AlbumView>(albumKey(id));
  if (!album) throw new HttpError(404, 'not_found', 'Album not found');
  return album;
}

export const handler = contextHandler(catalogueRoutes, authorizer, {
  'GET /api/albums': async () => {
    const albums = await queryViews<AlbumView>({ gsi1pk: ALBUMS_INDEX }, { descending: true });
    return albumsWithCounts(albums);
  },

  'GET /api/featured-album': async () => {
    const { album, chosen } = await featuredAlbum();
    if (!album) return { album: null, chosen };
    const [dto] = await albumsWithCounts([album]);
    return { album: dto, chosen };
  },

  'GET /api/albums/{id}': async ({ params }) => {
    const [album] = await albumsWithCounts([await requireAlbum(params.id)]);
    return album;
  },

  'GET /api/albums/{id}/tracks': async ({ params, session }) => {
    const album = await requireAlbum(params.id);
    const listener = await listenerOf(session);
    const [counts, audioUrls] = await Promise.all([
      playCounts(album.tracks.map((t) => trackStatsKey(t.id))),
      Promise.all(album.tracks.map((t) => audioUrlFor(album, t.audioKey, listener))),
    ]);
    return {
      hasAccess: canPlayAlbum(album, listener),
      tracks: album.tracks.map((t, i) => ({
        id: t.id,
        albumId: album.id,
        title: t.title,
        trackNumber: t.trackNumber,
        duration: t.duration,
        hasLyrics: t.hasLyrics,
        audioUrl: audioUrls[i],
        playCount: counts.get(trackStatsKey(t.id).pk) ?? 0,
      })),
    };
  },

  'GET /api/albums/by-artist/{id}': async ({ params }) => {
    const links = await queryViews<{ albumId: string }>({ pk: artistKey(params.id).pk }, { skPrefix: 'album#' });
    const albums = await getViews<AlbumView>(links.map((l) => albumKey(l.albumId)));
    albums.sort((a, b) => b.releaseDate.localeCompare(a.releaseDate));
    return albumsWithCounts(albums);
  },

  'GET /api/artists': async () => {
    const artists = await queryViews<ArtistView>({ gsi1pk: ARTISTS_INDEX });
    return artists.map(artistDto);
  },

  'GET /api/artists/{id}': async ({ params }) => {
    const artist = await getView<ArtistView>(artistKey(params.id));
    if (!artist?.name) throw new HttpError(404, 'not_found', 'Artist not found');
    return artistDto(artist);
  },

  'GET /api/tracks/{id}/lyrics': async ({ params }) => {
    const track = await getView<TrackView>(trackKey(params.id));
    if (!track) throw new HttpError(404, 'not_found', 'Track not found');
    return { lyrics: track.lyrics ?? null };
  },
});
