/**
 * Lighthouse 12.2.3, its default (mobile, simulated throttling) config, on the pre-rendered home, album and artist
 * pages, each against a static snapshot of itself: the median of a few runs per page against the budgets below (LCP
 * at most 1.15× the snapshot's, performance, CLS, TBT; docs/architecture.md lists them with the others). Each run's report is kept in .bench/lighthouse/
 * and the audits that cost the most points are printed, to know what to fix.
 *
 * The snapshot is the page as a guest sees it once hydrated and idle, without its scripts: the rendered DOM's HTML with
 * every <script> and script preload dropped and the stylesheet links kept. It is put in the cloud's site bucket as the
 * pre-rendered page of an album id no album has (pages/album/bench-snapshot-<page>.html), so the gateway serves it
 * as it serves the real pages: same origin, same server code, compression, headers and CSP, and the page's
 * /assets and /media from the same place. Only its path differs, which nothing in a script-free page reads.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DeleteObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import lighthouse, { type Result } from 'lighthouse';
import { chromium as playwright, type Browser } from 'playwright-core';
import { objectKeyOf, pathOf, type PrerenderedPage } from '../../frontend/src/prerender/pages.js';
import { s3Client } from '../../functions/platform/aws.js';
import { env } from '../../functions/platform/env.js';
import { albums } from '../../infra/seed/catalogue.js';
import { CHROMIUM, chromiumArgs, percentile, type Row } from './rows.js';

const budgets = { performance: 97, accessibility: 95, 'best-practices': 95 } as const;
type Category = keyof typeof budgets;
const categories = Object.keys(budgets) as Category[];

/** Runs per page; the median score of each category is the measurement. */
const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);

interface DebuggableChromium {
  port: number;
  stop(): Promise<void>;
}

/** Headless Chromium with a remote-debugging port for Lighthouse to drive (what chrome-launcher does). */
async function launchDebuggable(): Promise<DebuggableChromium> {
  const profile = await mkdtemp(join(tmpdir(), 'toko-bench-lh-'));
  const child: ChildProcess = spawn(
    CHROMIUM,
    [...chromiumArgs, '--headless=new', '--remote-debugging-port=0', `--user-data-dir=${profile}`, 'about:blank'],
    { stdio: 'ignore' },
  );
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill();
      await exited;
    }
    await rm(profile, { recursive: true, force: true });
  };
  // Chromium writes the port it picked into the profile once it listens.
  for (const started = Date.now(); Date.now() - started < 30_000;) {
    const port = Number((await readFile(join(profile, 'DevToolsActivePort'), 'utf8').catch(() => '')).split('\n')[0]);
    if (port > 0) return { port, stop };
    if (child.exitCode !== null) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  await stop();
  throw new Error('Chromium did not open its remote-debugging port');
}

/** The audits of a category that cost points, heaviest first (weight × lost score). */
function costlyAudits(lhr: Result, category: Category): string[] {
  return lhr.categories[category].auditRefs
    .map((ref) => ({ ref, audit: lhr.audits[ref.id] }))
    .filter(({ ref, audit }) => ref.weight > 0 && audit.score !== null && audit.score < 1)
    .sort((a, b) => b.ref.weight * (1 - (b.audit.score ?? 0)) - a.ref.weight * (1 - (a.audit.score ?? 0)))
    .map(
      ({ ref, audit }) =>
        `${audit.id} (score ${Math.round((audit.score ?? 0) * 100)}, weight ${ref.weight}${audit.displayValue ? `, ${audit.displayValue}` : ''}): ${audit.title}`,
    );
}

/** Lighthouse's default mobile screen (Moto G Power: config/constants.js), so the snapshot is the DOM of the screen it measures. */
const MOBILE = { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true } as const;

/** The site bucket's page that holds the snapshot of `slug`, served at /album/bench-snapshot-<slug>. */
const snapshotPage = (slug: string): Extract<PrerenderedPage, { kind: 'album' }> => ({ kind: 'album', albumId: `bench-snapshot-${slug}` });

/**
 * The page's HTML once a guest's browser has hydrated it and gone idle, without scripts: every <script> (the app's,
 * the early-answers script, the JSON data) and every module or script preload goes; stylesheets, image preloads and
 * what the page's script added to the DOM stay. Also whether the gateway served the page pre-rendered.
 */
