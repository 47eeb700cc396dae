import { describe, expect, it } from 'vitest';
import { albumEmbedCode, albumEmbedHeight, albumEmbedUrl, EMBED_HEIGHTS } from './album-embed';

describe("the album's embeddable player", () => {
  it('is 432 px high, 352 compact, with the heights of the other embedded players', () => {
    expect(albumEmbedHeight(false)).toBe(432);
    expect(albumEmbedHeight(true)).toBe(352);
    expect(EMBED_HEIGHTS).toMatchObject({ track: 152, artist: 352, show: 232, episode: 232, playlist: 432 });
  });

  it('lives at /embed/album/{id}, the compact one with ?compact=1', () => {
    expect(albumEmbedUrl('https://toko.example', 'album-first-light', false)).toBe('https://toko.example/embed/album/album-first-light');
    expect(albumEmbedUrl('https://toko.example', 'a b', true)).toBe('https://toko.example/embed/album/a%20b?compact=1');
  });

  it('gives a frame code with the address, the height and a title, its quotes escaped', () => {
    const code = albumEmbedCode('https://toko.example', { id: 'album-x', title: 'Say "hi" & <go>', artistName: 'Mara Vell' }, false);
    expect(code).toBe(
      '<iframe src="https://toko.example/embed/album/album-x" title="Say &quot;hi&quot; &amp; &lt;go> by Mara Vell" ' +
        'width="100%" height="432" style="border:0;border-radius:12px" allow="autoplay; encrypted-media; fullscreen" loading="lazy"></iframe>',
    );
    expect(albumEmbedCode('https://toko.example', { id: 'album-x', title: 'X', artistName: '' }, true)).toContain('height="352"');
  });
});
