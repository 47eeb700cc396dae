import { describe, expect, it } from 'vitest';
import {
  canGoNext,
  canGoPrevious,
  currentTrack,
  initialPlayerState,
  nextIndex,
  previousIndex,
  type PlayerCommand,
  type PlayerState,
  type RepeatMode,
} from '../../frontend/src/features/player/player-state';
import { queueTrack as track, runPlayer as run } from '../support/player.js';

const album = [track('a'), track('b'), track('c'), track('d')];

const fresh = (repeat: RepeatMode = 'off') => initialPlayerState({ repeat, volume: 0.75 });
/** A queue of the four album tracks, playing at `index`. */
const playingAt = (index: number, changes: Partial<PlayerState> = {}): PlayerState => ({
  ...run(fresh(), { type: 'playQueue', tracks: album, index, at: 0 }),
  ...changes,
});

describe('starting playback', () => {
  it('starts paused with an empty queue and the stored settings', () => {
    const state = initialPlayerState({ repeat: 'all', volume: 3 });
    expect(state).toMatchObject({ queue: [], index: 0, status: 'paused', shuffle: false, repeat: 'all', volume: 1 });
    expect(currentTrack(state)).toBeNull();
  });

  it('playing a single track replaces the queue with that track', () => {
    const state = run(playingAt(2), { type: 'playTrack', track: track('x'), at: 5_000 });
    expect(state.queue.map((t) => t.id)).toEqual(['x']);
    expect(state.index).toBe(0);
    expect(state.status).toBe('playing');
  });

  it('ignores a track without an audio URL', () => {
    const before = playingAt(1);
    expect(run(before, { type: 'playTrack', track: track('x', { audioUrl: '' }), at: 5_000 })).toBe(before);
  });

  it('playing an album from a track sets the queue and starts at that index, clamped into the queue', () => {
    expect(playingAt(2)).toMatchObject({ index: 2, status: 'playing' });
    expect(run(fresh(), { type: 'playQueue', tracks: album, index: 99, at: 0 }).index).toBe(3);
    expect(run(fresh(), { type: 'playQueue', tracks: album, index: -4, at: 0 }).index).toBe(0);
  });

  it('leaves tracks without audio out of the queue, and an album without any does nothing', () => {
    const state = run(fresh(), { type: 'playQueue', tracks: [track('a'), track('locked', { audioUrl: '' }), track('c')], index: 1, at: 0 });
    expect(state.queue.map((t) => t.id)).toEqual(['a', 'c']);
    const silent = fresh();
    expect(run(silent, { type: 'playQueue', tracks: [track('locked', { audioUrl: '' })], index: 0, at: 0 })).toBe(silent);
  });

  it('ignores play attempts closer than 800 ms to the previous one', () => {
    const first = run(fresh(), { type: 'playTrack', track: track('a'), at: 10_000 });
    const doubleTap = run(first, { type: 'playTrack', track: track('b'), at: 10_799 });
    expect(doubleTap).toBe(first);
    const later = run(first, { type: 'playQueue', tracks: album, index: 1, at: 10_800 });
    expect(currentTrack(later)?.id).toBe('b');
  });

  it('restarts the track (a new play) each time a track is started', () => {
    const first = run(fresh(), { type: 'playTrack', track: track('a'), at: 0 });
    const again = run(first, { type: 'playTrack', track: track('a'), at: 1_000 });
    expect(again.playId).toBe(first.playId + 1);
  });
});

describe('next and previous', () => {
  it('go to index 0 on an empty queue', () => {
    expect(nextIndex(fresh(), 0.5)).toBe(0);
    expect(previousIndex(fresh(), 0.5)).toBe(0);
    expect(run(fresh(), { type: 'next', random: 0.5 })).toEqual(fresh());
  });

  it('advance by one, and stay at the ends when repeat is off', () => {
    expect(run(playingAt(1), { type: 'next', random: 0 }).index).toBe(2);
    expect(run(playingAt(1), { type: 'previous', random: 0 }).index).toBe(0);
    const last = playingAt(3);
    expect(run(last, { type: 'next', random: 0 })).toBe(last);
    const first = playingAt(0);
    expect(run(first, { type: 'previous', random: 0 })).toBe(first);
  });

  it('wrap around only in repeat all', () => {
    expect(run(playingAt(3, { repeat: 'all' }), { type: 'next', random: 0 }).index).toBe(0);
    expect(run(playingAt(0, { repeat: 'all' }), { type: 'previous', random: 0 }).index).toBe(3);
  });

  it('stay on the same track in repeat one, starting it again', () => {
    const state = playingAt(1, { repeat: 'one' });
    const next = run(state, { type: 'next', random: 0.9 });
    const previous = run(state, { type: 'previous', random: 0.9 });
    expect([next.index, previous.index]).toEqual([1, 1]);
    expect(next.playId).toBe(state.playId + 1);
  });

  it('pick a random different track in shuffle', () => {
    const state = playingAt(1, { shuffle: true });
    const picks = [0, 0.2, 0.34, 0.5, 0.67, 0.9, 0.999999].map((random) => nextIndex(state, random));
    expect(picks).not.toContain(1);
    expect(new Set(picks)).toEqual(new Set([0, 2, 3]));
    expect(previousIndex(state, 0.999999)).not.toBe(1);
  });

  it('keep a paused player paused', () => {
    const paused = run(playingAt(1), { type: 'pause' });
    const skipped = run(paused, { type: 'next', random: 0 }, { type: 'previous', random: 0 }, { type: 'next', random: 0 });
    expect(skipped).toMatchObject({ index: 2, status: 'paused' });
  });

  it('are available when shuffle or repeat is on, or when a neighbour exists', () => {
    expect([canGoNext(fresh()), canGoPrevious(fresh())]).toEqual([false, false]);
    expect([canGoNext(playingAt(0)), canGoPrevious(playingAt(0))]).toEqual([true, false]);
    expect([canGoNext(playingAt(3)), canGoPrevious(playingAt(3))]).toEqual([false, true]);
    expect(canGoNext(playingAt(3, { shuffle: true }))).toBe(true);
    expect(canGoNext(playingAt(3, { repeat: 'all' }))).toBe(true);
    expect(canGoPrevious(playingAt(0, { repeat: 'one' }))).toBe(true);
  });
});