async function takeSnapshot(browser: Browser, url: string): Promise<{ html: string; prerendered: boolean }> {
  const context = await browser.newContext(MOBILE);
  try {
    const page = await context.newPage();
    const response = await page.goto(url, { waitUntil: 'networkidle' });
    const prerendered = (await response?.text())?.includes('id="prerendered-state"') ?? false;
    await page.waitForFunction(
      () => !document.getElementById('prerendered-state') || document.getElementById('root')?.hasAttribute('data-hydrated'),
    );
    await page.waitForLoadState('networkidle');
    await page.evaluate(() => new Promise<void>((idle) => requestIdleCallback(() => idle())));
    const html = await page.evaluate(() => {
      for (const node of document.querySelectorAll('script, link[rel="modulepreload"], link[rel="preload"][as="script"]')) node.remove();
      return `<!doctype html>\n${document.documentElement.outerHTML}`;
    });
    return { html, prerendered };
  } finally {
    await context.close();
  }
}

/** Loads each page once, so the first measured run does not pay for cold handlers and empty server caches. */
async function warmUp(browser: Browser, urls: string[]) {
  const page = await browser.newPage();
  for (const url of urls) await page.goto(url, { waitUntil: 'networkidle' });
  await page.close();
}

/** Lighthouse warns below this BenchmarkIndex: the host is ~2× weaker than its CPU throttling assumes (core/gather/driver/environment.js). */
const SLOW_HOST_BENCHMARK_INDEX = 1000;

const metricIds = ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift', 'speed-index'];

/** The budgets on each page's metrics. */
const LCP_OVER_SNAPSHOT = 1.15;
const CLS_BUDGET = 0.02;
const TBT_BUDGET_MS = 150;

interface BenchPage {
  name: string;
  /** Names its reports and its snapshot's key. */
  slug: string;
  url: string;
  snapshotUrl: string;
}

const median = (values: number[]) => percentile(values, 50);
const numeric = (lhr: Result, id: string) => lhr.audits[id]?.numericValue ?? NaN;
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const metricsLine = (lhr: Result) => metricIds.map((id) => `${id} ${lhr.audits[id]?.displayValue ?? '?'}`).join(', ');

/** Lighthouse on `url` in the debuggable Chromium; its report goes to `file`. */
async function audit(port: number, url: string, file: string): Promise<Result> {
  const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: categories });
  if (!result) throw new Error(`Lighthouse returned no result for ${url}`);
  if (result.lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${result.lhr.runtimeError.code} ${result.lhr.runtimeError.message}`);
  await writeFile(file, JSON.stringify(result.lhr));
  return result.lhr;
}

/** The rows of the home page, the album page of `albumId` and its artist's page (the seed's). */
export async function lighthouseRows(baseUrl: string, albumId: string): Promise<Row[]> {
  const reportDir = fileURLToPath(new URL('../../.bench/lighthouse/', import.meta.url));
  await mkdir(reportDir, { recursive: true });
  const artistId = albums.find((album) => album.albumId === albumId)?.artistId;
  if (!artistId) throw new Error(`the seed has no album ${albumId}`);
  const pages: BenchPage[] = [
    { name: '/', slug: 'home', url: `${baseUrl}/` },
    { name: '/album/{id}', slug: 'album', url: `${baseUrl}/album/${albumId}` },
    { name: '/artist/{id}', slug: 'artist', url: `${baseUrl}/artist/${artistId}` },
  ].map((page) => ({ ...page, snapshotUrl: `${baseUrl}${pathOf(snapshotPage(page.slug))}` }));

  const browser = await playwright.launch({ executablePath: CHROMIUM, headless: true, args: chromiumArgs });
  try {
    for (const page of pages) {
      const { html, prerendered } = await takeSnapshot(browser, page.url);
      if (!prerendered) console.log(`\nLighthouse ${page.name}: the gateway served the SPA's index.html, not a pre-rendered page`);
      await s3Client().send(
        new PutObjectCommand({
          Bucket: env().SITE_BUCKET,
          Key: objectKeyOf(snapshotPage(page.slug)),
          Body: html,
          ContentType: 'text/html; charset=utf-8',
          // As the pre-rendered pages are stored (functions/catalogue/consumers/prerender.ts).
          CacheControl: 'public, max-age=60, stale-while-revalidate=600',
        }),
      );
    }
    await warmUp(
      browser,
      pages.flatMap((p) => [p.url, p.snapshotUrl]),
    );
  } finally {
    await browser.close();
  }

  const rows: Row[] = [];
  const chromium = await launchDebuggable();
  try {
    // A page and its snapshot take turns, round after round, so a machine that speeds up or slows down during the
    // run weighs on both alike.
    const runs = new Map(pages.map((page) => [page.slug, { page: [] as Result[], snapshot: [] as Result[] }]));
    for (let run = 0; run < RUNS; run++) {
      for (const page of pages) {
        const of = runs.get(page.slug)!;
        of.page.push(await audit(chromium.port, page.url, join(reportDir, `${page.slug}-${run + 1}.json`)));
        of.snapshot.push(await audit(chromium.port, page.snapshotUrl, join(reportDir, `${page.slug}-snapshot-${run + 1}.json`)));
      }
    }
    for (const page of pages) rows.push(...pageRows(page, runs.get(page.slug)!));
  } finally {
    await chromium.stop();
    await Promise.all(
      pages.map((page) =>
        s3Client().send(new DeleteObjectCommand({ Bucket: env().SITE_BUCKET, Key: objectKeyOf(snapshotPage(page.slug)) })),
      ),
    );
  }
  return rows;
}

