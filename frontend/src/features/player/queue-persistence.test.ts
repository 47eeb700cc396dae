import { describe, expect, it } from 'vitest';
import { queueTrack } from '../../../../test/support/player';
import { currentTrack, playerReducer } from './player-state';
import { queueStore, restoredPlayerState, SESSION_SAVE_INTERVAL_MS, type StorageLike } from './queue-persistence';

function memoryStorage(): StorageLike & { items: Map<string, string> } {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
  };
}

const settings = { repeat: 'all' as const, volume: 0.5 };

function playing(index: number) {
  const state = restoredPlayerState(null, settings);
  return playerReducer(state, { type: 'playQueue', tracks: [queueTrack('1'), queueTrack('2'), queueTrack('3')], index, at: 0 });
}

describe('the queue across a reload', () => {
  it('comes back where it was left: the same queue and track, paused, with the listener’s settings', () => {
    const storage = memoryStorage();
    queueStore(storage).save(playing(1), 73.46);

    const saved = queueStore(storage).restore();
    expect(saved).toMatchObject({ index: 1, position: 73.4, shuffle: false });
    const state = restoredPlayerState(saved, settings);
    expect(currentTrack(state)?.id).toBe('2');
    expect(state.queue.map((t) => t.id)).toEqual(['1', '2', '3']);
    expect(state).toMatchObject({ status: 'paused', repeat: 'all', volume: 0.5 });
  });

  it('starts empty when nothing was saved, or what was saved does not hold together', () => {
    const storage = memoryStorage();
    expect(restoredPlayerState(queueStore(storage).restore(), settings).queue).toEqual([]);
    storage.items.set('player.session', '{"queue":[],"index":0');
    expect(queueStore(storage).restore()).toBeNull();
    storage.items.set('player.session', JSON.stringify({ queue: [queueTrack('1')], index: 4, position: 0, shuffle: false }));
    expect(queueStore(storage).restore()).toBeNull();
  });

  it('forgets the saved queue once the queue is empty', () => {
    const storage = memoryStorage();
    const store = queueStore(storage);
    store.save(playing(0), 10);
    store.save(restoredPlayerState(null, settings), 0);
    expect(storage.items.size).toBe(0);
  });

  it('while playing, saves the position at most every few seconds', () => {
    const storage = memoryStorage();
    let now = 1_000_000;
    const store = queueStore(storage, () => now);
    store.save(playing(0), 1);
    now += SESSION_SAVE_INTERVAL_MS - 1;
    store.saveIfDue(playing(0), 5);
    expect(store.restore()?.position).toBe(1);
    now += 2;
    store.saveIfDue(playing(0), 6);
    expect(store.restore()?.position).toBe(6);
  });
});