describe('when a track ends', () => {
  it('the queue advances and keeps playing', () => {
    const state = run(playingAt(0), { type: 'trackEnded', random: 0 });
    expect(state).toMatchObject({ index: 1, status: 'playing' });
  });

  it('the last track of a queue that does not repeat ends playback', () => {
    expect(run(playingAt(3), { type: 'trackEnded', random: 0 })).toMatchObject({ index: 3, status: 'paused' });
  });

  it('repeat all starts the queue over and repeat one plays the track again', () => {
    expect(run(playingAt(3, { repeat: 'all' }), { type: 'trackEnded', random: 0 })).toMatchObject({ index: 0, status: 'playing' });
    const once = playingAt(2, { repeat: 'one' });
    const again = run(once, { type: 'trackEnded', random: 0 });
    expect(again).toMatchObject({ index: 2, status: 'playing', playId: once.playId + 1 });
  });

  it('a single track in repeat all plays again', () => {
    const single = run(fresh('all'), { type: 'playTrack', track: track('a'), at: 0 });
    expect(run(single, { type: 'trackEnded', random: 0.5 })).toMatchObject({ index: 0, status: 'playing', playId: single.playId + 1 });
  });
});

describe('settings and failures', () => {
  it('repeat cycles off, all, one, and back to off', () => {
    const modes = [1, 2, 3].map((times) => run(fresh(), ...Array<PlayerCommand>(times).fill({ type: 'cycleRepeat' })).repeat);
    expect(modes).toEqual(['all', 'one', 'off']);
  });

  it("takes the tab's saved repeat and volume after a pre-rendered page is hydrated, keeping the queue", () => {
    const playing = run(fresh(), { type: 'playQueue', tracks: [track('a'), track('b')], index: 1, at: 0 });
    const loaded = run(playing, { type: 'settingsLoaded', repeat: 'one', volume: 1.4 });
    expect(loaded).toMatchObject({ repeat: 'one', volume: 1, unmuteVolume: 1, index: 1, status: playing.status });
    expect(run(fresh(), { type: 'settingsLoaded', repeat: 'all', volume: 0 })).toMatchObject({ volume: 0, unmuteVolume: 0.75 });
  });

  it('shuffle toggles', () => {
    expect(run(fresh(), { type: 'toggleShuffle' }).shuffle).toBe(true);
    expect(run(fresh(), { type: 'toggleShuffle' }, { type: 'toggleShuffle' }).shuffle).toBe(false);
  });

  it('volume is clamped to 0..1 and a non-number is ignored', () => {
    expect(run(fresh(), { type: 'setVolume', volume: 1.7 }).volume).toBe(1);
    expect(run(fresh(), { type: 'setVolume', volume: -0.2 }).volume).toBe(0);
    expect(run(fresh(), { type: 'setVolume', volume: 0.3 }).volume).toBe(0.3);
    expect(run(fresh(), { type: 'setVolume', volume: Number.NaN }).volume).toBe(0.75);
  });

  it('pause and resume switch the status; resume needs something to play', () => {
    expect(run(playingAt(0), { type: 'pause' }).status).toBe('paused');
    expect(run(playingAt(0), { type: 'pause' }, { type: 'resume' }).status).toBe('playing');
    expect(run(fresh(), { type: 'resume' }).status).toBe('paused');
  });

  it('a failed start pauses with a message that the next resume clears', () => {
    const failed = run(playingAt(0), { type: 'playbackFailed', message: 'Blocked' });
    expect(failed).toMatchObject({ status: 'paused', error: 'Blocked' });
    expect(run(failed, { type: 'resume' })).toMatchObject({ status: 'playing', error: null });
  });
});