/** A page's rows from its runs and its snapshot's, and what they cost printed. */
function pageRows(page: BenchPage, runs: { page: Result[]; snapshot: Result[] }): Row[] {
  const rows: Row[] = [];
  const score = (lhr: Result, category: Category) => Math.round((lhr.categories[category].score ?? 0) * 100);
  const medianRun = (results: Result[], category: Category) => {
    const scoreOf = median(results.map((r) => r.categories[category].score ?? 0));
    return results.find((r) => r.categories[category].score === scoreOf) ?? results[0];
  };
  const benchmarkIndex = Math.round(median(runs.page.map((r) => r.environment.benchmarkIndex)));
  console.log(`\nLighthouse ${page.name} (${RUNS} runs, median; static snapshot ${page.snapshotUrl}; reports in .bench/lighthouse/)`);
  if (benchmarkIndex <= SLOW_HOST_BENCHMARK_INDEX) {
    console.log(
      `  slow host: BenchmarkIndex ${benchmarkIndex} ≤ ${SLOW_HOST_BENCHMARK_INDEX}, the 4× CPU slowdown overstates blocking time and paints on this machine`,
    );
  }

  const lcps = runs.page.map((r) => numeric(r, 'largest-contentful-paint'));
  const snapshotLcps = runs.snapshot.map((r) => numeric(r, 'largest-contentful-paint'));
  const [lcp, snapshotLcp] = [median(lcps), median(snapshotLcps)];
  rows.push({
    what: `Lighthouse mobile ${page.name}: LCP ÷ its static snapshot's (runs ${lcps.map(seconds).join(', ')}; snapshot ${snapshotLcps.map(seconds).join(', ')})`,
    measured: `${seconds(lcp)} ÷ ${seconds(snapshotLcp)} = ${(lcp / snapshotLcp).toFixed(2)}×`,
    budget: `≤ ${LCP_OVER_SNAPSHOT}×`,
    ratio: (LCP_OVER_SNAPSHOT * snapshotLcp) / lcp,
  });
  for (const category of categories) {
    const lhr = medianRun(runs.page, category);
    const measured = score(lhr, category);
    const all = runs.page.map((r) => score(r, category));
    const snapshot = score(medianRun(runs.snapshot, category), category);
    rows.push({
      what: `Lighthouse mobile ${page.name}: ${category} (runs ${all.join(', ')}; snapshot ${snapshot}${category === 'performance' ? `; BenchmarkIndex ${benchmarkIndex}` : ''})`,
      measured: String(measured),
      budget: `≥ ${budgets[category]}`,
      ratio: measured / budgets[category],
    });
    if (category === 'performance') {
      console.log(`  metrics: ${metricsLine(lhr)}`);
      console.log(`  snapshot's metrics: ${metricsLine(medianRun(runs.snapshot, category))}`);
    }
    const costly = costlyAudits(lhr, category).slice(0, 6);
    console.log(`  ${category} ${measured}${costly.length ? ', points lost to:' : ''}`);
    for (const line of costly) console.log(`    - ${line}`);
  }
  // A measured zero counts as the smallest step the row shows, so its ratio stays a number.
  const cls = median(runs.page.map((r) => numeric(r, 'cumulative-layout-shift')));
  rows.push({
    what: `Lighthouse mobile ${page.name}: CLS (runs ${runs.page.map((r) => numeric(r, 'cumulative-layout-shift').toFixed(3)).join(', ')})`,
    measured: cls.toFixed(3),
    budget: `≤ ${CLS_BUDGET}`,
    ratio: CLS_BUDGET / Math.max(cls, 0.001),
  });
  const tbt = median(runs.page.map((r) => numeric(r, 'total-blocking-time')));
  rows.push({
    what: `Lighthouse mobile ${page.name}: TBT (runs ${runs.page.map((r) => numeric(r, 'total-blocking-time').toFixed(0)).join(', ')} ms)`,
    measured: `${tbt.toFixed(0)} ms`,
    budget: `≤ ${TBT_BUDGET_MS} ms`,
    ratio: TBT_BUDGET_MS / Math.max(tbt, 1),
  });
  const warnings = [...runs.page, ...runs.snapshot].flatMap((r) => r.runWarnings);
  for (const warning of new Set(warnings)) console.log(`  warning: ${warning}`);
  return rows;
}
