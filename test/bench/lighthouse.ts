/**
 * Lighthouse 12.2.3, its default (mobile, simulated throttling) config, on the home and album pages: the
 * median score of a few runs per category against ARCHITECTURE.md's budgets. Each run's report is kept in
 * .bench/lighthouse/ and the audits that cost the most points are printed, to know what to fix.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import lighthouse, { type Result } from 'lighthouse';
import { chromium as playwright } from 'playwright-core';
import { CHROMIUM, chromiumArgs, percentile, type Row } from './rows.js';

const budgets = { performance: 90, accessibility: 95, 'best-practices': 95 } as const;
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

/** Loads each page once, so the first measured run does not pay for cold handlers and empty server caches. */
async function warmUp(urls: string[]) {
  const browser = await playwright.launch({ executablePath: CHROMIUM, headless: true, args: chromiumArgs });
  try {
    const page = await browser.newPage();
    for (const url of urls) await page.goto(url, { waitUntil: 'networkidle' });
  } finally {
    await browser.close();
  }
}

/** Lighthouse warns below this BenchmarkIndex: the host is ~2× weaker than its CPU throttling assumes (core/gather/driver/environment.js). */
const SLOW_HOST_BENCHMARK_INDEX = 1000;

const metricIds = ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift', 'speed-index'];

export async function lighthouseRows(baseUrl: string, albumId: string): Promise<Row[]> {
  const reportDir = fileURLToPath(new URL('../../.bench/lighthouse/', import.meta.url));
  await mkdir(reportDir, { recursive: true });
  const pages = [
    { name: '/', url: `${baseUrl}/` },
    { name: '/album/{id}', url: `${baseUrl}/album/${albumId}` },
  ];
  const rows: Row[] = [];
  await warmUp(pages.map((p) => p.url));
  const chromium = await launchDebuggable();
  try {
    for (const page of pages) {
      const runs: Result[] = [];
      for (let run = 0; run < RUNS; run++) {
        const result = await lighthouse(page.url, { port: chromium.port, output: 'json', logLevel: 'error', onlyCategories: categories });
        if (!result) throw new Error(`Lighthouse returned no result for ${page.url}`);
        if (result.lhr.runtimeError)
          throw new Error(`Lighthouse on ${page.url}: ${result.lhr.runtimeError.code} ${result.lhr.runtimeError.message}`);
        runs.push(result.lhr);
        const file = `${page.name === '/' ? 'home' : 'album'}-${run + 1}.json`;
        await writeFile(join(reportDir, file), JSON.stringify(result.lhr));
      }
      const medianRun = (category: Category) => {
        const score = percentile(
          runs.map((r) => r.categories[category].score ?? 0),
          50,
        );
        return runs.find((r) => r.categories[category].score === score) ?? runs[0];
      };
      const benchmarkIndex = Math.round(
        percentile(
          runs.map((r) => r.environment.benchmarkIndex),
          50,
        ),
      );
      console.log(`\nLighthouse ${page.name} (${RUNS} runs, median; reports in .bench/lighthouse/)`);
      if (benchmarkIndex <= SLOW_HOST_BENCHMARK_INDEX) {
        console.log(
          `  slow host: BenchmarkIndex ${benchmarkIndex} ≤ ${SLOW_HOST_BENCHMARK_INDEX}, the 4× CPU slowdown overstates blocking time and paints on this machine`,
        );
      }
      for (const category of categories) {
        const lhr = medianRun(category);
        const score = Math.round((lhr.categories[category].score ?? 0) * 100);
        const all = runs.map((r) => Math.round((r.categories[category].score ?? 0) * 100));
        rows.push({
          what: `Lighthouse mobile ${page.name}: ${category} (runs ${all.join(', ')}${category === 'performance' ? `; BenchmarkIndex ${benchmarkIndex}` : ''})`,
          measured: String(score),
          budget: `≥ ${budgets[category]}`,
          ratio: score / budgets[category],
        });
        if (category === 'performance') {
          console.log(`  metrics: ${metricIds.map((id) => `${id} ${lhr.audits[id]?.displayValue ?? '?'}`).join(', ')}`);
        }
        const costly = costlyAudits(lhr, category).slice(0, 6);
        console.log(`  ${category} ${score}${costly.length ? ', points lost to:' : ''}`);
        for (const line of costly) console.log(`    - ${line}`);
      }
      const warnings = runs.flatMap((r) => r.runWarnings);
      for (const warning of new Set(warnings)) console.log(`  warning: ${warning}`);
    }
  } finally {
    await chromium.stop();
  }
  return rows;
}
