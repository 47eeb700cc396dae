import { describe, expect, it } from 'vitest';
import {
  DAILY_PLAY_CEILING,
  decidePlayCount,
  judgeCompletion,
  judgePlay,
  latestRepeatableStart,
  noCountedPlays,
  PLAY_TOKEN_LIFETIME_MS,
  qualifyingSeconds,
  withCountedPlay,
  type PlayReport,
} from './plays.js';

const startedAt = Date.parse('2026-11-01T12:00:00.000Z');
const start = { listenerId: 'ada', trackId: 't1', startedAt };
/** A report of track t1 (200 s in the catalogue) by ada, `seconds` after the start. */
const report = (seconds: number, overrides: Partial<PlayReport> = {}): PlayReport => ({
  start,
  listenerId: 'ada',
  trackId: 't1',
  trackLength: 200,
  now: startedAt + seconds * 1000,
  ...overrides,
});

describe('the qualifying threshold', () => {
  it('is 30 s, or half a track shorter than a minute', () => {
    expect(qualifyingSeconds(200)).toBe(30);
    expect(qualifyingSeconds(60)).toBe(30);
    expect(qualifyingSeconds(20)).toBe(10);
  });
});

describe('a play report', () => {
  it('counts once the time since its start covers the threshold, measured by the server', () => {
    expect(judgePlay(report(30))).toEqual({ counted: true, start, elapsedSeconds: 30 });
    expect(judgePlay(report(29.9))).toEqual({ counted: false, reason: 'too_early' });
  });

  it('reads the threshold from the catalogue length it is given: half of a 20 s track', () => {
    expect(judgePlay(report(10, { trackLength: 20 })).counted).toBe(true);
    expect(judgePlay(report(9.9, { trackLength: 20 }))).toEqual({ counted: false, reason: 'too_early' });
  });

  it('does not count without a token, or with one the server did not sign', () => {
    expect(judgePlay(report(60, { start: 'no_token' }))).toEqual({ counted: false, reason: 'no_token' });
    expect(judgePlay(report(60, { start: 'bad_token' }))).toEqual({ counted: false, reason: 'bad_token' });
  });

  it("does not count with another listener's token, or another track's", () => {
    expect(judgePlay(report(60, { listenerId: 'bob' }))).toEqual({ counted: false, reason: 'other_listener' });
    expect(judgePlay(report(60, { trackId: 't2' }))).toEqual({ counted: false, reason: 'other_track' });
  });

  it('does not count with a token past its lifetime', () => {
    expect(judgePlay(report(PLAY_TOKEN_LIFETIME_MS / 1000)).counted).toBe(true);
    expect(judgePlay(report(PLAY_TOKEN_LIFETIME_MS / 1000 + 1))).toEqual({ counted: false, reason: 'expired' });
  });
});

describe('the end of a play', () => {
  it('is a completed play at 95 % of the track since the start, not before', () => {
    expect(judgeCompletion(report(190)).counted).toBe(true);
    expect(judgeCompletion(report(189))).toEqual({ counted: false, reason: 'too_early' });
  });

  it('needs the same token as the play', () => {
    expect(judgeCompletion(report(200, { start: 'bad_token' }))).toEqual({ counted: false, reason: 'bad_token' });
  });
});

describe('repeats and the day', () => {
  it('lets a track count again only a track length after the last counted start', () => {
    expect(latestRepeatableStart(startedAt, 200)).toBe(startedAt - 200_000);
  });

  it('has a daily ceiling no one reaches by listening: one play per 30 s of a whole day', () => {
    expect(DAILY_PLAY_CEILING).toBe(2880);
  });

  it("counts a play on the day's stream only where no play of the track started less than a track length before it", () => {
    const counted = withCountedPlay(noCountedPlays, 1, 't1', startedAt);
    expect(decidePlayCount(noCountedPlays, start, 200, 10)).toBe('count');
    // The same token again, and a new start 199 s later: repeats. 200 s later, or another track: counted.
    expect(decidePlayCount(counted, start, 200, 10)).toBe('repeat');
    expect(decidePlayCount(counted, { ...start, startedAt: startedAt + 199_000 }, 200, 10)).toBe('repeat');
    expect(decidePlayCount(counted, { ...start, startedAt: startedAt + 200_000 }, 200, 10)).toBe('count');
    expect(decidePlayCount(counted, { ...start, trackId: 't2' }, 200, 10)).toBe('count');
    // A token of an earlier start, reported after a later one counted, does not count either.
    expect(decidePlayCount(counted, { ...start, startedAt: startedAt - 60_000 }, 200, 10)).toBe('repeat');
  });

  it("reads the day before's stream for a start just after midnight, and stops at the day's ceiling", () => {
    const midnight = Date.parse('2026-11-02T00:00:00.000Z');
    const dayBefore = withCountedPlay(noCountedPlays, 7, 't1', midnight - 60_000);
    const justAfter = { ...start, startedAt: midnight + 60_000 };
    expect(decidePlayCount(noCountedPlays, justAfter, 200, 10, dayBefore)).toBe('repeat');
    expect(decidePlayCount(noCountedPlays, { ...justAfter, startedAt: midnight + 140_000 }, 200, 10, dayBefore)).toBe('count');
    const full = { ...noCountedPlays, version: 10 };
    expect(decidePlayCount(full, { ...start, trackId: 't9' }, 200, 10)).toBe('daily_ceiling');
    expect(withCountedPlay(dayBefore, 8, 't1', midnight - 300_000).lastStart.get('t1')).toBe(midnight - 60_000);
  });
});
