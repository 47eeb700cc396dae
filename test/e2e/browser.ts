/**
 * Debian's Chromium headless shell driven by playwright-core, with the flags this sandbox needs (playwright gives each
 * launch a fresh profile). The headless shell is Chromium's own headless build, the one Playwright runs headless tests
 * in: the same engine as the full browser without its windowing, at about half its CPU per page, which is what two
 * cores running three browser files at once are short of. `CHROMIUM_PATH=/usr/bin/chromium` runs them in the full browser.
 */
import { chromium, type Browser, type BrowserContext, type Frame, type Page } from 'playwright-core';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PNG } from 'pngjs';
import { afterAll, expect, inject, onTestFailed, onTestFinished } from 'vitest';
import { SESSION_COOKIE } from '../../functions/platform/session.js';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell';

export const viewports = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 390, height: 844 },
} as const;

/** Screens wait on the network and the lazy chunks of a loaded machine: poll generously. */
export const poll = <T>(read: () => Promise<T> | T, timeout = 15_000) => expect.poll(read, { timeout });

let shared: Promise<Browser> | undefined;

/**
 * Chromium, one per test worker: a worker runs its files one after another in one module graph (vitest.config.ts), so
 * Chromium's start and end are paid once a worker rather than once a file. A file's `browser.close()` closes the contexts
 * it opened and leaves the browser to the worker's next file; one that has gone away is launched anew.
 */
export async function launch(): Promise<Browser> {
  const running = await shared?.catch(() => undefined);
  if (running?.isConnected()) return running;
  shared = startChromium().then((browser) => {
    browser.close = async () => {
      await Promise.all(browser.contexts().map((context) => context.close()));
    };
    return browser;
  });
  return shared;
}

function startChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--autoplay-policy=no-user-gesture-required',
      // V8 without its optimizing compilers and with lazy feedback: a test's page lives for seconds, so what they compile
      // and record for later speed is never paid back (the JavaScript it runs means the same). Page speed is the bench's,
      // in a browser of its own with V8 as shipped.
      '--js-flags=--lite-mode',
      // Chromium's settings for a device short of memory (smaller caches and raster budgets, less kept for later): the
      // same pages with less work per page, which is what two cores running several browser files at once need.
      '--enable-low-end-device-mode',
    ],
  });
}

/**
 * A page in a context of its own (a person of their own: cookies, storage). The app's service worker is left out unless
 * asked for: it caches the assets a first visit fetches, and every test context is a first visit, so each paid its
 * install and a cache write per asset, a third of Chromium's work in a journey (measured on two e2e files: the
 * renderer's CPU 27–29 s → 19 s). What it does (taking over, a release's reload) is release-swap's, which asks for it.
 */
export async function newPage(
  browser: Browser,
  viewport: { width: number; height: number } = viewports.desktop,
  { serviceWorker = false }: { serviceWorker?: boolean } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: inject('baseUrl'),
    viewport,
    isMobile: viewport.width < 768,
    hasTouch: viewport.width < 768,
    serviceWorkers: serviceWorker ? 'allow' : 'block',
  });
  await context.addInitScript(recordToasts);
  await failOnCspViolations(context);
  const page = await context.newPage();
  untilHydrated(page);
  showOnFailure(page);
  return { context, page };
}

/**
 * When the test fails, what its page showed: a screenshot in `test-results/`, and the page's address and visible text
 * as a second error of the test, so a failure read from a log alone (CI's) says which screen the person was looking at.
 */
function showOnFailure(page: Page) {
  onTestFailed(async ({ task }) => {
    if (page.isClosed()) return;
    const name = task.name.replace(/[^\w-]+/g, '-').slice(0, 80);
    mkdirSync('test-results', { recursive: true });
    await page.screenshot({ path: join('test-results', `${name}.png`), timeout: 5_000 }).catch(() => undefined);
    const text = await page
      .evaluate(() => document.body.innerText)
      .then((t) => t.replace(/\s+/g, ' ').trim().slice(0, 800))
      .catch((error: Error) => `(unreadable: ${error.message})`);
    throw new Error(`the page at ${page.url()} showed: ${text}`);
  });
}

/**
 * A pre-rendered page (home, artist, album) shows its buttons before its script has made them work: navigations wait
 * until it is hydrated, as a person waits for a page to finish loading. A button pressed before is pressed again once
 * the page works (prerender/early-click.ts, tested in prerender.test.ts), but a tab's typing or hovering is not.
 */
function untilHydrated(page: Page) {
  const hydrated = () =>
    page.waitForFunction(
      () => !document.getElementById('prerendered-state') || document.getElementById('root')?.hasAttribute('data-hydrated'),
    );
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (...args) => {
    const response = await goto(...args);
    await hydrated();
    return response;
  };
  page.reload = async (...args) => {
    const response = await reload(...args);
    await hydrated();
    return response;
  };
}

/** What a browser reports of a Content-Security-Policy violation, enough to find what was refused and where. */
interface CspViolation {
  directive: string;
  blocked: string;
  page: string;
  source: string;
  sample: string;
}

/**
 * Every page and frame of the context reports each CSP violation (the `securitypolicyviolation` event, listened for
 * before any of the page's own scripts run); the test that opened the context fails when it ends if there was one.
 */
