/**
 * The soak (`npm run bench -- soak`): mixed load on a seeded local cloud for 20 minutes (`SOAK_MINUTES` shortens it):
 * plays, page reads, library changes and now and then a purchase through the Stripe sandbox. It reports the cloud's
 * memory growth, the resident memory of this process (the cloud, its handlers and emulators in Node; the load loops are
 * small beside them) plus DynamoDB Local's Java process, from the end of the warm-up to the end, and its errors: any
 * answer other than the expected one, a consumer failure, or a message left in a DLQ.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { resetEnvCache } from '../../functions/lib/env.js';
import { issueSessionToken } from '../../functions/lib/session.js';
import { signInWithEmail } from '../../functions/lib/users.js';
import { startLocalCloud } from '../../infra/local/cloud.js';
import { seededRandom } from '../../infra/local/fault-proxy.js';
import { albums as seededAlbums } from '../../infra/seed/catalogue.js';
import { queueDepths } from '../faults/support.js';
import { percentile, type Row } from './rows.js';

const LOOPS = 8;
const SAMPLE_MS = 5_000;
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

/** The cloud's resident memory: this Node process's, and its descendants' (DynamoDB Local's JVM). */
function cloudMemory(): { rss: number; node: number; heap: number; java: number } {
  const { rss: node, heapUsed: heap } = process.memoryUsage();
  let java = 0;
  for (const pid of descendants(process.pid)) {
    try {
      java += rssOf(pid);
    } catch {
      // gone meanwhile
    }
  }
  return { rss: node + java, node, heap, java };
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
      const { user, sessionId } = await signInWithEmail(email, 'email_code', null, { actor: 'bench', correlationId: randomUUID() });
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

    const operation = async (loop: number) => {
      const pick = random();
      const person = people[Math.floor(random() * people.length)];
      if (pick < 0.6) {
        const t = tracks[Math.floor(random() * tracks.length)];
        const listener = `guest-soak-${loop}-${Math.floor(random() * 50)}`;
        await expect('play', [202], () =>
          post(
            '/api/track-play',
            { trackId: t.trackId, albumId: t.albumId, playDuration: t.duration / 2, trackLength: t.duration },
            { cookie: `toko_listener=${listener}` },
          ),
        );
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
    const samples: ({ at: number } & ReturnType<typeof cloudMemory>)[] = [];
    const started = Date.now();
    const sampler = setInterval(() => samples.push({ at: Date.now() - started, ...cloudMemory() }), SAMPLE_MS);
    const failedBefore = Object.values(cloud.stats().consumers).reduce((n, c) => n + c.failed, 0);
    try {
      await Promise.all(
        Array.from({ length: LOOPS }, async (_, loop) => {
          while (Date.now() - started < durationMs) await operation(loop);
        }),
      );
    } finally {
      clearInterval(sampler);
    }
    if (!(await cloud.waitForIdle(120_000))) errors.push('the queues did not drain within 2 minutes of the end');
    const failed = Object.values(cloud.stats().consumers).reduce((n, c) => n + c.failed, 0) - failedBefore;
    if (failed) errors.push(`${failed} consumer failures`);
    const { dlqs } = await queueDepths(cloud.endpoints.sqs);
    for (const [name, depth] of Object.entries(dlqs)) if (depth) errors.push(`${depth} messages in ${name}'s DLQ`);

    // Medians of the first and last minute after the warm-up, so one GC's timing does not decide the row.
    const after = samples.filter((s) => s.at >= warmUpMs);
    const window = Math.max(1, Math.round(Math.min(60_000, (durationMs - warmUpMs) / 4) / SAMPLE_MS));
    const median = (xs: typeof samples, part: 'rss' | 'node' | 'heap' | 'java' = 'rss') =>
      percentile(
        xs.map((s) => s[part]),
        50,
      );
    const first = median(after.slice(0, window));
    const last = median(after.slice(-window));
    const growth = (last - first) / first;
    const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
    const parts = (['node', 'heap', 'java'] as const).map(
      (part) => `${part} ${mb(median(after.slice(0, window), part))} → ${mb(median(after.slice(-window), part))}`,
    );
    console.log(`soak memory, first and last minute after the warm-up: ${parts.join('; ')} (heap: Node's heap used)`);
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
