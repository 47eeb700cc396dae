/**
 * The blue/green rebuild of one projection over HTTP against the local cloud (functions/operations/rebuild.ts, run by the
 * rebuilds job, functions/operations/scheduled/rebuilds.ts): with 1,000
 * more events in the log it reaches parity with the live views while the live projector keeps projecting, switches
 * readers in one step (the live projector then writes the new generation), drops the old one, and records each step as
 * the admin's event. A rebuild sends no mail. A second rebuild during one is refused with who started it; bad input too.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { RebuildStatus } from '../../functions/operations/contract/admin-ops.js';
import { eachConcurrently } from '../../functions/platform/concurrently.js';
import { appendToStream, readStream } from '../../functions/platform/event-store.js';
import { claimRebuild, runRebuild } from '../../functions/operations/rebuild.js';
import { currentGenerations } from '../../functions/platform/view-generations.js';
import { dynamoViewStore, getView, getViews } from '../../functions/platform/views.js';
import { closeRollupDay } from '../../functions/dashboard/scheduled/close-rollup-days.js';
import { rollupDayPartitions } from '../../functions/dashboard/projections/rollups.js';
import { trackStatsKey } from '../../functions/listening/projections/stats.js';
import { api, eventually, useCloudEnv } from '../support/cloud.js';
import { newArtist, readyDraft } from '../support/catalogue.js';
import { newPerson } from '../support/commerce.js';
import { signedInAdmin, type TestListener } from '../support/signed-in.js';

let admin: TestListener;
beforeAll(async () => {
  useCloudEnv();
  admin = await signedInAdmin();
});

const post = (path: string) => admin.call(path, { method: 'POST' });

/** A free release of this file's own, live and projected: its plays move no other file's figures. */
async function ownAlbum(): Promise<{ albumId: string; tracks: { trackId: string }[] }> {
  const artist = await newArtist(admin);
  const { albumId } = await readyDraft(admin, artist.id, { access: 'free', price: null, memberPrice: null });
  expect((await post(`/api/admin/albums/${albumId}/publish`)).status).toBe(200);
  const tracks = await eventually(async () => {
    const res = await api(`/api/albums/${albumId}/tracks`);
    return res.status === 200 && (res.body.tracks as { id: string }[]);
  }, 60_000);
  return { albumId, tracks: tracks.map((t) => ({ trackId: t.id })) };
}

/** The projection's latest rebuild, as the console's list shows it. */
async function listed(projection: string): Promise<RebuildStatus | undefined> {
  const res = await admin.call('/api/admin/ops/rebuilds');
  expect(res.status).toBe(200);
  return (res.body as { rebuilds: RebuildStatus[] }).rebuilds.find((r) => r.projection === projection);
}

/**
 * Asks for the rebuild, then follows the list, as the console does, until the rebuilds job (every minute) has it ready;
 * ready but differing from a live projector still behind, it is asked again, and checks again.
 */