async function failOnCspViolations(context: BrowserContext) {
  const violations: CspViolation[] = [];
  await context.exposeBinding('reportCspViolation', (_source, violation: CspViolation) => void violations.push(violation));
  await context.addInitScript(() => {
    const report = (window as unknown as { reportCspViolation: (violation: CspViolation) => void }).reportCspViolation;
    document.addEventListener('securitypolicyviolation', (event) =>
      report({
        directive: event.effectiveDirective,
        blocked: event.blockedURI,
        page: event.documentURI,
        source: `${event.sourceFile}:${event.lineNumber}:${event.columnNumber}`,
        sample: event.sample,
      }),
    );
  });
  onTestFinished(() => expect(violations, 'Content-Security-Policy violations').toEqual([]));
}

/** Signs the browser in as `listener` with a session cookie, for journeys that start signed in. */
export async function signIn(context: BrowserContext, listener: { token: string }): Promise<void> {
  // Chromium counts http://localhost as a secure origin, so it keeps this `__Host-` (Secure) cookie there too. Given by
  // its host (no leading dot: a host-only cookie, as __Host- wants) rather than its http:// URL, which the DevTools
  // protocol refuses for a Secure cookie.
  const { hostname } = new URL(inject('baseUrl'));
  await context.addCookies([
    { name: SESSION_COOKIE, value: listener.token, domain: hostname, path: '/', httpOnly: true, secure: true, sameSite: 'Lax' },
  ]);
}

declare global {
  interface Window {
    toastsShown?: string[];
  }
}

/**
 * Runs in every page: notes the text of each toast as it appears. A toast is on screen for 2 s, which a
 * person reads but a test on a busy 2-core machine can miss between two polls; the note cannot be missed.
 */
function recordToasts() {
  const shown: string[] = (window.toastsShown = []);
  const seen = new WeakMap<Element, string>();
  new MutationObserver(() => {
    for (const element of document.querySelectorAll('[data-testid=toast]')) {
      const text = element.textContent ?? '';
      if (text && seen.get(element) !== text) {
        seen.set(element, text);
        shown.push(text);
      }
    }
  }).observe(document, { childList: true, subtree: true, characterData: true });
}

/**
 * Resolves once a toast whose text holds `text` has been on screen in this page (since it last loaded). Each call
 * takes one showing, so waiting twice for the same toast needs it shown twice.
 */
export async function toastShown(page: Page, text: string, timeout = 30_000): Promise<void> {
  await page.waitForFunction(
    (wanted) => {
      const shown = window.toastsShown ?? [];
      const at = shown.findIndex((toast) => toast.includes(wanted));
      if (at >= 0) shown.splice(at, 1);
      return at >= 0;
    },
    text,
    { timeout, polling: 100 },
  );
}

/**
 * Reloads the album page until its play count is at least `least`, and answers the count then. A reload may land on
 * the album's pre-rendered page, which shows the count it was rendered with until the hydrated app has read the live
 * one: so each reload waits a few seconds for the count to get there rather than reading it at once.
 */
export async function reloadUntilAlbumPlays(page: Page, least: number, timeout = 30_000): Promise<number> {
  const reached = (want: number) => Number(document.querySelector('[data-testid=album-play-count]')?.getAttribute('data-count')) >= want;
  await poll(async () => {
    await page.reload();
    return page.waitForFunction(reached, least, { timeout: 5_000, polling: 100 }).then(
      () => true,
      () => false,
    );
  }, timeout).toBe(true);
  return Number(await page.getByTestId('album-play-count').getAttribute('data-count'));
}

/**
 * How far the page reaches past the screen's right edge, with the innermost elements that reach it (to say which, on
 * failure). A phone page wider than the screen widens its layout viewport to match (innerWidth grows with it), and
 * then taps land off their targets; so the edge is the screen's, not the window's. A frame's edge is its own.
 */
export const pastRightEdge = (page: Page | Frame) =>
  page.evaluate(() => {
    const width = Math.min(window.screen.width, window.innerWidth);
    const by = document.documentElement.scrollWidth - width;
    if (by <= 0) return { by: 0, wider: [] };
    // Only a page that reaches past the edge is searched for what does: the innermost elements that reach it.
    const reaching = [...document.querySelectorAll<HTMLElement>('body *')].filter(
      (element) => element.getBoundingClientRect().right > width + 0.5,
    );
    const wider = reaching
      .filter((element) => !reaching.some((other) => other !== element && element.contains(other)))
      .slice(0, 5)
      .map((element) => {
        const id = element.dataset.testid ? `[data-testid=${element.dataset.testid}]` : '';
        const text = (element.textContent ?? '').trim().slice(0, 40);
        return `${element.tagName.toLowerCase()}${id}.${String(element.className).slice(0, 80)} "${text}"`;
      });
    return { by, wider };
  });

/** A scratch folder for a test file's downloads, removed once its tests are done. */
export function scratchDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** A PNG of `width` × `height` with a gradient, so a crop or a resize has something to show. */
export function gradientPng(width: number, height: number): Buffer {
  const png = new PNG({ width, height });
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const at = (width * y + x) << 2;
      png.data[at] = Math.round((255 * x) / width);
      png.data[at + 1] = Math.round((255 * y) / height);
      png.data[at + 2] = 160;
      png.data[at + 3] = 255;
    }
  }
  return PNG.sync.write(png);
}
