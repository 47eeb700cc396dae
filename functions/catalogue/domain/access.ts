/** Who may play an album: the label's access rules (free, Toko+, bought), pure, shared by every endpoint that serves audio. */
import type { RequiredTier } from '../../../events/index.js';

export interface Listener {
  tier: 'free' | 'toko_plus';
  role: 'guest' | 'user' | 'admin';
  ownedAlbumIds: ReadonlySet<string>;
}

export const guestListener: Listener = { tier: 'free', role: 'guest', ownedAlbumIds: new Set() };

export interface AlbumAccessFacts {
  id: string;
  requiredTier: RequiredTier;
  isDummyAlbum: boolean;
}

export function canPlayAlbum(album: AlbumAccessFacts, listener: Listener): boolean {
  if (album.isDummyAlbum) return false;
  const subscriber = listener.tier === 'toko_plus' || listener.role === 'admin';
  switch (album.requiredTier) {
    case 'free':
      return true;
    case 'toko_plus':
      return subscriber;
    case 'purchase_required':
      return subscriber || listener.ownedAlbumIds.has(album.id);
  }
}
