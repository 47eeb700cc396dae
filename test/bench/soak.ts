/**
 * The soak (`npm run bench -- soak`): mixed load on a seeded local cloud for 20 minutes (`SOAK_MINUTES` shortens it):
 * plays, page reads, library changes and now and then a purchase through the Stripe sandbox. It reports the cloud's
 * memory growth, the resident memory of this process (the cloud, its handlers and emulators in Node; the load loops are
 * small beside them) plus DynamoDB Local's Java process, from the first minute after the warm-up to the last, and its
 * errors: any answer other than the expected one, a consumer failure, or a message left in a DLQ.
 *
 * The row's samples in those two minutes are taken a second after two full collections forced every 20 s (three a
 * minute, each pause well under the queues' 2 s visibility timeout). V8's own full collections do not give the
 * old space's emptied pages back, so a long soak's Node RSS grows with room V8 keeps, not with what the cloud holds
 * (docs/architecture.md, "Why it is so"). A forced collection gives them back, so the row weighs what the cloud holds, not how much room V8 keeps. The
 * samples after V8's own collections and those taken every 5 s whatever the GC are printed beside the row.
 */
import { randomUUID } from 'node:crypto';
import { qualifyingSeconds } from '../../functions/listening/domain/plays.js';
import fs from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { constants, PerformanceObserver } from 'node:perf_hooks';
import { getHeapSpaceStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { resetEnvCache } from '../../functions/platform/env.js';
import { issueSessionToken } from '../../functions/platform/session.js';
import { signInWithEmail } from '../../functions/accounts/users.js';
import { startLocalCloud } from '../../infra/local/cloud.js';
import { seededRandom } from '../../infra/local/fault-proxy.js';
import { sleep } from '../../infra/local/util.js';
import { albums as seededAlbums } from '../../infra/seed/catalogue.js';
import { queueDepths } from '../faults/support.js';
import { percentile, type Row } from './rows.js';
import { dynamoEventStore } from '../../functions/platform/event-store.js';

const LOOPS = 8;
const SAMPLE_MS = 5_000;
/** After a collection, how long V8 is given to hand the freed pages back before the sample. */
const SETTLE_MS = 1_000;
/** How often, within the first and the last minute, a full collection is forced for the row's sample. */
const FORCED_EVERY_MS = 20_000;
const PAID_ALBUM = 'album-after-hours';

/** Resident memory in bytes of a process, from /proc. */
function rssOf(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
}

/** This process's descendants (DynamoDB Local's JVM and the shell that started it). */
function descendants(pid: number): number[] {
  const children: number[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // The parent is the 4th field of /proc/<pid>/stat, after the command in parentheses.
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid) children.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return children.flatMap((child) => [child, ...descendants(child)]);
}

/** A full garbage collection of this process: `gc`, exposed at run time (the bench runs without --expose-gc). */
function garbageCollector(): () => void {
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
}

/** The cloud's resident memory: this Node process's, and its descendants' (DynamoDB Local's JVM). */
function cloudMemory(): {
  rss: number;
  node: number;
  heap: number;
  java: number;
  committed: number;
  external: number;
  spaces: Record<string, number>;
} {
  const { rss: node, heapUsed: heap, heapTotal: committed, external } = process.memoryUsage();
  let java = 0;
  for (const pid of descendants(process.pid)) {
    try {
      java += rssOf(pid);
    } catch {
      // gone meanwhile
    }
  }
  // Each V8 space's committed size: where a growth of the heap committed is.
  const spaces = Object.fromEntries(getHeapSpaceStatistics().map((space) => [space.space_name, space.space_size]));
  return { rss: node + java, node, heap, java, committed, external, spaces };
}

/** `staticDir`: the built SPA the cloud serves (its home page is one of the reads). */
export async function soakRows(staticDir: string, minutes = Number(process.env.SOAK_MINUTES ?? 20)): Promise<Row[]> {
  const dataDir = await mkdtemp(join(tmpdir(), 'toko-soak-'));
  const cloud = await startLocalCloud({
    port: 0,
    dataDir,
    seed: true,
    quiet: true,
    staticDir,
    mediaCacheDir: fileURLToPath(new URL('../../.local/media-cache', import.meta.url)),
  });
  resetEnvCache();
  try {
    if (!(await cloud.waitForIdle(300_000))) throw new Error('the seeded cloud did not become idle in 5 minutes');
    const random = seededRandom(20);
    const free = seededAlbums.filter((a) => a.requiredTier === 'free' && !a.isDummyAlbum);
    const tracks = free.flatMap((a) => a.tracks.map((t) => ({ albumId: a.albumId, trackId: t.trackId, duration: t.duration })));
    const newPerson = async () => {
      const email = `soak-${randomUUID().slice(0, 8)}@example.com`;
      const { user, sessionId } = await signInWithEmail(email, 'email_code', null, {
        actor: 'bench',
        correlationId: randomUUID(),
        eventStore: dynamoEventStore,
      });
      return { email, authorization: `Bearer ${await issueSessionToken({ userId: user.id, sessionId })}` };
    };
    const people = await Promise.all(Array.from({ length: 16 }, newPerson));
    const errors: string[] = [];
    const latencies: number[] = [];
    let operations = 0;
    const expect = async (what: string, statuses: number[], request: () => Promise<Response>) => {
      const started = performance.now();
      try {
        const res = await request();
        const text = await res.text();
        if (!statuses.includes(res.status)) errors.push(`${what}: ${res.status} ${text.slice(0, 200)}`);
        return { status: res.status, text };
      } catch (error) {
        errors.push(`${what}: ${(error as Error).message}`);
        return undefined;
      } finally {
        latencies.push(performance.now() - started);
        operations++;
      }
    };
    const post = (path: string, body: unknown, headers: Record<string, string> = {}, method = 'POST') =>
      fetch(cloud.url + path, { method, headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });

    const playing: { track: { trackId: string; albumId: string }; cookie: string; token: string; due: number }[][] = [];
    const operation = async (loop: number) => {
      playing[loop] ??= [];
      const pick = random();
      const person = people[Math.floor(random() * people.length)];
      if (pick < 0.6) {
        // A player's play: a guest of its own starts it, and reports it on a later turn of its loop once its time has passed.
        const due = playing[loop].findIndex((p) => performance.now() >= p.due);
        if (due >= 0) {
          const [p] = playing[loop].splice(due, 1);
          await expect('play', [202], () => post('/api/track-play', { ...p.track, playToken: p.token }, { cookie: p.cookie }));
        } else {
          const t = tracks[Math.floor(random() * tracks.length)];
          const cookie = `toko_listener=guest-soak-${randomUUID()}`;
          const track = { trackId: t.trackId, albumId: t.albumId };
          const started = await expect('play start', [200], () => post('/api/track-play/start', track, { cookie }));
          if (started?.status === 200) {
            const { playToken } = JSON.parse(started.text) as { playToken: string };
            playing[loop].push({ track, cookie, token: playToken, due: performance.now() + qualifyingSeconds(t.duration) * 1000 + 200 });
          }
        }
      } else if (pick < 0.85) {
        const album = free[Math.floor(random() * free.length)].albumId;
        const page = ['/api/albums', `/api/albums/${album}`, `/api/albums/${album}/tracks`, '/'][Math.floor(random() * 4)];
        await expect(`read ${page}`, [200], () => fetch(cloud.url + page));
      } else if (pick < 0.98) {
        const albumId = free[Math.floor(random() * free.length)].albumId;
        const add = random() < 0.6;
        await expect('library', [200], () =>
          post(
            add ? '/api/library/add-album' : '/api/library/remove-album',
            { albumId },
            { authorization: person.authorization },
            add ? 'POST' : 'DELETE',
          ),
        );
      } else {
        // A new buyer each time: someone who owns the album already is refused (409), as they should be.
        const buyer = await newPerson();
        const res = await expect('checkout', [200], () =>
          post(
            '/api/cart/checkout',
            { cartItems: [{ albumId: PAID_ALBUM }], includeSubscription: false },
            { authorization: buyer.authorization },
          ),
        );
        if (res?.status !== 200) return;
        const { sessionId } = JSON.parse(res.text) as { sessionId: string };
        await expect('pay', [200], () =>
          fetch(`${cloud.stripeUrl}/sandbox/checkout/sessions/${sessionId}/pay`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ email: buyer.email }),
          }),
        );
      }
    };

    const durationMs = minutes * 60_000;
    const warmUpMs = Math.min(120_000, durationMs / 10);
    // The first and the last minute after the warm-up (a quarter of what follows it in a short soak).
    const windowMs = Math.min(60_000, (durationMs - warmUpMs) / 4);
    const windowOf = (at: number): 'first' | 'last' | undefined =>
      at >= warmUpMs && at < warmUpMs + windowMs ? 'first' : at >= durationMs - windowMs && at <= durationMs ? 'last' : undefined;
    /** After a forced full collection (the row's), after one of V8's own, or every SAMPLE_MS whatever the GC. */
    type Kind = 'forced' | 'own' | 'timed';
    type Sample = { at: number; window: 'first' | 'last'; kind: Kind } & ReturnType<typeof cloudMemory>;
    const samples: Sample[] = [];
    const started = Date.now();
    const sample = (kind: Kind, window = windowOf(Date.now() - started)) => {
      if (window) samples.push({ at: Date.now() - started, window, kind, ...cloudMemory() });
    };
    const collections = new PerformanceObserver((list) => {
      for (const entry of list.getEntries())
        if ((entry as PerformanceEntry & { detail?: { kind?: number } }).detail?.kind === constants.NODE_PERFORMANCE_GC_MAJOR)
          setTimeout(() => sample('own', windowOf(entry.startTime - (started - performance.timeOrigin))), SETTLE_MS);
    });
    collections.observe({ entryTypes: ['gc'] });
    const collectGarbage = garbageCollector();
    const pauses: number[] = [];
    const forcedSample = async (window: 'first' | 'last') => {
      // Two in a row: one alone does not always give the old space's emptied pages back.
      const at = performance.now();
      collectGarbage();
      collectGarbage();
      pauses.push(performance.now() - at);
      await sleep(SETTLE_MS);
      sample('forced', window);
    };
    let loading = true;
    const sampler = (async () => {
      while (loading) {
        await sleep(SAMPLE_MS);
        sample('timed');
        const window = windowOf(Date.now() - started);
        const lastForced = samples.findLast((s) => s.kind === 'forced' && s.window === window);
        if (window && (!lastForced || Date.now() - started - lastForced.at >= FORCED_EVERY_MS)) await forcedSample(window);
      }
    })();
    const failedBefore = Object.values(cloud.stats().consumers).reduce((n, c) => n + c.failed, 0);
    try {
      await Promise.all(
        Array.from({ length: LOOPS }, async (_, loop) => {
          while (Date.now() - started < durationMs) await operation(loop);
        }),
      );
    } finally {
      loading = false;
      await sampler;
      if (!samples.some((s) => s.kind === 'forced' && s.window === 'last')) await forcedSample('last');
      collections.disconnect();
    }
    // What the consumers had not caught up with when the load stopped: fauxqs holds it in this process's memory.
    const drainStarted = performance.now();
    if (!(await cloud.waitForIdle(120_000))) errors.push('the queues did not drain within 2 minutes of the end');
    const drainSeconds = (performance.now() - drainStarted) / 1000;
    const failed = Object.values(cloud.stats().consumers).reduce((n, c) => n + c.failed, 0) - failedBefore;
    if (failed) errors.push(`${failed} consumer failures`);
    const { dlqs } = await queueDepths(cloud.endpoints.sqs);
    for (const [name, depth] of Object.entries(dlqs)) if (depth) errors.push(`${depth} messages in ${name}'s DLQ`);

    // Medians of the first and last minute after the warm-up, so one sample's timing does not decide the row.
    const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
    const median = (kind: Kind, window: 'first' | 'last', part: (s: Sample) => number) =>
      percentile(samples.filter((s) => s.kind === kind && s.window === window).map(part), 50);
    const change = (kind: Kind, part: (s: Sample) => number) => `${mb(median(kind, 'first', part))} → ${mb(median(kind, 'last', part))}`;
    const count = (kind: Kind) =>
      ['first', 'last'].map((w) => samples.filter((s) => s.kind === kind && s.window === w).length).join(' and ');
    const first = median('forced', 'first', (s) => s.rss);
    const last = median('forced', 'last', (s) => s.rss);
    const growth = (last - first) / first;
    const spaces = Object.keys(samples[0]?.spaces ?? {}).filter((space) => median('forced', 'last', (s) => s.spaces[space]) > 1024 * 1024);
    console.log(
      `soak memory, first and last minute after the warm-up, a second after two forced full GCs (${count('forced')} samples, pauses up to ${Math.max(...pauses).toFixed(0)} ms):` +
        ` Node RSS ${change('forced', (s) => s.node)}; its heap used ${change('forced', (s) => s.heap)}, committed ${change('forced', (s) => s.committed)}` +
        ` (${spaces.map((space) => `${space} ${change('forced', (s) => s.spaces[space])}`).join(', ')}), external ${change('forced', (s) => s.external)};` +
        ` DynamoDB Local's JVM ${change('forced', (s) => s.java)}.` +
        ` After V8's own full GCs (${count('own')}): the cloud ${change('own', (s) => s.rss)}, Node RSS ${change('own', (s) => s.node)}, heap committed ${change('own', (s) => s.committed)}.` +
        ` Every ${SAMPLE_MS / 1000} s whatever the GC: the cloud ${change('timed', (s) => s.rss)}, heap used ${change('timed', (s) => s.heap)}.` +
        ` The queues drained ${drainSeconds.toFixed(0)} s after the load.`,
    );
    if (errors.length) console.log(`soak errors (first 20 of ${errors.length}):\n  ${errors.slice(0, 20).join('\n  ')}`);
    const what = `soak, ${minutes} min of mixed load on ${LOOPS} loops (${operations} operations, p95 ${percentile(latencies, 95).toFixed(0)} ms)`;
    return [
      {
        what: `${what}: memory growth after the warm-up (Node + DynamoDB Local)`,
        measured: `${mb(first)} → ${mb(last)} = ${(growth * 100).toFixed(1)} %`,
        budget: '≤ 10 %',
        ratio: growth <= 0 ? 10 : 0.1 / growth,
      },
      { what: `${what}: errors`, measured: String(errors.length), budget: '0', ratio: errors.length === 0 ? 1 : 0 },
    ];
  } finally {
    await cloud.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}
