/**
 * The label dashboard with 10× more events: its answer time for one 30-day range ≤ 1.2× what it was. Synthetic
 * events (plays of 20 albums by thousands of listeners, purchases with fees, memberships) are projected with the
 * rollups projection's own code into an in-memory store, and the items it leaves are written into the views table,
 * which is what the live projector would leave there; N events over one range, 10×N over another of the same
 * length; their days are then closed into summaries (functions/dashboard/scheduled/close-rollup-days.ts), as they are once over.
 * Then an admin asks the dashboard for each range in turn, median of many calls. Also: the chart code's size.
 */
import { randomUUID } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import type { DomainEvent, NewEvent } from '../../events/index.js';
import { memoryViewStore } from '../../functions/platform/memory-view-store.js';
import { project, type ViewItem } from '../../functions/platform/projection.js';
import { albumKey } from '../../functions/catalogue/projections/catalogue.js';
import { rollupsProjection } from '../../functions/dashboard/projections/rollups.js';
import { closeRollupDay } from '../../functions/dashboard/scheduled/close-rollup-days.js';
import { percentile, type Row } from './rows.js';
import { adminToken, writeViewItems } from './seed.js';

const EVENTS = 20_000;
const DAYS = 30;
const ALBUMS = 20;
const TRACKS_PER_ALBUM = 10;
const CALLS = 30;
const DAY_MS = 86_400_000;

const dayText = (start: number, i: number) => new Date(start + i * DAY_MS).toISOString().slice(0, 10);

/** `count` events spread over DAYS days from `start`: mostly plays, a sale every 50, a membership every 200. */
function* syntheticEvents(count: number, start: number, tag: string): Generator<DomainEvent> {
  const listeners = Math.max(100, Math.floor(count / 5));
  for (let i = 0; i < count; i++) {
    // Knuth's multiplicative hash spreads days, albums, tracks and listeners independently of each other.
    const h = Math.imul(i + 1, 2654435761) >>> 0;
    const day = dayText(start, h % DAYS);
    const at = `${day}T12:00:00.000Z`;
    const album = (h >>> 5) % ALBUMS;
    const track = (h >>> 11) % TRACKS_PER_ALBUM;
    const wrap = (streamId: string, event: NewEvent): DomainEvent =>
      ({
        streamId,
        version: 1,
        schemaVersion: 1,
        meta: { eventId: `${tag}-${i}`, at, actor: 'bench', correlationId: 'bench' },
        ...event,
      }) as DomainEvent;
    if (i % 200 === 199) {
      yield wrap(`user#${tag}-${i}`, {
        type: 'SubscriptionStarted',
        data: {
          userId: `${tag}-${i}`,
          stripeSubscriptionId: `sub-${tag}-${i}`,
          stripeCustomerId: 'cus',
          email: null,
          amount: [5, 10, 20][i % 3],
          startedAt: at,
          currentPeriodEnd: at,
          trialEndsAt: null,
          source: 'stripe',
        },
      });
    } else if (i % 50 === 49) {
      yield wrap(`order#${tag}-${i}`, {
        type: 'PurchaseCompleted',
        data: {
          orderId: `${tag}-${i}`,
          userId: 'u',
          email: 'bench@example.com',
          album: { albumId: `bench-album-${album}`, title: `Album ${album}`, artistName: null, artwork: null, price: 9.99 },
          stripeSessionId: 'cs',
          stripeEventId: 'evt',
          albumsInOrder: 1,
        },
      });
    } else {
      const listenerId = `${tag}-listener-${(h >>> 3) % listeners}`;
      yield wrap(`plays#${listenerId}#${day}#${i}`, {
        type: 'PlayRecorded',
        data: {
          trackId: `bench-album-${album}-t${track}`,
          albumId: `bench-album-${album}`,
          listenerId,
          userId: null,
          playDuration: 30 + (i % 200),
          trackLength: 200,
        },
      });
    }
  }
}