async function rebuiltUntilReady(projection: string): Promise<RebuildStatus> {
  for (let check = 0; ; check++) {
    const res = await post(`/api/admin/ops/rebuilds/${projection}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((res.body as RebuildStatus).running).toBe(true);
    const status = await eventually(
      async () => {
        const latest = await listed(projection);
        return latest?.state === 'ready' && latest;
      },
      600_000,
      1_000,
    );
    if (status.parity?.ok || check >= 5) return status;
  }
}

async function switched(projection: string): Promise<RebuildStatus> {
  const first = await post(`/api/admin/ops/rebuilds/${projection}/switch`);
  expect(first.status, JSON.stringify(first.body)).toBe(200);
  expect((first.body as RebuildStatus).state).toBe('switching');
  return eventually(
    async () => {
      const res = await post(`/api/admin/ops/rebuilds/${projection}/switch`);
      expect(res.status).toBe(200);
      const status = res.body as RebuildStatus;
      return status.state === 'switched' && status;
    },
    30_000,
    1_000,
  );
}

const mailsTo = async (email: string) => {
  const { emails } = (await (await fetch(`${inject('inboxUrl')}/store`)).json()) as { emails: { destination: { to: string[] } }[] };
  return emails.filter((mail) => mail.destination.to.some((to) => to.toLowerCase().includes(email.toLowerCase()))).length;
};

describe('the sync manager: a blue/green rebuild of one projection', () => {
  it('rebuilds the rollups with the play statistics beside the live ones from a log with 1,000 more events, at parity, then switches and drops', async () => {
    const album = await ownAlbum();
    const track = album.tracks[0];
    const before = (await getView<{ playCount?: number }>(trackStatsKey(track.trackId)))?.playCount ?? 0;
    const day = new Date().toISOString().slice(0, 10);
    const streams = Array.from({ length: 100 }, () => `guest-plays#rebuild-${randomUUID().slice(0, 8)}#${day}`);
    // 1,000 plays: 100 listeners' streams of 10, appended 5 at a time: a step of the scan by themselves (the log holds the
    // seed's and every earlier file's events besides), and live writes meanwhile. The scan's speed at scale is the
    // bench's (`npm run bench -- rebuild`).
    await eachConcurrently(streams, 8, async (stream) => {
      const listenerId = stream.split('#')[1];
      const play = { trackId: track.trackId, albumId: album.albumId, listenerId, userId: null, playDuration: 31, trackLength: 200 };
      for (const from of [0, 5]) {
        await appendToStream(
          stream,
          from,
          Array.from({ length: 5 }, () => ({ type: 'PlayRecorded' as const, data: play })),
          { actor: listenerId, correlationId: randomUUID() },
        );
      }
    });
    // The live projector has them all (parity is checked against whatever it has reached; here, all of them). It goes on
    // with the other tests' events meanwhile.
    const livePlays = await eventually(
      async () => {
        const plays = (await getView<{ playCount?: number }>(trackStatsKey(track.trackId)))?.playCount ?? 0;
        return plays >= before + 1_000 && plays;
      },
      300_000,
      1_000,
    );
    const generationBefore = (await currentGenerations()).rollups ?? 0;
    const ready = await rebuiltUntilReady('rollups');
    expect(ready).toMatchObject({ projection: 'rollups', from: generationBefore, generation: generationBefore + 1, progress: 1 });
    expect(ready.scanned).toBeGreaterThanOrEqual(1_000);
    expect(ready.parity, JSON.stringify(ready.parity)).toMatchObject({ ok: true, differing: [], differingCount: 0 });
    expect(ready.parity!.rebuilt.items).toBe(ready.parity!.live.items);
    expect(ready.parity!.live.partitions).toBeGreaterThan(100);

    const done = await switched('rollups');
    expect(done).toMatchObject({ generation: generationBefore + 1, switchedBy: admin.userId });
    expect((await currentGenerations()).rollups).toBe(generationBefore + 1);
    // Readers now read the new generation: the same figures.
    expect((await getView<{ playCount: number }>(trackStatsKey(track.trackId)))?.playCount).toBeGreaterThanOrEqual(livePlays);
    // The live projector writes the new generation: a new play shows.
    const late = `guest-plays#rebuild-late-${randomUUID().slice(0, 8)}#${day}`;
    const current = (await getView<{ playCount: number }>(trackStatsKey(track.trackId)))!.playCount;
    await appendToStream(
      late,
      0,
      [
        {
          type: 'PlayRecorded',
          data: { trackId: track.trackId, albumId: album.albumId, listenerId: 'late', userId: null, playDuration: 31, trackLength: 200 },
        },
      ],
      { actor: 'late', correlationId: randomUUID() },
    );
    await eventually(
      async () => ((await getView<{ playCount: number }>(trackStatsKey(track.trackId)))?.playCount ?? 0) > current,
      60_000,
      300,
    );

    const drop = await post('/api/admin/ops/rebuilds/rollups/drop');
    expect(drop.status, JSON.stringify(drop.body)).toBe(200);
    expect(drop.body).toMatchObject({ done: true, rebuild: { state: 'dropped', droppedBy: admin.userId } });
    expect((drop.body as { deleted: number }).deleted).toBeGreaterThan(100);

    const recorded = (await readStream('ops#rebuilds#rollups')).slice(-3);
    expect(recorded.map((e) => [e.type, e.meta.actor])).toEqual([
      ['ViewRebuildStarted', admin.userId],
      ['ViewGenerationSwitched', admin.userId],
      ['ViewGenerationDropped', admin.userId],
    ]);
    expect(await listed('rollups')).toMatchObject({ projection: 'rollups', state: 'dropped' });
  }, 1_200_000);

  it('rebuilds the dashboard’s rollups at parity, whose plays the live store spread over the day’s shards by its batches', async () => {
    const album = await ownAlbum();
    const track = album.tracks[1];
    const day = new Date().toISOString().slice(0, 10);
    // 200 plays of one track, 20 listeners' streams of 10 appended at once: the live projector takes them in batches.
    const streams = Array.from({ length: 20 }, () => `guest-plays#rollups-${randomUUID().slice(0, 8)}#${day}`);
    await eachConcurrently(streams, 8, async (stream) => {
      const listenerId = stream.split('#')[1];
      const play = { trackId: track.trackId, albumId: album.albumId, listenerId, userId: null, playDuration: 31, trackLength: 200 };
      for (let version = 0; version < 10; version++) {
        await appendToStream(stream, version, [{ type: 'PlayRecorded', data: play }], { actor: listenerId, correlationId: randomUUID() });
      }
    });
    // Each batch's counts went to the shard it drew: the track's plays of the day are in more than one of them.
    const shards = await eventually(
      async () => {
        const items = await getViews<{ plays: number }>(rollupDayPartitions(day).map((pk) => ({ pk, sk: `track#${track.trackId}` })));
        return items.reduce((n, item) => n + item.plays, 0) >= 200 && items.length;
      },
      120_000,
      500,
    );
    expect(shards).toBeGreaterThan(1);
    // A finished day the closing job has summed up: its summary is the job's, not the log's, and the rebuild's parity
    // leaves it out (the dashboard reads a day without one from its shards until the job closes it again).
    const yesterday = new Date(Date.now() - 86_400_000);
    const late = `guest-plays#rollups-closed-${randomUUID().slice(0, 8)}#${yesterday.toISOString().slice(0, 10)}`;
    const play = { trackId: track.trackId, albumId: album.albumId, listenerId: 'closed', userId: null, playDuration: 31, trackLength: 200 };
    await appendToStream(late, 0, [{ type: 'PlayRecorded', data: play }], { actor: 'closed', correlationId: randomUUID(), at: yesterday });
    await eventually(async () => (await dynamoViewStore.checkpoint('rollups', late)) === 1, 60_000, 300);
    // The hourly job may have closed it first.
    expect(['closed', 'closed already']).toContain(await closeRollupDay(yesterday.toISOString().slice(0, 10), new Date()));
    const ready = await rebuiltUntilReady('rollups');
    expect(ready.parity, JSON.stringify(ready.parity)).toMatchObject({ ok: true, differing: [], differingCount: 0 });
  }, 900_000);

  it('sends no mail: a rebuild of the notifications replays what was mailed without mailing it again', async () => {
    const person = await newPerson('rebuild-mail');
    // The welcome notification, mailed once.
    const mailed = await eventually(async () => (await mailsTo(person.email)) || undefined, 60_000, 300);
    const ready = await rebuiltUntilReady('notifications');
    expect(ready.parity?.ok, JSON.stringify(ready.parity)).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 3000));
    expect(await mailsTo(person.email)).toBe(mailed);
  }, 600_000);

  it('refuses a second rebuild of a projection while one runs, with who started it and when', async () => {
    const { record, runner } = await claimRebuild('playlists', { actor: 'ops:someone', correlationId: randomUUID() });
    const second = await post('/api/admin/ops/rebuilds/playlists');
    expect(second.status).toBe(409);
    expect(second.body).toMatchObject({ error: 'rebuild_running', startedBy: 'ops:someone', startedAt: record.startedAt });
    expect((second.body as { message: string }).message).toContain('ops:someone');
    // The first one finishes; a start then checks it again rather than refusing, and is refused while the check is due.
    await runRebuild(record, runner);
    expect((await post('/api/admin/ops/rebuilds/playlists')).status).toBe(200);
    expect((await post('/api/admin/ops/rebuilds/playlists')).status).toBe(409);
    const checked = await eventually(
      async () => {
        const latest = await listed('playlists');
        return latest?.state === 'ready' && latest;
      },
      600_000,
      1_000,
    );
    expect(checked.startedBy).toBe('ops:someone');
  }, 600_000);

  it('refuses unknown projections (404) and bad names (400)', async () => {
    for (const path of [
      '/api/admin/ops/rebuilds/no-such-projection',
      '/api/admin/ops/rebuilds/mailer',
      '/api/admin/ops/rebuilds/no-such/switch',
    ]) {
      const res = await post(path);
      expect(res.status, path).toBe(404);
    }
    expect((await post('/api/admin/ops/rebuilds/users/drop')).status).toBe(404);
    const bad = await post('/api/admin/ops/rebuilds/Not_A%20Name');
    expect(bad.status).toBe(400);
    // A switch needs a ready rebuild.
    const early = await post('/api/admin/ops/rebuilds/search/switch');
    expect(early.status).toBe(404);
  });
});
