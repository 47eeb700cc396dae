import { describe, expect, it } from 'vitest';
import { videoDecider } from './video.js';
import { givenDecider } from '../../platform/testing/given.js';

const video = {
  videoId: 'v1',
  slug: 'live-session',
  title: 'Live session',
  description: null,
  youtubeVideoId: 'dQw4w9WgXcQ',
  requiredTier: 'toko_plus' as const,
  publishedAt: '2026-01-01',
};
const given = givenDecider(videoDecider, { streamId: 'video#v1', actor: 'admin-1' });

describe('exclusive video', () => {
  it('is published once', () => {
    given([])
      .when({ type: 'PublishVideo', video })
      .then([{ type: 'VideoPublished', data: video }]);
    given([{ type: 'VideoPublished', data: video }])
      .when({ type: 'PublishVideo', video })
      .then(/already exists/);
  });
  it('records only the details that change', () => {
    expect(
      given([{ type: 'VideoPublished', data: video }]).when({
        type: 'ChangeVideoDetails',
        videoId: 'v1',
        changes: { title: 'Live session', description: 'New' },
      })(),
    ).toEqual([{ type: 'VideoDetailsChanged', data: { videoId: 'v1', changes: { description: 'New' } } }]);
  });
  it('cannot change a video that does not exist', () => {
    given([])
      .when({ type: 'ChangeVideoDetails', videoId: 'v1', changes: { title: 'x' } })
      .then(/not found/);
  });
  it('is hidden and shown again, each once; a deleted video takes no more commands', () => {
    const published = { type: 'VideoPublished', data: video };
    const hidden = { type: 'VideoHidden', data: { videoId: 'v1' } };
    given([published]).when({ type: 'HideVideo', videoId: 'v1' }).then([hidden]);
    given([published, hidden]).when({ type: 'HideVideo', videoId: 'v1' }).then([]);
    given([published]).when({ type: 'ShowVideo', videoId: 'v1' }).then([]);
    given([published, hidden])
      .when({ type: 'ShowVideo', videoId: 'v1' })
      .then([{ type: 'VideoShown', data: { videoId: 'v1' } }]);
    given([published, hidden])
      .when({ type: 'DeleteVideo', videoId: 'v1' })
      .then([{ type: 'VideoDeleted', data: { videoId: 'v1' } }]);
    const deleted = [published, { type: 'VideoDeleted', data: { videoId: 'v1' } }];
    for (const command of [
      { type: 'DeleteVideo', videoId: 'v1' },
      { type: 'HideVideo', videoId: 'v1' },
      { type: 'ChangeVideoDetails', videoId: 'v1', changes: { title: 'Again' } },
    ] as const)
      given(deleted)
        .when(command)
        .then(/not found/);
    given([])
      .when({ type: 'HideVideo', videoId: 'v1' })
      .then(/not found/);
  });
});