/** The rollup items `count` synthetic events leave, projected one by one with the rollups projection's own code. */
export async function rollupItems(count: number, start: number, tag: string): Promise<ViewItem[]> {
  const store = memoryViewStore();
  await store.commit('bench', 'catalogue', 0, 1, [
    ...Array.from({ length: ALBUMS }, (_, a) => ({
      kind: 'put' as const,
      item: {
        ...albumKey(`bench-album-${a}`),
        title: `Album ${a}`,
        artistId: `bench-artist-${a % 5}`,
        artistName: `Artist ${a % 5}`,
        tracks: Array.from({ length: TRACKS_PER_ALBUM }, (_, t) => ({ id: `bench-album-${a}-t${t}`, title: `Track ${t}` })),
      },
    })),
  ]);
  for (const event of syntheticEvents(count, start, tag)) await project(rollupsProjection, store, event);
  return Object.values(store.snapshot()).filter((item) => item.pk.startsWith('rollups#'));
}

/**
 * Projects the events and writes what the rollups leave into the views table, then closes their days and the days
 * of the period before (empty) with the closing job's code, as the live system leaves them once the days have ended;
 * answers how many items the events left.
 */
async function projectInto(count: number, start: number): Promise<number> {
  const started = performance.now();
  const items = await rollupItems(count, start, randomUUID().slice(0, 8));
  const projected = performance.now();
  await writeViewItems(items);
  const written = performance.now();
  const now = new Date();
  for (let i = -DAYS; i < DAYS; i++) await closeRollupDay(dayText(start, i), now);
  const seconds = (from: number, to: number) => `${((to - from) / 1000).toFixed(1)} s`;
  console.log(
    `dashboard bench: ${count} events projected into ${items.length} items in ${seconds(started, projected)}, written in ${seconds(projected, written)}, ${2 * DAYS} days closed in ${seconds(written, performance.now())}`,
  );
  return items.length;
}

export async function dashboardRow(baseUrl: string): Promise<Row> {
  // Two windows of DAYS days each, years apart and in the past, so nothing else in the cloud falls in them.
  const small = Date.parse('2001-01-01T00:00:00.000Z');
  const large = Date.parse('2003-01-01T00:00:00.000Z');
  const smallItems = await projectInto(EVENTS, small);
  const largeItems = await projectInto(EVENTS * 10, large);
  const token = await adminToken();
  const ask = async (start: number) => {
    const started = performance.now();
    const res = await fetch(`${baseUrl}/api/admin/dashboard?from=${dayText(start, 0)}&to=${dayText(start, DAYS - 1)}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    if (res.status !== 200) throw new Error(`the dashboard answered ${res.status}: ${await res.text()}`);
    await res.json();
    return performance.now() - started;
  };
  // Asked in turn, so a machine that speeds up or slows down meanwhile weighs on both alike.
  await ask(small);
  await ask(large);
  const times = { small: [] as number[], large: [] as number[] };
  for (let i = 0; i < CALLS; i++) {
    times.small.push(await ask(small));
    times.large.push(await ask(large));
  }
  const [n, tenN] = [percentile(times.small, 50), percentile(times.large, 50)];
  return {
    what: `label dashboard, 30 days: ${EVENTS * 10} events (${largeItems} items) vs ${EVENTS} (${smallItems} items), median`,
    measured: `${tenN.toFixed(0)} ms ÷ ${n.toFixed(0)} ms = ${(tenN / n).toFixed(2)}×`,
    budget: '≤ 1.2×',
    ratio: 1.2 / (tenN / n),
  };
}

/** uPlot and the dashboard's chart module, minified and gzipped: the chart code the admin dashboard loads. */
export async function chartCodeRow(): Promise<Row> {
  const out = await build({
    entryPoints: [new URL('../../frontend/src/features/admin/dashboard/dashboard-chart.tsx', import.meta.url).pathname],
    bundle: true,
    minify: true,
    write: false,
    format: 'esm',
    jsx: 'automatic',
    // React, the icons and the app's own UI are in the app's other chunks already; only the chart code is counted.
    external: ['react', 'react/jsx-runtime', 'lucide-react'],
    loader: { '.css': 'empty' },
    logLevel: 'silent',
  });
  const bytes = out.outputFiles.reduce((sum, f) => sum + gzipSync(f.contents).length, 0);
  return {
    what: 'chart code of the admin dashboard (uPlot + chart, gzip)',
    measured: `${(bytes / 1024).toFixed(1)} KB`,
    budget: '≤ 60 KB',
    ratio: (60 * 1024) / bytes,
  };
}
