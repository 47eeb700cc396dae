import { describe, expect, it, vi } from 'vitest';
import {
  bindMediaActions,
  showNowPlaying,
  showPlaybackState,
  showPosition,
  type MediaActions,
  type MediaSessionLike,
} from './media-session';
import type { QueueTrack } from './player-state';

/** navigator.mediaSession as the lock screen reads it. */
function fakeSession(unsupported: MediaSessionAction[] = []) {
  const handlers = new Map<MediaSessionAction, MediaSessionActionHandler>();
  const positions: MediaPositionState[] = [];
  const session: MediaSessionLike = {
    metadata: null,
    playbackState: 'none',
    setActionHandler(action, handler) {
      if (unsupported.includes(action)) throw new TypeError(`${action} is not supported`);
      if (handler) handlers.set(action, handler);
      else handlers.delete(action);
    },
    setPositionState: (state) => void positions.push(state),
  };
  const press = (action: MediaSessionAction, details: Partial<MediaSessionActionDetails> = {}) =>
    handlers.get(action)?.({ action, ...details });
  return { session, handlers, positions, press };
}

const track: QueueTrack = {
  id: 't1',
  albumId: 'a1',
  title: 'Harbour Lights',
  artist: 'The Tide',
  albumTitle: 'Low Water',
  artwork: '/media/covers/a1.jpg',
  audioUrl: '/media/audio/t1.mp3',
  duration: 200,
};
const page = 'https://toko.example/albums/a1';

describe('the lock screen', () => {
  it('shows the title, artist, album and cover of what plays, at absolute addresses', () => {
    const { session } = fakeSession();
    showNowPlaying(session, track, page, (init) => ({ shown: init }));
    expect(session.metadata).toEqual({
      shown: {
        title: 'Harbour Lights',
        artist: 'The Tide',
        album: 'Low Water',
        artwork: [{ src: 'https://toko.example/media/covers/a1.jpg' }],
      },
    });
  });

  it('shows the app icon for a track without a cover, and nothing once nothing is queued', () => {
    const { session } = fakeSession();
    showNowPlaying(session, { ...track, artwork: null }, page, (init) => init);
    expect((session.metadata as MediaMetadataInit).artwork).toEqual([
      { src: 'https://toko.example/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
    ]);
    showNowPlaying(session, null, page, (init) => init);
    expect(session.metadata).toBeNull();
  });

  it('shows playing, paused, or none', () => {
    const { session } = fakeSession();
    showPlaybackState(session, track, true);
    expect(session.playbackState).toBe('playing');
    showPlaybackState(session, track, false);
    expect(session.playbackState).toBe('paused');
    showPlaybackState(session, null, false);
    expect(session.playbackState).toBe('none');
  });

  it('shows the position once the length is known, never past the end', () => {
    const { session, positions } = fakeSession();
    showPosition(session, { duration: NaN, currentTime: 3, playbackRate: 1 });
    showPosition(session, { duration: 200, currentTime: 201, playbackRate: 0 });
    expect(positions).toEqual([{ duration: 200, position: 200, playbackRate: 1 }]);
  });

  it('drives the player from its buttons: play, pause, stop, next, previous and seeking', () => {
    const { session, press } = fakeSession();
    const actions: MediaActions = { resume: vi.fn(), pause: vi.fn(), next: vi.fn(), previous: vi.fn(), seek: vi.fn(), seekBy: vi.fn() };
    bindMediaActions(session, () => actions);
    press('play');
    press('pause');
    press('stop');
    press('nexttrack');
    press('previoustrack');
    press('seekbackward');
    press('seekforward', { seekOffset: 30 });
    press('seekto', { seekTime: 42 });
    expect(actions.resume).toHaveBeenCalledOnce();
    expect(actions.pause).toHaveBeenCalledTimes(2);
    expect(actions.next).toHaveBeenCalledOnce();
    expect(actions.previous).toHaveBeenCalledOnce();
    expect(vi.mocked(actions.seekBy).mock.calls).toEqual([[-10], [30]]);
    expect(actions.seek).toHaveBeenCalledWith(42);
  });

  it('calls the player’s latest commands, offers what the browser supports, and takes its buttons away when unbound', () => {
    const { session, handlers, press } = fakeSession(['seekto']);
    let next = vi.fn();
    const unbind = bindMediaActions(session, () => ({ resume() {}, pause() {}, next, previous() {}, seek() {}, seekBy() {} }));
    expect([...handlers.keys()]).not.toContain('seekto');
    expect(handlers.size).toBe(7);
    next = vi.fn();
    press('nexttrack');
    expect(next).toHaveBeenCalledOnce();
    unbind();
    expect(handlers.size).toBe(0);
  });
});
