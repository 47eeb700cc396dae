/**
 * A kill -9 in the middle of a blue/green rebuild (functions/operations/rebuild.ts), run as the operator's command
 * (`npm run ops -- rebuild`, infra/ops/main.ts) in a process of its own against a local cloud: started again, the
 * command is refused while the dead runner's lease lasts, then resumes the same rebuild from its checkpointed scan
 * (same generation, same start, the log not read again from the beginning) and reaches parity with the live views.
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eachConcurrently } from '../../functions/platform/concurrently.js';
import { appendToStream, dynamoEventStore } from '../../functions/platform/event-store.js';
import { readRebuild, REBUILD_LEASE_MS } from '../../functions/operations/rebuild.js';
import { createArtist, publishAlbum } from '../../functions/catalogue/catalogue-commands.js';
import { albumData, artistData, trackData } from '../../functions/catalogue/domain/catalogue.fixtures.js';
import type { LocalCloud } from '../../infra/local/cloud.js';
import { eventually, startFaultCloud } from './support.js';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
let cloud: LocalCloud & { dataDir: string };
/** Plays appended, in streams of 100, before the rebuild starts. */
const PLAYS = 3_000;
/** The rebuild's pace, in events a second. */
const PACE = 400;

/** The one release the plays are of: the rollups count a play on its album, which must be in the catalogue. */
const album = albumData({
  albumId: 'album-rebuild-kill9',
  artistId: 'artist-rebuild-kill9',
  tracks: [trackData({ trackId: 'track-rebuild-kill9', duration: 200 })],
});

beforeAll(async () => {
  // The plays need one release of their own, not the label's.
  cloud = await startFaultCloud();
  const context = { actor: 'test', correlationId: randomUUID(), eventStore: dynamoEventStore };
  await createArtist(artistData({ artistId: album.artistId, name: 'Rebuild kill -9', isMain: false }), context);
  await publishAlbum(album, context);
  // In the catalogue before its plays come: the rollups projector counts a play on its album.
  expect(await cloud.waitForIdle(60_000)).toBe(true);
}, 300_000);
afterAll(async () => {
  await cloud?.stop();
});

/** `npm run ops -- rebuild rollups` as its own process, with the handlers' environment. */
function rebuildCommand() {
  const child = spawn(process.execPath, ['--import', 'tsx', 'infra/ops/main.ts', 'rebuild', 'rollups'], {
    cwd: repoRoot,
    // A slow pace leaves the kill time to land midway in a small log: the scan saves its progress every two seconds, so
    // 3,000 plays at 400 a second make several saves, where the deployed pace needed a log four times longer.
    env: { ...process.env, ...cloud.env, TOKO_OPERATOR: 'kill9', REBUILD_EVENTS_PER_SECOND: String(PACE) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

describe('a rebuild killed with kill -9', () => {
  it(
    'resumes from its checkpoint when started again and reaches parity',
    async () => {
      const day = new Date().toISOString().slice(0, 10);
      // Enough log for the scan to take several steps of a thousand events (four segments' pages of 250).
      await eachConcurrently(
        Array.from({ length: PLAYS / 100 }, () => `guest-plays#kill9-${randomUUID().slice(0, 8)}#${day}`),
        8,
        async (stream) => {
          const listenerId = stream.split('#')[1];
          const play = {
            trackId: album.tracks[0].trackId,
            albumId: album.albumId,
            listenerId,
            userId: null,
            playDuration: 31,
            trackLength: 200,
          };
          for (const from of [0, 50])
            await appendToStream(
              stream,
              from,
              Array.from({ length: 50 }, () => ({ type: 'PlayRecorded' as const, data: play })),
              {
                actor: listenerId,
                correlationId: randomUUID(),
              },
            );
        },
      );

      // Parity is checked against the live views: the live projector has them all first.
      expect(await cloud.waitForIdle(600_000)).toBe(true);
      const first = rebuildCommand();
      // Killed once it has saved some of its scan, and before it is done.
      const midway = await eventually(async () => {
        const record = await readRebuild('rollups');
        return record && record.state === 'scanning' && record.scanned > 0 && record;
      }, 120_000);
      first.child.kill('SIGKILL');
      expect(await first.exited).toBeNull();
      const killed = (await readRebuild('rollups'))!;
      expect(killed.state).toBe('scanning');
      expect(killed.segments.some((s) => s.start || s.done)).toBe(true);

      // Started again at once, it is refused while the dead runner's lease lasts (exit 3, the 409's body).
      const early = rebuildCommand();
      expect(await early.exited).toBe(3);
      expect(early.output()).toContain('rebuild_running');

      await new Promise((resolve) => setTimeout(resolve, Math.max(0, killed.leaseUntil - Date.now()) + 500));
      const again = rebuildCommand();
      const code = await again.exited;
      expect(code, again.output()).toBe(0);
      const done = (await readRebuild('rollups'))!;
      expect(done).toMatchObject({ state: 'ready', generation: midway.generation, startedAt: midway.startedAt, startedBy: 'ops:kill9' });
      expect(done.parity, JSON.stringify(done.parity)).toMatchObject({ ok: true, differingCount: 0 });
      // Rollups of every listener's stream, and the label's.
      expect(done.parity!.rebuilt.items).toBeGreaterThan(PLAYS / 100);
      // The scan went on from where the first runner had saved it: the log (the plays and the release) was not read twice.
      expect(done.scanned).toBeLessThan(killed.scanned + (done.logSize || done.scanned) - 500);
    },
    600_000 + REBUILD_LEASE_MS,
  );
});
