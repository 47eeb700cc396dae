/**
 * Global setup of the `system` and `system-alone` projects (integration over HTTP and e2e in Chromium): one local cloud
 * on a free port with fresh temporary data, seeded (media generated once into .local/media-cache and
 * reused across runs), stopped after the run. Builds the SPA first when frontend/dist is missing or
 * older than its sources. `TOKO_WEB_DIST=/some/dir` builds and serves the SPA from that directory instead,
 * so several checkouts or sessions testing at once do not overwrite each other's build.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { tsImport } from 'tsx/esm/api';
import type { LocalCloud } from '../infra/local/cloud.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The app, e.g. http://localhost:41234 (same origin as APP_ORIGIN). */
    baseUrl: string;
    /** The local inbox; `GET ${inboxUrl}/store` lists its newest mails as JSON. */
    inboxUrl: string;
    /** The variables the cloud gave its handlers (AWS endpoints, table, queue and bucket names…), for tests that use the SDK directly. */
    cloudEnv: Record<string, string>;
    /** The Stripe sandbox (hosted checkout pages; admin endpoints under /sandbox/). */
    stripeSandboxUrl: string;
    /** The built SPA the cloud serves, read from disk at each request: a test may put a release over it (test/e2e/release-swap.test.ts). */
    staticDir: string;
  }
}

const repoRoot = fileURLToPath(new URL('../', import.meta.url));

function newestMtime(dir: string): number {
  let newest = 0;
  const walk = (d: string) => {
    for (const entry of fs.readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'node_modules' && entry.name !== 'dist') walk(p);
      } else newest = Math.max(newest, fs.statSync(p).mtimeMs);
    }
  };
  if (fs.existsSync(dir)) walk(dir);
  return newest;
}

/** `npx vite build` when the SPA's sources, the contracts it bundles or its config are newer than `<outDir>/index.html`. */
function buildFrontendIfStale(outDir: string) {
  const frontend = path.join(repoRoot, 'frontend');
  const config = path.join(frontend, 'vite.config.ts');
  if (!fs.existsSync(config)) return;
  const index = path.join(outDir, 'index.html');
  const built = fs.existsSync(index) ? fs.statSync(index).mtimeMs : 0;
  // The SPA bundles the contracts (and the event registry they name) as well as its own sources.
  const sources = Math.max(
    newestMtime(frontend),
    ...fs
      .readdirSync(path.join(repoRoot, 'functions'), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((context) => newestMtime(path.join(repoRoot, 'functions', context.name, 'contract'))),
    newestMtime(path.join(repoRoot, 'events')),
    fs.statSync(path.join(repoRoot, 'package.json')).mtimeMs,
  );
  if (built >= sources) return;
  const started = Date.now();
  const out = spawnSync('npx', ['vite', 'build', '--config', 'frontend/vite.config.ts', '--outDir', outDir, '--emptyOutDir'], {
    cwd: repoRoot,
    stdio: 'pipe',
    encoding: 'utf8',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (out.status !== 0) throw new Error(`Building the SPA failed:\n${out.stdout}\n${out.stderr}`);
  console.log(`[local-cloud] built the SPA in ${((Date.now() - started) / 1000).toFixed(1)}s`);
}

interface Shared {
  started: Promise<{ cloud: LocalCloud; staticDir: string; stop: () => Promise<void> }>;
  /** The projects using it: the last one to end stops it. */
  users: number;
}
/** The system and system-alone projects share one cloud: their global setups run in this one process. */
const shared = globalThis as { tokoTestCloud?: Shared };

async function startTestCloud(): Promise<{ cloud: LocalCloud; staticDir: string; stop: () => Promise<void> }> {
  const staticDir = path.resolve(process.env.TOKO_WEB_DIST ?? path.join(repoRoot, 'frontend', 'dist'));
  buildFrontendIfStale(staticDir);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'toko-cloud-'));
  let cloud: LocalCloud;
  try {
    // Node's own loader (tsx for the TypeScript) runs the cloud, as `npm start` does, rather than vitest's module runner:
    // that runner takes the AWS SDK's ES module build and transforms and runs each of its modules itself.
    const { startLocalCloud } = (await tsImport('../infra/local/cloud.ts', import.meta.url)) as typeof import('../infra/local/cloud.js');
    cloud = await startLocalCloud({
      port: 0,
      dataDir,
      seed: true,
      quiet: true,
      staticDir,
      mediaCacheDir: path.join(repoRoot, '.local', 'media-cache'),
      // Fresh data every run: DynamoDB in memory is 2–3× faster to write and nothing needs to survive.
      dynamoDbInMemory: true,
      // A rebuild reads the whole log, the suite's included, at its pace; the pace that spares a deployment's live ingest
      // is the bench's to measure, and here it only makes the rebuild tests wait.
      settings: { REBUILD_EVENTS_PER_SECOND: '20000' },
      // A rebuild asked for is taken within seconds rather than at the next minute: the rebuild tests wait for it.
      scheduleSeconds: { rebuilds: 2 },
    });
  } catch (err) {
    fs.rmSync(dataDir, { recursive: true, force: true });
    throw err;
  }
  console.log(
    `[local-cloud] ${cloud.url} ready in ${(cloud.timings.total / 1000).toFixed(1)}s (${Object.entries(cloud.timings)
      .map(([k, v]) => `${k} ${v}ms`)
      .join(', ')})`,
  );
  const stop = async () => {
    await cloud.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  return { cloud, staticDir, stop };
}

export default async function setup(project: TestProject) {
  shared.tokoTestCloud ??= { started: startTestCloud(), users: 0 };
  const mine = shared.tokoTestCloud;
  mine.users++;
  let started: Awaited<Shared['started']>;
  try {
    started = await mine.started;
  } catch (err) {
    mine.users--;
    throw err;
  }
  const { cloud, staticDir, stop } = started;
  project.provide('baseUrl', cloud.url);
  project.provide('inboxUrl', cloud.inboxUrl);
  project.provide('cloudEnv', cloud.env);
  project.provide('stripeSandboxUrl', cloud.stripeUrl);
  project.provide('staticDir', staticDir);
  return async () => {
    if (--mine.users > 0) return;
    delete shared.tokoTestCloud;
    await stop();
  };
}
