import { beforeAll, describe, expect, it } from 'vitest';
import type { DashboardAnswer } from '../../functions/dashboard/contract/admin-dashboard.js';
import type { ConsumerStatus, RecentError } from '../../functions/operations/contract/admin-ops.js';
import { api, eventually, useCloudEnv } from '../support/cloud.js';
import { newArtist, readyDraft } from '../support/catalogue.js';
import { guest, listenTo, qualifyingMs, reportPlay, sleep, startPlay, type PlayedTrack } from '../support/plays.js';
import { signedInAdmin, signedInListener, type TestListener } from '../support/signed-in.js';

/** Seconds of each track of this file's releases: a play counts after 1 s, completes at 1.9 s, repeats after 2 s. */
const SECONDS = 2;
/** The dashboard's projections, behind this file's plays and every other file's running beside it. */
const PROJECTED_MS = 60_000;

let admin: TestListener;
beforeAll(async () => {
  useCloudEnv();
  admin = await signedInAdmin();
});

/** A free release of its own with two tracks of SECONDS each, live and in the catalogue. */
async function shortRelease(seconds = SECONDS): Promise<PlayedTrack[]> {
  const artist = await newArtist(admin);
  const { albumId } = await readyDraft(admin, artist.id, { access: 'free', price: null, memberPrice: null }, { playable: seconds });
  expect((await admin.call(`/api/admin/albums/${albumId}/publish`, { method: 'POST' })).status).toBe(200);
  const tracks = await eventually(async () => {
    const res = await api(`/api/albums/${albumId}/tracks`);
    return res.status === 200 && (res.body.tracks as { id: string; duration: number }[]);
  });
  return tracks.map((t) => ({ trackId: t.id, albumId, duration: t.duration }));
}

const today = () => new Date().toISOString().slice(0, 10);
async function dashboardToday(): Promise<DashboardAnswer['current']> {
  const answer = await admin.call(`/api/admin/dashboard?from=${today()}&to=${today()}`);
  expect(answer.status).toBe(200);
  return (answer.body as DashboardAnswer).current;
}
const albumPlays = (d: DashboardAnswer['current'], albumId: string) => d.plays.albums.find((a) => a.albumId === albumId);
const suspicious = (d: DashboardAnswer['current'], reason: string) =>
  d.plays.suspicious.reasons.find((r) => r.reason === reason)?.count ?? 0;

/**
 * Waits for the dashboard to show what `shows` looks for; on a timeout, says what it showed last and how the rollups
 * projector stood (waiting, in flight, dead-lettered, its latest errors), so a failure on a loaded machine names its cause.
 */
async function dashboardShowing(shows: (d: DashboardAnswer['current']) => boolean, albumId: string) {
  let last: DashboardAnswer['current'] | undefined;
  try {
    return await eventually(
      async () => {
        last = await dashboardToday();
        return shows(last) && last;
      },
      PROJECTED_MS,
      250,
    );
  } catch (error) {
    const ops = (await admin.call('/api/admin/ops/consumers')).body as { consumers: ConsumerStatus[]; latestErrors: RecentError[] };
    const rollups = ops.consumers.find((c) => c.name === 'rollups');
    const { eventsBehind, inFlight, oldestAgeSeconds, errorRate, deadLetters, health } = rollups ?? {};
    const errors = ops.latestErrors.filter((e) => e.source === 'rollups').slice(0, 3);
    throw new Error(
      `${(error as Error).message}; the dashboard showed ${JSON.stringify(last && albumPlays(last, albumId))} for the album; ` +
        `the rollups projector: ${JSON.stringify({ eventsBehind, inFlight, oldestAgeSeconds, errorRate, deadLetters, health, errors })}`,
    );
  }
}

const notRecorded = { status: 200, body: { recorded: false } };
const recorded = { status: 202, body: { recorded: true } };

