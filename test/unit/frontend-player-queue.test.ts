import { describe, expect, it } from 'vitest';
import { focusKindOf, shortcutFor, type FocusKind, type ShortcutKey } from '../../frontend/src/features/player/keyboard-shortcuts';
import { playbackRetryPlan } from '../../frontend/src/features/player/playback-retries';
import { parseSavedSession, sessionToSave } from '../../frontend/src/features/player/player-session';
import {
  CARD_PLAY_GUARD_MS,
  currentTrack,
  initialPlayerState,
  upcomingIndex,
  type PlayerState,
} from '../../frontend/src/features/player/player-state';
import { queueTrack as track, runPlayer as run } from '../support/player.js';

const album = [track('a'), track('b'), track('c')];
const fresh = () => initialPlayerState({ repeat: 'off', volume: 0.75 });
const playingAt = (index: number, changes: Partial<PlayerState> = {}): PlayerState => ({
  ...run(fresh(), { type: 'playQueue', tracks: album, index, at: 0 }),
  ...changes,
});

describe('album cards guard double taps for 500 ms, other plays for 800 ms', () => {
  it('ignores a card play 499 ms after the last play and accepts one at 500 ms', () => {
    const first = run(fresh(), { type: 'playQueue', tracks: album, index: 0, at: 10_000 });
    expect(run(first, { type: 'playQueue', tracks: album, index: 2, at: 10_499, guardMs: CARD_PLAY_GUARD_MS })).toBe(first);
    expect(currentTrack(run(first, { type: 'playQueue', tracks: album, index: 2, at: 10_500, guardMs: CARD_PLAY_GUARD_MS }))?.id).toBe('c');
  });

  it('still ignores other plays within 800 ms', () => {
    const first = run(fresh(), { type: 'playTrack', track: track('a'), at: 10_000 });
    expect(run(first, { type: 'playTrack', track: track('b'), at: 10_600 })).toBe(first);
  });
});

describe('restoring the queue of an earlier visit', () => {
  it('puts the queue back paused at its index, with its shuffle, as a new track to load', () => {
    const state = run(fresh(), { type: 'restore', queue: album, index: 1, shuffle: true });
    expect(state).toMatchObject({ index: 1, status: 'paused', shuffle: true, playId: 1, lastPlayRequestAt: null });
    expect(state.queue.map((t) => t.id)).toEqual(['a', 'b', 'c']);
  });

  it('clamps the index, drops tracks without audio, and never replaces a queue that is already playing', () => {
    expect(
      run(fresh(), { type: 'restore', queue: [track('a'), track('x', { audioUrl: '' }), track('c')], index: 9, shuffle: false }).index,
    ).toBe(1);
    const playing = playingAt(0);
    expect(run(playing, { type: 'restore', queue: [track('z')], index: 0, shuffle: false })).toBe(playing);
    expect(run(fresh(), { type: 'restore', queue: [], index: 0, shuffle: false })).toEqual(fresh());
  });

  it('saves what a reload needs and reads it back, refusing stale or tampered entries', () => {
    const saved = sessionToSave(playingAt(2, { shuffle: true }), 42.37);
    expect(saved).toMatchObject({ index: 2, position: 42.3, shuffle: true });
    expect(parseSavedSession(JSON.stringify(saved))).toEqual(saved);
    expect(sessionToSave(fresh(), 10)).toBeNull();
    expect(parseSavedSession(null)).toBeNull();
    expect(parseSavedSession('{not json')).toBeNull();
    expect(parseSavedSession(JSON.stringify({ ...saved, index: 3 }))).toBeNull();
    expect(parseSavedSession(JSON.stringify({ ...saved, queue: [{ ...album[0], audioUrl: '' }], index: 0 }))).toBeNull();
    expect(parseSavedSession(JSON.stringify({ ...saved, position: -1 }))).toBeNull();
  });
});

