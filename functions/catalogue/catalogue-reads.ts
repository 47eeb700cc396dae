/**
 * Reads of the catalogue view for the contexts that join their own items with albums and tracks
 * (library, favourites, playlists, recently played): batch reads by key, and who may hear what.
 */
import type { RequiredTier } from '../../events/index.js';
import { canPlayAlbum, guestListener, type AlbumAccessFacts, type Listener } from './domain/access.js';
import { albumKey, trackKey } from './projections/catalogue.js';
import { purchasesPartition } from '../commerce/projections/commerce.js';
import { isPrivateMediaKey, mediaUrl } from '../platform/media-keys.js';
import { signedMediaUrl } from '../platform/media-urls.js';
import type { Session } from '../platform/session.js';
import { getViews, queryViews } from '../platform/views.js';

export interface CatalogueAlbum {
  id: string;
  title: string;
  artwork: string | null;
  artistId: string;
  artistName: string;
  requiredTier: RequiredTier;
  isDummyAlbum: boolean;
  tracks: { id: string; title: string; trackNumber: number; duration: number; hasLyrics: boolean; audioKey: string | null }[];
  /** Taken down by the staff (its view stays for the listeners who own it). */
  unpublished?: boolean;
}

export interface CatalogueTrack {
  id: string;
  albumId: string;
  title: string;
  trackNumber: number;
  duration: number;
  lyrics: string | null;
  audioKey: string | null;
}

/** Who is asking, for the access rules: tier and role from the session, the albums they bought from the purchases view. */
export async function listenerOf(session: Session | null): Promise<Listener> {
  if (!session) return guestListener;
  const subscriber = session.tier === 'toko_plus' || session.role === 'admin';
  // A subscriber may play every album: their purchases change nothing here.
  const purchases = subscriber ? [] : await queryViews<{ albumId: string }>({ pk: purchasesPartition(session.userId) });
  return { tier: session.tier, role: session.role, ownedAlbumIds: new Set(purchases.map((p) => p.albumId)) };
}

export async function readAlbums(albumIds: Iterable<string>): Promise<Map<string, CatalogueAlbum>> {
  const albums = await getViews<CatalogueAlbum>([...new Set(albumIds)].map(albumKey));
  return new Map(albums.map((album) => [album.id, album]));
}

export async function readTracks(trackIds: Iterable<string>): Promise<Map<string, CatalogueTrack>> {
  const tracks = await getViews<CatalogueTrack>([...new Set(trackIds)].map(trackKey));
  return new Map(tracks.map((track) => [track.id, track]));
}

/** Audio that only a signed URL may reach: every track of an album that needs a subscription or a purchase. */
export const isGatedAudio = (album: Pick<AlbumAccessFacts, 'requiredTier'>, audioKey: string) =>
  album.requiredTier !== 'free' || isPrivateMediaKey(audioKey);

/**
 * A track's audio for this listener: null unless they may play its album. A free album's audio is its
 * public, cacheable `/media/` URL; gated audio is a short-lived signed URL made for this answer only.
 */
export async function audioUrlFor(album: AlbumAccessFacts, audioKey: string | null, listener: Listener): Promise<string | null> {
  if (!audioKey || !canPlayAlbum(album, listener)) return null;
  return isGatedAudio(album, audioKey) ? signedMediaUrl(audioKey) : mediaUrl(audioKey);
}
