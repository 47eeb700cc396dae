import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { createArtist, createDraft, isNetworkUrl, socialNetworkHosts, youtubeVideoId } from './admin-catalogue.js';

describe('youtubeVideoId', () => {
  it.each([
    ['dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    [' https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=42 ', 'dQw4w9WgXcQ'],
    ['https://youtu.be/dQw4w9WgXcQ?si=abc', 'dQw4w9WgXcQ'],
    ['https://m.youtube.com/shorts/dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
  ])('reads %s as %s', (input, id) => expect(youtubeVideoId(input)).toBe(id));

  it.each(['', 'short', 'https://vimeo.com/123456789', 'https://evil.example/watch?v=dQw4w9WgXcQ', 'https://youtube.com/watch?v=tooShort'])(
    'refuses %s',
    (input) => expect(youtubeVideoId(input)).toBeNull(),
  );
});

describe('social links', () => {
  it('takes a link on the network or a subdomain of it, over https only', () => {
    expect(isNetworkUrl('https://www.instagram.com/nova', socialNetworkHosts.instagram)).toBe(true);
    expect(isNetworkUrl('https://x.com/nova', socialNetworkHosts.twitter)).toBe(true);
    expect(isNetworkUrl('https://open.spotify.com/artist/1', socialNetworkHosts.spotify)).toBe(true);
    expect(isNetworkUrl('https://instagram.com.evil.example/nova', socialNetworkHosts.instagram)).toBe(false);
    expect(isNetworkUrl('https://notinstagram.com/nova', socialNetworkHosts.instagram)).toBe(false);
    expect(isNetworkUrl('javascript:alert(1)//instagram.com', socialNetworkHosts.instagram)).toBe(false);
    expect(isNetworkUrl('https://band.example', socialNetworkHosts.website)).toBe(true);
    expect(isNetworkUrl('https://localhost', socialNetworkHosts.website)).toBe(false);
    expect(isNetworkUrl('http://www.instagram.com/nova', socialNetworkHosts.instagram)).toBe(false);
    expect(isNetworkUrl('http://band.example', socialNetworkHosts.website)).toBe(false);
  });

  it('completes a link typed without https:// as a browser would, and still refuses one of another network', () => {
    const parsed = z.parse(createArtist.body, {
      name: 'Nova',
      socialLinks: { instagram: ' instagram.com/nova ', website: 'band.example/tour' },
    });
    expect(parsed.socialLinks).toEqual({ instagram: 'https://instagram.com/nova', website: 'https://band.example/tour' });
    expect(z.safeParse(createArtist.body, { name: 'Nova', socialLinks: { tiktok: 'youtube.com/@nova' } }).success).toBe(false);
    expect(z.safeParse(createArtist.body, { name: 'Nova', socialLinks: { instagram: 'http://instagram.com/nova' } }).success).toBe(false);
  });

  it('refuses an artist with a link of another network, naming the field', () => {
    const result = z.safeParse(createArtist.body, { name: 'Nova', socialLinks: { tiktok: 'https://youtube.com/@nova' } });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.path.join('.'))).toEqual(['socialLinks.tiktok']);
  });
});

describe("a release's links", () => {
  const linksOf = (externalLinks: Record<string, string>) =>
    z.safeParse(createDraft.body, { artistId: 'artist-nova', title: 'Night Bus', externalLinks });

  it('takes https links and refuses http, other schemes and bare hosts, naming the field', () => {
    expect(linksOf({ spotifyUrl: 'https://open.spotify.com/album/1', externalListenUrl: 'https://band.example/listen' }).success).toBe(
      true,
    );
    for (const link of ['http://open.spotify.com/album/1', 'javascript:alert(1)', 'ftp://band.example/a.zip', 'https://localhost/x']) {
      const result = linksOf({ spotifyUrl: link });
      expect(result.success, link).toBe(false);
      expect(new Set(result.error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`))).toEqual(
        new Set(['externalLinks.spotifyUrl: Enter a web address starting with https://']),
      );
    }
  });
});
