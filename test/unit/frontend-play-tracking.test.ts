import { describe, expect, it } from 'vitest';
import {
  interruptListen,
  listenedUntil,
  markEndReported,
  markRecorded,
  qualifiesAsPlay,
  shouldRecordPlay,
  shouldReportEnd,
  startListen,
  withToken,
  type Listen,
} from '../../frontend/src/features/player/play-tracking';

/** Feeds the audio clock readings a browser would send (about four per second). */
const hear = (listen: Listen, from: number, to: number, step = 0.25): Listen => {
  let next = listen;
  for (let position = from; position <= to + 1e-9; position += step) next = listenedUntil(next, position);
  return next;
};

describe('what counts as a play', () => {
  it('is 30 seconds listened, or half the track, whichever comes first', () => {
    expect(qualifiesAsPlay(29.9, 300)).toBe(false);
    expect(qualifiesAsPlay(30, 300)).toBe(true);
    expect(qualifiesAsPlay(19.9, 40)).toBe(false);
    expect(qualifiesAsPlay(20, 40)).toBe(true);
    expect(qualifiesAsPlay(30, null)).toBe(true);
    expect(qualifiesAsPlay(10, null)).toBe(false);
  });
});

/** A play whose token came at 0 ms of the page's clock; reports are judged at `LATER`, long after. */
const started = (playId: number) => withToken(startListen(playId), 'token', 0);
const LATER = 3_600_000;

describe('listening to a track', () => {
  it('counts the time the audio actually played', () => {
    const listen = hear(started(1), 0, 30);
    expect(listen.listenedSeconds).toBeCloseTo(30);
    expect(shouldRecordPlay(listen, 200, LATER)).toBe(true);
  });

  it('does not count a seek ahead as listening', () => {
    let listen = hear(started(1), 0, 5);
    listen = interruptListen(listen);
    listen = hear(listen, 150, 160);
    expect(listen.listenedSeconds).toBeCloseTo(15);
    expect(shouldRecordPlay(listen, 200, LATER)).toBe(false);
  });

  it('does not count a jump in the clock even without a seek event, nor a rewind', () => {
    let listen = hear(started(1), 0, 5);
    listen = listenedUntil(listen, 120);
    listen = listenedUntil(listen, 3);
    expect(listen.listenedSeconds).toBeCloseTo(5);
  });

  it('is recorded once per play, and a new play starts counting from zero', () => {
    let listen = hear(started(1), 0, 31);
    expect(shouldRecordPlay(listen, 200, LATER)).toBe(true);
    listen = markRecorded(hear(listen, 31, 31));
    listen = hear(listen, 31, 90);
    expect(shouldRecordPlay(listen, 200, LATER)).toBe(false);

    const nextPlay = started(2);
    expect(nextPlay).toMatchObject({ playId: 2, listenedSeconds: 0, lastPosition: null, recorded: false, endReported: false });
    expect(shouldRecordPlay(hear(nextPlay, 0, 10), 200, LATER)).toBe(false);
  });

  it('qualifies a short track at half its length', () => {
    expect(shouldRecordPlay(hear(started(1), 0, 12), 24, LATER)).toBe(true);
    expect(shouldRecordPlay(hear(started(1), 0, 11), 24, LATER)).toBe(false);
  });
});

describe("the label's clock", () => {
  it("reports nothing before the play's token came", () => {
    expect(shouldRecordPlay(hear(startListen(1), 0, 31), 200, LATER)).toBe(false);
  });

  it("waits until the token is as old as the play needs, by the longer of the player's and the catalogue's lengths", () => {
    const listen = hear(withToken(startListen(1), 'token', 1_000), 0, 12);
    expect(shouldRecordPlay(listen, 23.9, 12_900, 24)).toBe(false);
    expect(shouldRecordPlay(listen, 23.9, 13_000, 24)).toBe(true);
    expect(shouldRecordPlay(hear(withToken(startListen(1), 'token', 1_000), 0, 31), 300, 30_999)).toBe(false);
    expect(shouldRecordPlay(hear(withToken(startListen(1), 'token', 1_000), 0, 31), 300, 31_000)).toBe(true);
  });
});

describe('the end of a play', () => {
  it('is reported once, and only for a play that was reported', () => {
    const listen = hear(started(1), 0, 24);
    expect(shouldReportEnd(listen)).toBe(false);
    const recorded = markRecorded(listen);
    expect(shouldReportEnd(recorded)).toBe(true);
    expect(shouldReportEnd(markEndReported(recorded))).toBe(false);
  });
});
