import { describe, expect, it } from 'vitest';
import { AlbumPublished, ArtistCreated, registry } from '../../events/index.js';
import { albums, artists, featuredAlbumId, media, mediaUrl, shortTrackId } from '../../infra/seed/catalogue.js';
import { imageSizes } from '../../infra/seed/media/image.js';

const playable = albums.filter((album) => !album.isDummyAlbum);
const featured = [...albums].sort((a, b) => b.releaseDate.localeCompare(a.releaseDate))[0];

describe('seeded catalogue', () => {
  it('parses with the current event schemas', () => {
    for (const artist of artists) {
      expect(ArtistCreated.schema.parse(artist)).toEqual(artist);
      expect(registry.validate({ type: 'ArtistCreated', data: artist }).data).toEqual(artist);
    }
    for (const album of albums) {
      expect(AlbumPublished.schema.parse(album)).toEqual(album);
      expect(registry.validate({ type: 'AlbumPublished', data: album }).data).toEqual(album);
    }
  });

  it('has five artists, one of them the main artist, and every artist has an album', () => {
    expect(artists).toHaveLength(5);
    expect(artists.filter((artist) => artist.isMain)).toHaveLength(1);
    for (const artist of artists) expect(albums.some((album) => album.artistId === artist.artistId)).toBe(true);
    expect(new Set(albums.map((album) => album.artistId)).size).toBe(5);
  });

  it('uses stable, unique, prefixed ids', () => {
    const trackIds = albums.flatMap((album) => album.tracks.map((track) => track.trackId));
    expect(new Set(artists.map((artist) => artist.artistId)).size).toBe(5);
    expect(new Set(albums.map((album) => album.albumId)).size).toBe(10);
    expect(new Set(trackIds).size).toBe(trackIds.length);
    for (const artist of artists) expect(artist.artistId).toMatch(/^artist-[a-z0-9-]+$/);
    for (const album of albums) expect(album.albumId).toMatch(/^album-[a-z0-9-]+$/);
    for (const id of trackIds) expect(id).toMatch(/^track-[a-z0-9-]+$/);
  });

  it('varies social links, bios and header images across artists', () => {
    expect(artists.filter((artist) => Object.keys(artist.socialLinks).length > 0).length).toBeGreaterThan(0);
    expect(artists.filter((artist) => Object.keys(artist.socialLinks).length === 0).length).toBeGreaterThan(0);
    expect(artists.every((artist) => artist.bio && artist.avatar)).toBe(true);
    expect(artists.filter((artist) => artist.headerImage === null)).toHaveLength(1);
  });

  it('has 41 tracks with audio, 18 of them for sale with a master and an instrumental, and 19 images to generate, one object per key', () => {
    expect(media.filter((object) => object.kind === 'audio')).toHaveLength(41);
    expect(media.filter((object) => object.kind === 'master')).toHaveLength(36);
    expect(media.filter((object) => object.kind === 'image')).toHaveLength(19);
    expect(new Set(media.map((object) => object.key)).size).toBe(media.length);
    expect(albums.flatMap((album) => album.tracks).filter((track) => track.audioKey !== null)).toHaveLength(41);
  });

  it('points every audio key and image URL at a generated object of the right kind and size', () => {
    const byKey = new Map(media.map((object) => [object.key, object]));
    for (const album of albums) {
      expect(album.artwork).toBe(mediaUrl(`images/artwork/${album.albumId}.jpg`));
      for (const track of album.tracks) {
        if (track.audioKey === null) continue;
        // Gated albums' audio lives under the private prefix that only signed URLs reach.
        expect(track.audioKey).toBe(`${album.requiredTier === 'free' ? 'audio/' : 'audio/private/'}${album.albumId}/${track.trackId}.mp3`);
        const audio = byKey.get(track.audioKey);
        expect(audio).toMatchObject({ kind: 'audio', durationSeconds: track.duration });
      }
    }
    for (const artist of artists) {
      expect(artist.avatar).toBe(mediaUrl(`images/avatars/${artist.artistId}.jpg`));
      if (artist.headerImage) expect(artist.headerImage).toBe(mediaUrl(`images/headers/${artist.artistId}.jpg`));
    }
    const referenced = [
      ...albums.map((album) => album.artwork),
      ...artists.flatMap((artist) => [artist.avatar, artist.headerImage]),
    ].filter(Boolean);
    expect(new Set(referenced)).toEqual(new Set(media.filter((object) => object.kind === 'image').map((object) => mediaUrl(object.key))));
    for (const object of media) {
      if (object.kind === 'image') expect({ width: object.width, height: object.height }).toEqual(imageSizes[object.variant]);
    }
  });

  it('keeps every seeded track with audio between 20 and 60 seconds', () => {
    for (const track of playable.flatMap((album) => album.tracks)) {
      expect(track.duration).toBeGreaterThanOrEqual(20);
      expect(track.duration).toBeLessThanOrEqual(60);
    }
  });

  it('features a free, playable album with a 20-second first track', () => {
    expect(featured.albumId).toBe(featuredAlbumId);
    expect(albums.filter((album) => album.releaseDate === featured.releaseDate)).toHaveLength(1);
    expect(featured).toMatchObject({ requiredTier: 'free', isDummyAlbum: false });
    const short = featured.tracks.find((track) => track.trackId === shortTrackId);
    expect(short).toMatchObject({ trackNumber: 1, duration: 20 });
    expect(short?.audioKey).not.toBeNull();
  });

  it('covers every access case', () => {
    expect(playable.filter((album) => album.requiredTier === 'free').length).toBeGreaterThanOrEqual(2);
    expect(albums.some((album) => album.requiredTier === 'toko_plus' && album.isExclusive)).toBe(true);

    const forSale = albums.filter((album) => album.requiredTier === 'purchase_required');
    expect(forSale.length).toBeGreaterThanOrEqual(2);
    for (const album of forSale) {
      expect(album).toMatchObject({ isAvailableForPurchase: true, stripePriceDefault: 9.99 });
      expect(album.stripeProductId).toMatch(/^prod_\w+$/);
    }
    expect(forSale.some((album) => album.stripePriceSubscriber === 6.99)).toBe(true);
    expect(forSale.filter((album) => album.stripePriceSubscriber === null)).toHaveLength(1);
  });

  it('has one dummy album, listened to elsewhere only', () => {
    const dummies = albums.filter((album) => album.isDummyAlbum);
    expect(dummies).toHaveLength(1);
    const [dummy] = dummies;
    expect(dummy.rightsOwner).toBeTruthy();
    expect(dummy).toMatchObject({ isAvailableForPurchase: false, stripeProductId: null, stripePriceDefault: null });
    expect(dummy.externalLinks.externalListenUrl).toBeDefined();
    expect(dummy.tracks.length).toBeGreaterThan(0);
    expect(dummy.tracks.every((track) => track.audioKey === null)).toBe(true);
  });

  it('varies release dates, album types, lyrics, descriptions and copyright lines', () => {
    expect(new Set(albums.map((album) => album.releaseDate)).size).toBe(albums.length);
    expect(new Set(albums.map((album) => album.albumType)).size).toBeGreaterThanOrEqual(3);
    for (const type of ['Album', 'EP', 'Single']) expect(albums.some((album) => album.albumType === type)).toBe(true);
    const tracks = albums.flatMap((album) => album.tracks);
    expect(tracks.some((track) => track.lyrics)).toBe(true);
    expect(tracks.some((track) => track.lyrics === null)).toBe(true);
    for (const album of albums) {
      expect(album.description).toBeTruthy();
      expect(album.copyright).toMatch(/^℗ \d{4} /);
    }
  });
});
