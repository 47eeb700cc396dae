/**
 * Click Play → audio `playing` in Chromium: a fresh browser context (empty cache) per try opens the page of a
 * free album and clicks Play Album; the page itself notes performance.now() when the click is dispatched and
 * when the first audio element fires `playing`. Then seeking: on a slow link (so the track is not yet all
 * buffered), a jump near the end must be fetched with a Range request the media server answers 206.
 */
import { chromium, type Browser, type Page } from 'playwright-core';
import { CHROMIUM, chromiumArgs, percentile, type Row } from './rows.js';

const TRIES = Number(process.env.BENCH_PLAY_TRIES ?? 12);

declare global {
  interface Window {
    __bench?: { click?: number; playing?: number };
  }
}

/** Runs in the page before its scripts: capture-phase listeners on window see the click and every media element's `playing`. */
function listenForPlaying() {
  window.__bench = {};
  window.addEventListener('click', () => (window.__bench!.click ??= performance.now()), true);
  window.addEventListener(
    'playing',
    (event) => {
      if (event.target instanceof HTMLMediaElement) window.__bench!.playing ??= performance.now();
    },
    true,
  );
}

async function freeAlbumIds(baseUrl: string): Promise<string[]> {
  const albums = (await (await fetch(`${baseUrl}/api/albums`)).json()) as { id: string; requiredTier: string; isDummyAlbum?: boolean }[];
  return albums.filter((a) => a.requiredTier === 'free' && !a.isDummyAlbum).map((a) => a.id);
}

async function openAlbum(page: Page, baseUrl: string, albumId: string) {
  await page.goto(`${baseUrl}/album/${albumId}`);
  await page.locator('[data-testid=track-row]').first().waitFor();
}

async function clickToPlaying(browser: Browser, baseUrl: string, albumId: string): Promise<number> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.addInitScript(listenForPlaying);
    await openAlbum(page, baseUrl, albumId);
    const play = page.getByRole('button', { name: 'Play Album' });
    await play.waitFor();
    await play.click();
    await page.waitForFunction(() => window.__bench?.playing !== undefined, undefined, { timeout: 30_000 });
    const { click, playing } = (await page.evaluate(() => window.__bench))!;
    return playing! - click!;
  } finally {
    await context.close();
  }
}

/** Plays the album on a ~1.6 Mbit/s link, seeks to 90 %, and returns the media responses that answered the seek. */
async function seekRanges(browser: Browser, baseUrl: string, albumId: string) {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 40,
      downloadThroughput: 200_000,
      uploadThroughput: 100_000,
    });
    const media: { url: string; range: string | null; status: number }[] = [];
    page.on('response', async (response) => {
      if (new URL(response.url()).pathname.startsWith('/media/audio/')) {
        media.push({ url: response.url(), range: await response.request().headerValue('range'), status: response.status() });
      }
    });
    await page.addInitScript(listenForPlaying);
    await openAlbum(page, baseUrl, albumId);
    await page.getByRole('button', { name: 'Play Album' }).click();
    const audio = page.locator('[data-testid=player-audio]');
    await page.waitForFunction(() => window.__bench?.playing !== undefined, undefined, { timeout: 30_000 });
    await page.waitForFunction(
      () => {
        const element = document.querySelector<HTMLAudioElement>('[data-testid=player-audio]');
        return element !== null && Number.isFinite(element.duration) && element.duration > 0;
      },
      undefined,
      { timeout: 30_000 },
    );
    const before = media.length;
    const target = await audio.evaluate(async (element: HTMLAudioElement) => {
      const seeked = new Promise((resolve) => element.addEventListener('seeked', resolve, { once: true }));
      element.currentTime = element.duration * 0.9;
      await seeked;
      return element.currentTime;
    });
    // The seek's response may be noted just after `seeked`.
    for (let waited = 0; media.length === before && waited < 5_000; waited += 100) await new Promise((r) => setTimeout(r, 100));
    return { target, before: media.slice(0, before), after: media.slice(before) };
  } finally {
    await context.close();
  }
}

export async function clickToPlayRows(baseUrl: string): Promise<Row[]> {
  const albums = await freeAlbumIds(baseUrl);
  if (albums.length === 0) throw new Error('No free album with audio in the catalogue');
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: chromiumArgs });
  try {
    // One try to warm the server and the browser (first Lambda imports, Chromium's media pipeline).
    await clickToPlaying(browser, baseUrl, albums[0]);
    const latencies: number[] = [];
    for (let i = 0; i < TRIES; i++) latencies.push(await clickToPlaying(browser, baseUrl, albums[i % albums.length]));
    const p50 = percentile(latencies, 50);
    console.log(
      `\nclick → playing (ms, ${TRIES} tries over ${albums.length} free albums): ${latencies.map((ms) => ms.toFixed(0)).join(', ')}`,
    );

    const seek = await seekRanges(browser, baseUrl, albums[0]);
    const ranged = seek.after.filter((r) => r.status === 206 && r.range !== null && !/^bytes=0-/.test(r.range));
    console.log(
      `seek to ${seek.target.toFixed(1)} s; media responses before: ${JSON.stringify(seek.before.map(({ range, status }) => ({ range, status })))}; after: ${JSON.stringify(seek.after.map(({ range, status }) => ({ range, status })))}`,
    );
    return [
      {
        what: `click Play Album → audio playing, p50 of ${TRIES} (fresh context each)`,
        measured: `${p50.toFixed(0)} ms (p90 ${percentile(latencies, 90).toFixed(0)} ms)`,
        budget: '≤ 500 ms',
        ratio: 500 / p50,
      },
      {
        what: 'seeking fetches with an HTTP Range request answered 206',
        measured:
          ranged.length > 0
            ? `yes (${ranged[0].range} → 206)`
            : `no (${seek.after.map((r) => `${r.range ?? 'no Range'} → ${r.status}`).join(', ') || 'no request'})`,
        budget: 'yes',
        ratio: ranged.length > 0 ? 1 : 0,
      },
    ];
  } finally {
    await browser.close();
  }
}
