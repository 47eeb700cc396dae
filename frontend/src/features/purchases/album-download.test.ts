import { describe, expect, it } from 'vitest';
import { downloadReadiness, resolveDownload } from './album-download';
import type { PurchasedAlbum } from '#contract/commerce.js';

const bought = (albumId: string, shopifyZipUrl: string | null): PurchasedAlbum => ({
  id: `purchase-${albumId}`,
  albumId,
  title: albumId,
  artwork: null,
  artistName: null,
  purchaseDate: '2025-01-02T03:04:05Z',
  purchasePrice: 9.99,
  shopifyZipUrl,
  downloadStatus: shopifyZipUrl ? 'ready' : 'pending',
});

describe('resolveDownload', () => {
  const list = [bought('ready', '/api/downloads/ready?expires=1&signature=s'), bought('building', null)];

  it('takes the fresh link of a listed album, or says its ZIP is pending', () => {
    expect(resolveDownload({ albumId: 'ready', title: 'Ready', downloadUrl: '/old' }, list)).toEqual({
      kind: 'ready',
      url: '/api/downloads/ready?expires=1&signature=s',
    });
    expect(resolveDownload({ albumId: 'building', title: 'Building' }, list)).toEqual({ kind: 'pending' });
  });

  it('falls back on the known link while the list has not caught up with a purchase', () => {
    expect(resolveDownload({ albumId: 'new', title: 'New', downloadUrl: '/api/downloads/new' }, list)).toEqual({
      kind: 'ready',
      url: '/api/downloads/new',
    });
    expect(resolveDownload({ albumId: 'new', title: 'New', downloadUrl: null }, null)).toEqual({ kind: 'pending' });
  });

  it('has nothing to download for an album neither the list nor the caller knows', () => {
    expect(resolveDownload({ albumId: 'other', title: 'Other' }, list)).toEqual({ kind: 'unavailable' });
    expect(resolveDownload({ albumId: 'other', title: 'Other' }, null)).toEqual({ kind: 'unavailable' });
  });
});

describe('downloadReadiness', () => {
  it('believes the list first, then the known link, else does not know', () => {
    expect(downloadReadiness({ albumId: 'a', title: 'A', downloadUrl: null }, bought('a', '/link'))).toBe(true);
    expect(downloadReadiness({ albumId: 'a', title: 'A', downloadUrl: '/link' }, bought('a', null))).toBe(false);
    expect(downloadReadiness({ albumId: 'a', title: 'A', downloadUrl: null }, undefined)).toBe(false);
    expect(downloadReadiness({ albumId: 'a', title: 'A' }, undefined)).toBeUndefined();
  });
});
