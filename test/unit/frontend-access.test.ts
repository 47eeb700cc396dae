import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { albumPrices, buyPrice, playBlock } from '../../frontend/src/features/albums/album-access';
import { isValidFanEmail } from '../../frontend/src/features/band/api/fan-signup';
import { deploymentHealth, type DeploymentStatus } from '../../frontend/src/features/platform/api/get-deployment-status';
import { searchPath } from '../../frontend/src/features/search/components/header-search';
import { appIcons, buildStamp, renderAppIcon, webAppManifest } from '../../frontend/build/web-app';

const PLUS = 'toko_plus';

describe('access to an album', () => {
  const album = (requiredTier: 'free' | 'toko_plus' | 'purchase_required', isDummyAlbum = false) => ({ requiredTier, isDummyAlbum });

  it('plays when the server grants access, except a physical-only album, which never plays here', () => {
    expect(playBlock(album('free'), true, PLUS)).toBeNull();
    expect(playBlock(album(PLUS), true, PLUS)).toBeNull();
    expect(playBlock(album('purchase_required'), true, PLUS)).toBeNull();
    expect(playBlock(album('free', true), true, PLUS)).toBe('dummy');
  });

  it('names what is missing: the subscription for a Toko+ album, a purchase (or subscription) otherwise', () => {
    expect(playBlock(album(PLUS), false, PLUS)).toBe('subscription');
    expect(playBlock(album('purchase_required'), false, PLUS)).toBe('purchase');
    expect(playBlock(album('free'), false, PLUS)).toBe('purchase');
  });
});

describe('album prices', () => {
  it('shows the member price only when members pay less', () => {
    expect(albumPrices({ stripePriceDefault: 9.99, stripePriceSubscriber: 6.99, price: 9.99 })).toEqual({ regular: 9.99, member: 6.99 });
    expect(albumPrices({ stripePriceDefault: 9.99, stripePriceSubscriber: 9.99, price: 9.99 })).toEqual({ regular: 9.99, member: null });
  });

  it('falls back to 70% of the default price for members and shows the server’s price of an album without one', () => {
    expect(albumPrices({ stripePriceDefault: 9.99, stripePriceSubscriber: null, price: 9.99 })).toEqual({ regular: 9.99, member: 6.99 });
    expect(albumPrices({ stripePriceDefault: null, stripePriceSubscriber: null, price: 12.99 })).toEqual({ regular: 12.99, member: null });
  });

  it('names on the Buy button what the checkout charges: the member price to a member, the regular price to anyone else', () => {
    const album = { stripePriceDefault: 9.99, stripePriceSubscriber: null, price: 9.99 };
    expect(buyPrice(album, true)).toBe(6.99);
    expect(buyPrice(album, false)).toBe(9.99);
    expect(buyPrice({ stripePriceDefault: 9.99, stripePriceSubscriber: 5.49, price: 9.99 }, true)).toBe(5.49);
    // Members never pay more than the regular price, whatever the album's member price says.
    expect(buyPrice({ stripePriceDefault: 5, stripePriceSubscriber: 7, price: 5 }, true)).toBe(5);
  });
});

describe('the deployment check', () => {
  const status = (changes: Partial<DeploymentStatus> = {}): DeploymentStatus => ({
    buildTime: '2026-11-01T10:00:00Z',
    timestamp: '2026-11-01T10:05:00Z',
    version: 'v1',
    hasUploads: true,
    imagesCount: 17,
    audioCount: 35,
    ...changes,
  });

  it('reads Checking, Error, Deployed or Issues Found', () => {
    expect(deploymentHealth(undefined, false)).toBe('checking');
    expect(deploymentHealth(status(), true)).toBe('error');
    expect(deploymentHealth(status(), false)).toBe('deployed');
    expect(deploymentHealth(status({ imagesCount: 16 }), false)).toBe('issues');
    expect(deploymentHealth(status({ audioCount: 34 }), false)).toBe('issues');
    expect(deploymentHealth(status({ hasUploads: false }), false)).toBe('issues');
  });
});

describe('forms', () => {
  it('the fan signup needs a valid e-mail address', () => {
    expect(isValidFanEmail('fan@example.com')).toBe(true);
    expect(isValidFanEmail('  fan@example.com ')).toBe(true);
    expect(isValidFanEmail('fan@')).toBe(false);
    expect(isValidFanEmail('')).toBe(false);
  });

  it('search submits the trimmed, non-empty text', () => {
    expect(searchPath('  night garden ')).toBe('/search/night%20garden');
    expect(searchPath('   ')).toBeNull();
    expect(searchPath('a/b?c')).toBe('/search/a%2Fb%3Fc');
  });
});

describe('the installable web app', () => {
  const brand = { product: 'Toko', labelName: 'Toko Records', accentColor: '#f5a524', backgroundColor: '#09090b' };

  it('draws each icon at its size, the record in the accent colour on the page background', () => {
    for (const icon of appIcons) {
      const png = PNG.sync.read(renderAppIcon(icon.size, brand, icon));
      expect([png.width, png.height]).toEqual([icon.size, icon.size]);
      const pixel = (x: number, y: number) => Array.from(png.data.subarray((y * png.width + x) * 4, (y * png.width + x) * 4 + 3));
      expect(pixel(0, 0)).toEqual([9, 9, 11]);
      // Between the label and the groove: the accent.
      expect(pixel(Math.round(icon.size * 0.5 + icon.size * 0.2), Math.round(icon.size / 2))).toEqual([245, 165, 36]);
    }
  });

  it('keeps the maskable record inside the safe zone (the central 80%)', () => {
    const png = PNG.sync.read(renderAppIcon(512, brand, { maskable: true }));
    const offset = (256 * 512 + Math.round(512 * 0.1)) * 4;
    expect(Array.from(png.data.subarray(offset, offset + 3))).toEqual([9, 9, 11]);
  });

  it('describes an installable app: name, start URL, standalone display and 192/512 icons', () => {
    const manifest = JSON.parse(webAppManifest(brand));
    expect(manifest).toMatchObject({ name: 'Toko', short_name: 'Toko', start_url: '/', display: 'standalone', theme_color: '#09090b' });
    expect(manifest.icons.map((icon: { sizes: string; purpose: string }) => `${icon.sizes} ${icon.purpose}`)).toEqual([
      '192x192 any',
      '512x512 any',
      '512x512 maskable',
    ]);
  });

  it('names each build after its page, so a new release is a new service worker', () => {
    expect(buildStamp('<html>a</html>')).toMatch(/^[0-9a-f]{16}$/);
    expect(buildStamp('<html>a</html>')).not.toBe(buildStamp('<html>b</html>'));
  });
});
