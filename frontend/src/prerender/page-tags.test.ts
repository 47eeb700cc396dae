import { describe, expect, it } from 'vitest';
import type { Album, AlbumTracks, Artist } from '#contract/catalogue.js';
import { headHtml, pageTags } from './page-tags';

const album: Album = {
  id: 'album-first-light',
  artistId: 'artist-mara-vell',
  artistName: 'Mara Vell',
  title: 'First Light </script>',
  artwork: '/media/images/artwork/album-first-light.jpg',
  description: 'Dawn songs.',
  albumType: 'Album',
  releaseDate: '2024-03-01',
  requiredTier: 'free',
  isExclusive: false,
  isAvailableForPurchase: true,
  stripeProductId: null,
  stripePriceDefault: 9.99,
  stripePriceSubscriber: null,
  price: 9.99,
  isDummyAlbum: false,
  rightsOwner: null,
  copyright: null,
  externalListenUrl: null,
  spotifyUrl: null,
  appleMusicUrl: null,
  youtubeUrl: null,
  amazonMusicUrl: null,
  deezerUrl: null,
  trackCount: 2,
  totalDuration: 300,
  playCount: 4,
};
const tracks: AlbumTracks = {
  hasAccess: true,
  tracks: [1, 2].map((n) => ({
    id: `t${n}`,
    albumId: album.id,
    title: `Song ${n}`,
    trackNumber: n,
    duration: 150,
    hasLyrics: false,
    audioUrl: null,
    playCount: 0,
  })),
};
const artist: Artist = {
  id: 'artist-mara-vell',
  name: 'Mara Vell',
  bio: 'Songs at dawn.',
  avatar: '/media/images/avatars/artist-mara-vell.jpg',
  headerImage: null,
  isMain: true,
  socialLinks: '{}',
  albumCount: 1,
  fanCount: 0,
};
const origin = 'https://toko.example';

/** The JSON-LD of the head's `application/ld+json` script, parsed. */
const jsonLdOf = (html: string): Record<string, unknown> =>
  JSON.parse(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)![1]) as Record<string, unknown>;

describe('a pre-rendered page’s tags', () => {
  it('give an album page its title, description, canonical URL, share tags and a MusicAlbum', () => {
    const html = headHtml(pageTags({ kind: 'album', album, tracks }, origin, '/media/share/album-first-light.jpg'));
    expect(html).toContain('<title>First Light &lt;/script&gt; by Mara Vell · Toko</title>');
    expect(html).toContain('<meta name="description" content="Dawn songs." />');
    expect(html).toContain('<link rel="canonical" href="https://toko.example/album/album-first-light" />');
    expect(html).toContain('<meta property="og:type" content="music.album" />');
    expect(html).toContain('<meta property="og:image" content="https://toko.example/media/share/album-first-light.jpg" />');
    expect(html).toContain('<meta property="og:image:width" content="1200" />');
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image" />');
    const jsonLd = jsonLdOf(html);
    expect(jsonLd).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'MusicAlbum',
      name: 'First Light </script>',
      url: 'https://toko.example/album/album-first-light',
      datePublished: '2024-03-01',
      numTracks: 2,
      byArtist: { '@type': 'MusicGroup', name: 'Mara Vell', url: 'https://toko.example/artist/artist-mara-vell' },
      track: [
        { '@type': 'MusicRecording', name: 'Song 1', position: 1, duration: 'PT2M30S' },
        { '@type': 'MusicRecording', name: 'Song 2', position: 2, duration: 'PT2M30S' },
      ],
    });
    // A title cannot end the script early.
    expect(html.match(/<\/script>/g)).toHaveLength(1);
  });

  it('give an artist page a MusicGroup listing its albums, and the square picture when no share picture was made', () => {
    const html = headHtml(pageTags({ kind: 'artist', artist, albums: [album] }, origin));
    expect(html).toContain('<link rel="canonical" href="https://toko.example/artist/artist-mara-vell" />');
    expect(html).toContain('<meta property="og:image" content="https://toko.example/media/images/avatars/artist-mara-vell.jpg" />');
    expect(html).toContain('<meta name="twitter:card" content="summary" />');
    expect(html).not.toContain('og:image:width');
    expect(jsonLdOf(html)).toMatchObject({
      '@type': 'MusicGroup',
      name: 'Mara Vell',
      description: 'Songs at dawn.',
      album: [{ '@type': 'MusicAlbum', name: album.title, url: 'https://toko.example/album/album-first-light' }],
    });
  });

  it('give the home page the site’s name and its featured album’s picture', () => {
    const html = headHtml(pageTags({ kind: 'home', featured: album }, origin));
    expect(html).toContain('<title>Toko</title>');
    expect(html).toContain('<link rel="canonical" href="https://toko.example/" />');
    expect(jsonLdOf(html)).toMatchObject({ '@type': 'WebSite', name: 'Toko', url: 'https://toko.example/' });
  });
});
