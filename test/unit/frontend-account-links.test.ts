import { describe, expect, it } from 'vitest';
import { classifyLink, inAppPathOr } from '../../frontend/src/lib/links';

const origin = 'https://toko.example';

describe('notification and redirect links', () => {
  it('keeps relative links in the app: starting with / or ./, or with no ://', () => {
    expect(classifyLink('/album/42', origin)).toEqual({ kind: 'in-app', path: '/album/42' });
    expect(classifyLink('./library', origin)).toEqual({ kind: 'in-app', path: '/library' });
    expect(classifyLink('purchases?tab=downloads#top', origin)).toEqual({ kind: 'in-app', path: '/purchases?tab=downloads#top' });
  });

  it('opens other sites in a new tab', () => {
    expect(classifyLink('https://www.youtube.com/watch?v=1', origin)).toEqual({
      kind: 'external',
      href: 'https://www.youtube.com/watch?v=1',
    });
    expect(classifyLink('//evil.example/path', origin)).toEqual({ kind: 'external', href: 'https://evil.example/path' });
    expect(classifyLink('mailto:support@toko.example', origin)).toEqual({ kind: 'external', href: 'mailto:support@toko.example' });
  });

  it("treats the app's own absolute address as in-app", () => {
    expect(classifyLink('https://toko.example/exclusive?video=7', origin)).toEqual({ kind: 'in-app', path: '/exclusive?video=7' });
  });

  it('never follows script or data links, nor an empty one', () => {
    expect(classifyLink('javascript:alert(1)', origin)).toEqual({ kind: 'unsafe' });
    expect(classifyLink(' JavaScript:alert(1)', origin)).toEqual({ kind: 'unsafe' });
    expect(classifyLink('data:text/html,<script>1</script>', origin)).toEqual({ kind: 'unsafe' });
    expect(classifyLink('  ', origin)).toEqual({ kind: 'unsafe' });
  });

  it('lets only app paths follow sign-in', () => {
    expect(inAppPathOr('/cart', origin, '/')).toBe('/cart');
    expect(inAppPathOr('https://evil.example/', origin, '/')).toBe('/');
    expect(inAppPathOr(null, origin, '/')).toBe('/');
  });
});
