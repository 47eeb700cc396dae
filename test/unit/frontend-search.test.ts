import { describe, expect, it } from 'vitest';
import { suggestionPath, wantsSuggestions } from '../../frontend/src/features/search/api/get-suggestions';
import { searchPath } from '../../frontend/src/features/search/components/header-search';
import { moveActive } from '../../frontend/src/features/search/suggestion-navigation';

describe('header search', () => {
  it('submits the trimmed, non-empty text to /search/{query}', () => {
    expect(searchPath('  night garden ')).toBe('/search/night%20garden');
    expect(searchPath('AC/DC')).toBe('/search/AC%2FDC');
    expect(searchPath('   ')).toBeNull();
  });

  it('asks for suggestions from two characters', () => {
    expect(wantsSuggestions('m')).toBe(false);
    expect(wantsSuggestions(' m ')).toBe(false);
    expect(wantsSuggestions('ma')).toBe(true);
  });

  it('moves through the list with the arrows, wrapping through the text box', () => {
    expect(moveActive(-1, 1, 3)).toBe(0);
    expect(moveActive(0, 1, 3)).toBe(1);
    expect(moveActive(2, 1, 3)).toBe(-1);
    expect(moveActive(-1, -1, 3)).toBe(2);
    expect(moveActive(0, -1, 3)).toBe(-1);
    expect(moveActive(-1, 1, 0)).toBe(-1);
  });

  it('leads an album and a track to the album page, an artist to the artist page', () => {
    expect(suggestionPath({ id: 'album-1', type: 'album', title: 'A', subtitle: '', artwork: null })).toBe('/album/album-1');
    expect(suggestionPath({ id: 'track-1', type: 'track', title: 'T', subtitle: '', artwork: null, albumId: 'album-1' })).toBe(
      '/album/album-1',
    );
    expect(suggestionPath({ id: 'artist-1', type: 'artist', title: 'R', subtitle: '', artwork: null })).toBe('/artist/artist-1');
  });
});