describe('the track preloaded for a gapless change', () => {
  it('is the next one, wrapping in repeat all', () => {
    expect(upcomingIndex(playingAt(0), 0.3)).toBe(1);
    expect(upcomingIndex(playingAt(2, { repeat: 'all' }), 0.3)).toBe(0);
  });

  it('is none at the end of a queue that stops, in repeat one, or with nothing queued', () => {
    expect(upcomingIndex(playingAt(2), 0.3)).toBeNull();
    expect(upcomingIndex(playingAt(1, { repeat: 'one' }), 0.3)).toBeNull();
    expect(upcomingIndex(fresh(), 0.3)).toBeNull();
  });

  it('in shuffle is the track the same random number sends "next" to', () => {
    const state = playingAt(1, { shuffle: true });
    for (const random of [0, 0.4, 0.99]) {
      expect(run(state, { type: 'trackEnded', random }).index).toBe(upcomingIndex(state, random));
    }
  });
});

describe('mute', () => {
  it('silences and comes back to the level before', () => {
    const muted = run(fresh(), { type: 'setVolume', volume: 0.4 }, { type: 'toggleMute' });
    expect(muted.volume).toBe(0);
    expect(run(muted, { type: 'toggleMute' }).volume).toBe(0.4);
  });

  it('unmutes a player that started silent at 0.75', () => {
    const silent = initialPlayerState({ repeat: 'off', volume: 0 });
    expect(run(silent, { type: 'toggleMute' }).volume).toBe(0.75);
  });
});

describe('resume retries', () => {
  it('tries 3 more times 500 ms apart, and Firefox on Android 3 times in all 200 ms apart', () => {
    expect(playbackRetryPlan('Mozilla/5.0 (X11; Linux x86_64) Chrome/120.0')).toEqual({ retries: 3, delayMs: 500 });
    expect(playbackRetryPlan('Mozilla/5.0 (Android 14; Mobile; rv:128.0) Gecko/128.0 Firefox/128.0')).toEqual({ retries: 2, delayMs: 200 });
    expect(playbackRetryPlan('Mozilla/5.0 (Windows NT 10.0; rv:128.0) Gecko/20100101 Firefox/128.0')).toEqual({ retries: 3, delayMs: 500 });
  });
});

describe('keyboard shortcuts', () => {
  const key = (name: string, focus: FocusKind = 'other', modifiers: Partial<ShortcutKey> = {}): ShortcutKey => ({
    key: name,
    ctrlKey: false,
    metaKey: false,
    altKey: false,
    focus,
    ...modifiers,
  });

  it('map space, the arrows, M, N, P and ? to the player', () => {
    expect([' ', 'ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'm', 'N', 'p', '?'].map((name) => shortcutFor(key(name)))).toEqual([
      'togglePlay',
      'seekBackward',
      'seekForward',
      'volumeUp',
      'volumeDown',
      'toggleMute',
      'next',
      'previous',
      'showHelp',
    ]);
    expect(shortcutFor(key('x'))).toBeNull();
  });

  it('leave keys alone while typing, in a dialog, or with a modifier (Ctrl+P prints)', () => {
    expect(shortcutFor(key('m', 'text-entry'))).toBeNull();
    expect(shortcutFor(key(' ', 'dialog'))).toBeNull();
    expect(shortcutFor(key('p', 'other', { ctrlKey: true }))).toBeNull();
    expect(shortcutFor(key('n', 'other', { metaKey: true }))).toBeNull();
  });

  it('let a focused button have Space and a focused slider its arrows', () => {
    expect(shortcutFor(key(' ', 'button'))).toBeNull();
    expect(shortcutFor(key('n', 'button'))).toBe('next');
    expect(shortcutFor(key('ArrowRight', 'slider'))).toBeNull();
    expect(shortcutFor(key('m', 'slider'))).toBe('toggleMute');
  });

  it('see no focus at all as the page', () => {
    expect(focusKindOf(null)).toBe('other');
  });
});
