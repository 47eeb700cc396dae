/** Signed audio URLs expire: the player tells them apart, knows when one is due, and swaps fresh ones into its queue. */
import { GetObjectCommand } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { describe, expect, it } from 'vitest';
import { audioUrlExpiry, FRESH_URL_MARGIN_MS, isSignedAudioUrl, needsFreshAudioUrl } from '../../frontend/src/features/player/audio-urls';
import { parseSavedSession, sessionToSave } from '../../frontend/src/features/player/player-session';
import { initialPlayerState } from '../../frontend/src/features/player/player-state';
import { minutesLater, presigningS3, signedAt } from '../support/local-s3.js';
import { queueTrack as track, runPlayer as run } from '../support/player.js';

const s3 = presigningS3();
const minutes = (n: number) => minutesLater(n).getTime();
const signed = (key: string, expiresIn = 900) =>
  getSignedUrl(s3, new GetObjectCommand({ Bucket: 'toko-media', Key: key, ResponseCacheControl: 'private, max-age=900' }), {
    expiresIn,
    signingDate: signedAt,
  });

describe('audio URLs', () => {
  it('reads when a presigned URL expires; a public media URL never does', async () => {
    const url = await signed('audio/private/album-night-garden/track-night-garden-01.mp3');
    expect(isSignedAudioUrl(url)).toBe(true);
    expect(audioUrlExpiry(url)).toBe(minutes(15));
    for (const open of ['/media/audio/album-first-light/track-first-light-01.mp3', 'https://cdn.example/a.mp3?v=2', 'not a url at all %']) {
      expect(isSignedAudioUrl(open)).toBe(false);
      expect(needsFreshAudioUrl(open, minutes(60 * 24))).toBe(false);
    }
  });

  it('asks for a fresh URL once it has expired or will before the track could be fetched', async () => {
    const url = await signed('audio/private/album-night-garden/track-night-garden-01.mp3');
    expect(needsFreshAudioUrl(url, minutes(1))).toBe(false);
    expect(needsFreshAudioUrl(url, minutes(15) - FRESH_URL_MARGIN_MS + 1000)).toBe(true);
    expect(needsFreshAudioUrl(url, minutes(16))).toBe(true);
    // A six-minute track started ten minutes in would outlive its URL.
    expect(needsFreshAudioUrl(url, minutes(10), 360)).toBe(true);
    expect(needsFreshAudioUrl(url, minutes(1), 360)).toBe(false);
  });
});

describe('fresh URLs in the queue', () => {
  const queue = [
    track('a', { albumId: 'album-plus', audioUrl: 'https://s3/a?X-Amz-Signature=1' }),
    track('b', { albumId: 'album-free', audioUrl: '/media/audio/b.mp3' }),
    track('c', { albumId: 'album-plus', audioUrl: 'https://s3/c?X-Amz-Signature=1' }),
  ];
  const playingB = run(initialPlayerState({ repeat: 'off', volume: 1 }), { type: 'playQueue', tracks: queue, index: 1, at: 0 });

  it('replaces the URLs of the tracks it has fresh ones for, and nothing else moves', () => {
    const after = run(playingB, {
      type: 'audioUrlsRefreshed',
      audioUrls: { a: 'https://s3/a?X-Amz-Signature=2', c: 'https://s3/c?X-Amz-Signature=2', z: 'https://s3/z' },
    });
    expect(after.queue.map((t) => t.audioUrl)).toEqual([
      'https://s3/a?X-Amz-Signature=2',
      '/media/audio/b.mp3',
      'https://s3/c?X-Amz-Signature=2',
    ]);
    expect(after).toMatchObject({ index: 1, status: 'playing', playId: playingB.playId, error: null });
  });

  it('keeps the same state when nothing is new, so nothing reloads', () => {
    expect(run(playingB, { type: 'audioUrlsRefreshed', audioUrls: {} })).toBe(playingB);
    expect(run(playingB, { type: 'audioUrlsRefreshed', audioUrls: { b: '/media/audio/b.mp3' } })).toBe(playingB);
  });

  it('restores a saved queue with its signed URLs, for the player to renew when it loads them', () => {
    const saved = parseSavedSession(JSON.stringify(sessionToSave(playingB, 12)));
    expect(saved?.queue.map((t) => t.audioUrl)).toEqual(queue.map((t) => t.audioUrl));
    const restored = run(initialPlayerState({ repeat: 'off', volume: 1 }), {
      type: 'restore',
      queue: saved!.queue,
      index: saved!.index,
      shuffle: saved!.shuffle,
    });
    expect(restored).toMatchObject({ index: 1, status: 'paused' });
  });
});
