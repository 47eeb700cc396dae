import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guestListener, type Listener } from './domain/access.js';
import { audioUrlFor, isGatedAudio } from './catalogue-reads.js';
import { isPrivateMediaKey } from '../platform/media-keys.js';
import { stubAppEnv, unstubAppEnv } from '../../test/support/unit-env.js';

const subscriber: Listener = { tier: 'toko_plus', role: 'user', ownedAlbumIds: new Set() };
const buyer: Listener = { tier: 'free', role: 'user', ownedAlbumIds: new Set(['album-paid']) };
const freeUser: Listener = { tier: 'free', role: 'user', ownedAlbumIds: new Set() };
const freeAlbum = { id: 'album-free', requiredTier: 'free', isDummyAlbum: false } as const;
const plusAlbum = { id: 'album-plus', requiredTier: 'toko_plus', isDummyAlbum: false } as const;
const paidAlbum = { id: 'album-paid', requiredTier: 'purchase_required', isDummyAlbum: false } as const;

beforeAll(() => stubAppEnv());
afterAll(() => unstubAppEnv());

describe('a track’s audio URL', () => {
  it('is the public, cacheable media URL for a free album, to anyone', async () => {
    expect(await audioUrlFor(freeAlbum, 'audio/album-free/t1.mp3', guestListener)).toBe('/media/audio/album-free/t1.mp3');
  });

  it('is nothing for a listener without access, or for a track without audio', async () => {
    expect(await audioUrlFor(plusAlbum, 'audio/private/album-plus/t1.mp3', guestListener)).toBeNull();
    expect(await audioUrlFor(plusAlbum, 'audio/private/album-plus/t1.mp3', buyer)).toBeNull();
    expect(await audioUrlFor(paidAlbum, 'audio/private/album-paid/t1.mp3', freeUser)).toBeNull();
    expect(await audioUrlFor({ ...freeAlbum, isDummyAlbum: true }, 'audio/album-free/t1.mp3', subscriber)).toBeNull();
    expect(await audioUrlFor(freeAlbum, null, subscriber)).toBeNull();
  });

  it('is a short-lived signed URL of the private object for a subscriber or a buyer', async () => {
    for (const [album, listener] of [
      [plusAlbum, subscriber],
      [paidAlbum, buyer],
      [paidAlbum, subscriber],
    ] as const) {
      const url = new URL((await audioUrlFor(album, `audio/private/${album.id}/t1.mp3`, listener))!);
      expect(url.pathname).toContain(`audio/private/${album.id}/t1.mp3`);
      expect(url.searchParams.get('X-Amz-Expires')).toBe('900');
      expect(url.searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
    }
  });

  it('is signed whenever the album is gated or the object private, whatever the other says', () => {
    expect(isGatedAudio(plusAlbum, 'audio/album-plus/t1.mp3')).toBe(true);
    expect(isGatedAudio(freeAlbum, 'audio/private/album-free/t1.mp3')).toBe(true);
    expect(isGatedAudio(freeAlbum, 'audio/album-free/t1.mp3')).toBe(false);
  });
});

describe('private media keys', () => {
  it('covers downloads, masters and gated audio however the key is written', () => {
    for (const key of [
      'downloads/a.zip',
      'masters/a/t.wav',
      'audio/private/a/t.mp3',
      '/audio/private/a/t.mp3',
      '%61udio/private/a/t.mp3',
      '%E0%A4%A',
    ]) {
      expect(isPrivateMediaKey(key)).toBe(true);
    }
    for (const key of ['audio/album-free/t1.mp3', 'images/artwork/a.png', 'uploads/avatars/u.png', 'audio/privateer/t.mp3']) {
      expect(isPrivateMediaKey(key)).toBe(false);
    }
  });
});
