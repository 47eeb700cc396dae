import { describe, expect, it } from 'vitest';
import { externalListenLinks, isPlusExclusive, isTrackPlayable } from '../../frontend/src/features/albums/album-access';
import { artistSocialLinks } from '../../frontend/src/features/artists/social-links';
import { album as albumSchema, albumTracks as albumTracksSchema, type Album } from '../../functions/catalogue/contract/catalogue';
import { albumAnswer } from '../support/album-answer';

const album = (changes: Partial<typeof albumAnswer> = {}): Album => albumSchema.parse({ ...albumAnswer, ...changes });

describe('the catalogue answers', () => {
  it('parse an album as docs/api-catalogue.md describes it', () => {
    expect(album()).toMatchObject({ id: 'al-1', requiredTier: 'free', playCount: 7, totalDuration: 400 });
  });

  it('reject an unknown tier', () => {
    expect(albumSchema.safeParse({ ...albumAnswer, requiredTier: 'gold' }).success).toBe(false);
  });

  it('parse a track list with null audio when the listener has no access', () => {
    const answer = albumTracksSchema.parse({
      hasAccess: false,
      tracks: [{ id: 't1', albumId: 'al-1', title: 'One', trackNumber: 1, duration: 200, hasLyrics: false, audioUrl: null, playCount: 3 }],
    });
    expect(answer.tracks[0]).toMatchObject({ audioUrl: null, playCount: 3 });
  });
});

describe('access', () => {
  const playable = { audioUrl: '/media/audio/one.mp3' };
  it('lets a track play only with access, audio, and rights held here', () => {
    expect(isTrackPlayable(album(), true, playable)).toBe(true);
    expect(isTrackPlayable(album(), false, playable)).toBe(false);
    expect(isTrackPlayable(album(), true, { audioUrl: null })).toBe(false);
    expect(isTrackPlayable(album({ isDummyAlbum: true }), true, playable)).toBe(false);
  });

  it('marks a Toko+ album exclusive only when it says so', () => {
    expect(isPlusExclusive(album({ requiredTier: 'toko_plus', isExclusive: true }), 'toko_plus')).toBe(true);
    expect(isPlusExclusive(album({ requiredTier: 'toko_plus', isExclusive: false }), 'toko_plus')).toBe(false);
    expect(isPlusExclusive(album({ requiredTier: 'free', isExclusive: true }), 'toko_plus')).toBe(false);
  });

  it('lists the external places a physical-only album can be heard', () => {
    expect(externalListenLinks(album())).toEqual([{ platform: 'spotify', name: 'Spotify', url: 'https://open.spotify.com/album/1' }]);
  });

  it('reads an artist’s links from their JSON string, keeping only web addresses that are set', () => {
    expect(artistSocialLinks('{"instagram":"https://instagram.com/band","website":"javascript:alert(1)","tiktok":""}')).toEqual([
      { platform: 'instagram', name: 'Instagram', url: 'https://instagram.com/band' },
    ]);
    expect(artistSocialLinks('not json')).toEqual([]);
    expect(artistSocialLinks('')).toEqual([]);
  });
});
