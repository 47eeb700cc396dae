import { describe, expect, it } from 'vitest';
import {
  interruptListen,
  listenedUntil,
  markRecorded,
  qualifiesAsPlay,
  shouldRecordPlay,
  startListen,
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

describe('listening to a track', () => {
  it('counts the time the audio actually played', () => {
    const listen = hear(startListen(1), 0, 30);
    expect(listen.listenedSeconds).toBeCloseTo(30);
    expect(shouldRecordPlay(listen, 200)).toBe(true);
  });

  it('does not count a seek ahead as listening', () => {
    let listen = hear(startListen(1), 0, 5);
    listen = interruptListen(listen);
    listen = hear(listen, 150, 160);
    expect(listen.listenedSeconds).toBeCloseTo(15);
    expect(shouldRecordPlay(listen, 200)).toBe(false);
  });

  it('does not count a jump in the clock even without a seek event, nor a rewind', () => {
    let listen = hear(startListen(1), 0, 5);
    listen = listenedUntil(listen, 120);
    listen = listenedUntil(listen, 3);
    expect(listen.listenedSeconds).toBeCloseTo(5);
  });

  it('is recorded once per play, and a new play starts counting from zero', () => {
    let listen = hear(startListen(1), 0, 31);
    expect(shouldRecordPlay(listen, 200)).toBe(true);
    listen = markRecorded(hear(listen, 31, 31));
    listen = hear(listen, 31, 90);
    expect(shouldRecordPlay(listen, 200)).toBe(false);

    const nextPlay = startListen(2);
    expect(nextPlay).toEqual({ playId: 2, listenedSeconds: 0, lastPosition: null, recorded: false });
    expect(shouldRecordPlay(hear(nextPlay, 0, 10), 200)).toBe(false);
  });

  it('qualifies a short track at half its length', () => {
    expect(shouldRecordPlay(hear(startListen(1), 0, 12), 24)).toBe(true);
    expect(shouldRecordPlay(hear(startListen(1), 0, 11), 24)).toBe(false);
  });
});
