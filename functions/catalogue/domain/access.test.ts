import { describe, expect, it } from 'vitest';
import { canPlayAlbum, guestListener, type Listener } from './access.js';

const album = (requiredTier: 'free' | 'toko_plus' | 'purchase_required', isDummyAlbum = false) => ({
  id: 'al1',
  requiredTier,
  isDummyAlbum,
});
const free: Listener = { tier: 'free', role: 'user', ownedAlbumIds: new Set() };
const plus: Listener = { tier: 'toko_plus', role: 'user', ownedAlbumIds: new Set() };
const owner: Listener = { tier: 'free', role: 'user', ownedAlbumIds: new Set(['al1']) };
const admin: Listener = { tier: 'free', role: 'admin', ownedAlbumIds: new Set() };

describe('album access', () => {
  it.each([
    ['free', guestListener, true],
    ['free', free, true],
    ['toko_plus', guestListener, false],
    ['toko_plus', free, false],
    ['toko_plus', plus, true],
    ['toko_plus', admin, true],
    ['purchase_required', free, false],
    ['purchase_required', owner, true],
    ['purchase_required', plus, true],
    ['purchase_required', guestListener, false],
  ] as const)('%s album for %o → %s', (tier, listener, expected) => {
    expect(canPlayAlbum(album(tier), listener)).toBe(expected);
  });
  it('never plays a dummy album, whoever listens', () => {
    for (const listener of [guestListener, free, plus, owner, admin]) expect(canPlayAlbum(album('free', true), listener)).toBe(false);
  });
});
