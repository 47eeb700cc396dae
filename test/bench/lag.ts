/**
 * Projection lag: artists created at 50 events/s through the catalogue commands, each timed from its append
 * until its view item is readable. Runs in a process of its own (`lagRow` spawns it) on a fresh local cloud with
 * DynamoDB Local in memory, as the integration tests run it: on disk DynamoDB Local commits about 30 writes/s on
 * this kind of machine (see the ingest row's raw PutItem rate), below the ~150 writes/s that 50 events/s take
 * (the append and one commit per projector), so on disk the row would measure the emulator's disk, not the code.
 * One watcher reads every pending view item with BatchGetItem every 10 ms, so the measuring adds little load.
 * First 300 artists are created at the same rate and not measured: a service under load is warm, and a fresh
 * cloud's first seconds measure the JIT compilers of the JVM (DynamoDB Local) and of Node, not the pipeline.
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createArtist } from '../../functions/catalogue/catalogue-commands.js';
import { resetEnvCache } from '../../functions/platform/env.js';
import { getViews } from '../../functions/platform/views.js';
import { artistKey } from '../../functions/catalogue/projections/catalogue.js';
import { startLocalCloud } from '../../infra/local/cloud.js';
import { percentile, type Row } from './rows.js';
import { dynamoEventStore } from '../../functions/platform/event-store.js';

const RATE = 50;
const COUNT = 500;
const WARM_UP = 300;

const artist = (artistId: string, name: string) => ({
  artistId,
  name,
  bio: null,
  avatar: null,
  headerImage: null,
  isMain: false,
  socialLinks: {},
});

/** Creates `count` artists at RATE per second; `created` runs once each append has landed. */
async function createAtRate(count: number, prefix: string, created: (artistId: string) => Promise<void> = async () => {}) {
  const start = performance.now();
  const all: Promise<void>[] = [];
  for (let i = 0; i < count; i++) {
    await new Promise((r) => setTimeout(r, Math.max(0, start + (i * 1000) / RATE - performance.now())));
    const artistId = `${prefix}-${randomUUID()}`;
    all.push(
      createArtist(artist(artistId, `Bench ${prefix} ${i}`), {
        actor: 'bench',
        correlationId: artistId,
        eventStore: dynamoEventStore,
      }).then(() => created(artistId)),
    );
  }
  await Promise.all(all);
}

async function measure(): Promise<Row> {
  const dataDir = await mkdtemp(join(tmpdir(), 'toko-bench-lag-'));
  const cloud = await startLocalCloud({ port: 0, dataDir, seed: false, quiet: true, dynamoDbInMemory: true });
  Object.assign(process.env, cloud.env);
  resetEnvCache();
  try {
    await cloud.waitForIdle(30_000);
    await createAtRate(WARM_UP, 'warm-up');
    await cloud.waitForIdle(60_000);
    const lags: number[] = [];
    const waiting = new Map<string, { appended: number; seen: () => void }>();
    let watching = true;
    const watcher = (async () => {
      while (watching) {
        const ids = [...waiting.keys()];
        const found = ids.length ? await getViews<{ pk: string }>(ids.map(artistKey)) : [];
        const now = performance.now();
        for (const item of found) {
          const id = item.pk.slice('artist#'.length);
          const pending = waiting.get(id);
          if (!pending) continue;
          waiting.delete(id);
          lags.push(now - pending.appended);
          pending.seen();
        }
        await new Promise((r) => setTimeout(r, 10));
      }
    })();
    await createAtRate(COUNT, 'bench', (artistId) => {
      const appended = performance.now();
      return new Promise<void>((seen) => waiting.set(artistId, { appended, seen }));
    });
    watching = false;
    await watcher;
    const p95 = percentile(lags, 95);
    return {
      what: `projection lag p95, append → view readable, ${RATE} events/s after ${WARM_UP} unmeasured (DynamoDB Local in memory)`,
      measured: `${p95.toFixed(0)} ms (p50 ${percentile(lags, 50).toFixed(0)} ms)`,
      budget: '≤ 250 ms',
      ratio: 250 / p95,
    };
  } finally {
    await cloud.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** The lag row, measured in a child process (its AWS clients and env belong to its own cloud). */
export function lagRow(): Promise<Row> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url)], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.on('error', reject);
    child.on('exit', (code) => {
      const line = out.split('\n').find((l) => l.startsWith('ROW '));
      if (code === 0 && line) resolve(JSON.parse(line.slice(4)) as Row);
      else reject(new Error(`the lag bench exited with ${code}`));
    });
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const row = await measure();
  console.log(`ROW ${JSON.stringify(row)}`);
  process.exit(0);
}