describe('a play the server counts', () => {
  it('counts a play reported with its token once its time has passed, and its end as a completed play', async () => {
    const [track] = await shortRelease();
    const listener = await signedInListener();
    const token = await startPlay(listener.call, track);
    await sleep(qualifyingMs(track.duration));
    expect(await reportPlay(listener.call, track, token)).toMatchObject(recorded);
    await sleep(SECONDS * 1000);
    expect(await reportPlay(listener.call, track, token, { ended: true })).toMatchObject(recorded);
    // Its end counts once.
    expect(await reportPlay(listener.call, track, token, { ended: true })).toMatchObject(notRecorded);

    const d = await dashboardShowing((now) => albumPlays(now, track.albumId)?.completedPlays === 1, track.albumId);
    expect(albumPlays(d, track.albumId)).toMatchObject({ plays: 1, completedPlays: 1 });
    expect((await api(`/api/albums/${track.albumId}`)).body.playCount).toBe(1);
  });

  it('refuses a report without a token, with a forged one, or before its time, whatever durations the body claims', async () => {
    const [track, other] = await shortRelease();
    const listener = await signedInListener();
    const before = await dashboardToday();
    const forged = { playDuration: 600, trackLength: 1 };

    expect(await reportPlay(listener.call, track, undefined, forged)).toMatchObject(notRecorded);
    const token = await startPlay(listener.call, track);
    expect(await reportPlay(listener.call, track, token, forged)).toMatchObject(notRecorded);
    const [claims] = token.split('.');
    expect(await reportPlay(listener.call, track, `${claims}.${'A'.repeat(43)}`)).toMatchObject(notRecorded);
    await sleep(qualifyingMs(track.duration));
    // Another track's token does not count for this one.
    expect(await reportPlay(listener.call, other, token)).toMatchObject(notRecorded);
    // Nor does it for another listener.
    expect(await reportPlay((await signedInListener()).call, track, token)).toMatchObject(notRecorded);

    // Each refusal is its own event on its own listener's stream, so the dashboard may count them in any order:
    // wait for all of them, not for the first.
    const reasons = ['too_early', 'no_token', 'bad_token', 'other_track', 'other_listener'];
    const after = await dashboardShowing(
      (now) => reasons.every((reason) => suspicious(now, reason) > suspicious(before, reason)),
      track.albumId,
    );
    for (const reason of reasons) expect(suspicious(after, reason), reason).toBeGreaterThan(suspicious(before, reason));
    expect(after.plays.suspicious.total).toBeGreaterThanOrEqual(before.plays.suspicious.total + 5);
    // None of them is a play.
    expect(albumPlays(after, track.albumId)).toBeUndefined();
  });

  it('counts 100 reports in a row, of one token or of many starts, as one play per track length', async () => {
    // Tracks of 10 s: the starts, made at once, all fall within one track length however loaded the machine.
    const long = 10;
    const [track] = await shortRelease(long);
    const listener = await signedInListener();
    const tokens = await Promise.all(Array.from({ length: 20 }, () => startPlay(listener.call, track)));
    await sleep(qualifyingMs(track.duration));
    const answers = [];
    for (let i = 0; i < 100; i++) answers.push((await reportPlay(listener.call, track, tokens[i % tokens.length])).status);
    expect(answers.filter((status) => status === 202)).toHaveLength(1);
    expect(answers.filter((status) => status === 200)).toHaveLength(99);

    // A track length after the counted start, it plays again.
    await sleep(long * 1000);
    expect(await listenTo(listener.call, track)).toMatchObject(recorded);

    const d = await dashboardShowing((now) => albumPlays(now, track.albumId)?.plays === 2, track.albumId);
    expect(suspicious(d, 'repeat')).toBeGreaterThanOrEqual(99);
  });

  it("counts a guest's play by their listener cookie, and not without it", async () => {
    const [track] = await shortRelease();
    const ada = guest();
    const token = await startPlay(ada, track);
    await sleep(qualifyingMs(track.duration));
    // Without the cookie the start was given with, the report is another listener's.
    expect(await reportPlay(api, track, token)).toMatchObject(notRecorded);
    expect(await reportPlay(guest(), track, token)).toMatchObject(notRecorded);
    expect(await reportPlay(ada, track, token)).toMatchObject(recorded);
    expect(await reportPlay(ada, track, token)).toMatchObject(notRecorded);
    await dashboardShowing((now) => albumPlays(now, track.albumId)?.plays === 1, track.albumId);
  });
});
