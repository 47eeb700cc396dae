/**
 * The sync manager's suspicious plays over HTTP: play reports the server refused, counted by reason over the last hour
 * and the last day (who may read them: admin-authorization.test.ts, as for every route).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { SuspiciousWindow } from '../../functions/operations/contract/admin-ops.js';
import { api, eventually, useCloudEnv } from '../support/cloud.js';
import { guest, reportPlay, startPlay, type PlayedTrack } from '../support/plays.js';
import { signedInAdmin, type TestAdmin } from '../support/signed-in.js';

let operator: TestAdmin;
let track: PlayedTrack;
beforeAll(async () => {
  useCloudEnv();
  operator = await signedInAdmin(['operations']);
  const albums = (await api('/api/albums')).body as { id: string; requiredTier: string }[];
  const free = albums.find((a) => a.requiredTier === 'free')!;
  const [first] = (await api(`/api/albums/${free.id}/tracks`)).body.tracks as { id: string; duration: number }[];
  track = { trackId: first.id, albumId: free.id, duration: first.duration };
});

interface Answer {
  at: string;
  lastHour: SuspiciousWindow;
  lastDay: SuspiciousWindow;
}
async function suspiciousPlays(): Promise<Answer> {
  const res = await operator.call('/api/admin/ops/suspicious-plays');
  expect(res.status).toBe(200);
  return res.body as Answer;
}
const countOf = (window: SuspiciousWindow, reason: string) => window.reasons.find((r) => r.reason === reason)?.count ?? 0;

describe('the sync manager: suspicious plays', () => {
  it('counts refused play reports by reason over the last hour and the last day', async () => {
    const before = await suspiciousPlays();
    const listener = guest();
    expect(await reportPlay(listener, track)).toMatchObject({ status: 200, body: { recorded: false } });
    expect(await reportPlay(listener, track)).toMatchObject({ status: 200, body: { recorded: false } });
    const token = await startPlay(listener, track);
    // Reported at once: sooner than the track could have played.
    expect(await reportPlay(listener, track, token)).toMatchObject({ status: 200, body: { recorded: false } });

    const after = await eventually(async () => {
      const now = await suspiciousPlays();
      return countOf(now.lastHour, 'too_early') > countOf(before.lastHour, 'too_early') && now;
    }, 30_000);
    for (const window of ['lastHour', 'lastDay'] as const) {
      expect(countOf(after[window], 'no_token'), window).toBeGreaterThanOrEqual(countOf(before[window], 'no_token') + 2);
      expect(after[window].total, window).toBeGreaterThanOrEqual(before[window].total + 3);
      // The most frequent reason first.
      const counts = after[window].reasons.map((r) => r.count);
      expect(counts, window).toEqual([...counts].sort((a, b) => b - a));
    }
    // A window is its ten-minute buckets: the hour's first starts 50 to 60 minutes ago, the day's 23 h 50 to 24 h ago.
    const ago = (since: string) => (Date.parse(after.at) - Date.parse(since)) / 60_000;
    expect(ago(after.lastHour.since)).toBeGreaterThan(50);
    expect(ago(after.lastHour.since)).toBeLessThanOrEqual(60);
    expect(ago(after.lastDay.since)).toBeGreaterThan(24 * 60 - 10);
    expect(ago(after.lastDay.since)).toBeLessThanOrEqual(24 * 60);
  });
});
