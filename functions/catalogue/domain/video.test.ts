import { describe, expect, it } from 'vitest';
import type { DomainEvent } from '../../../events/index.js';
import { videoDecider, type VideoCommand } from './video.js';

const video = {
  videoId: 'v1',
  slug: 'live-session',
  title: 'Live session',
  description: null,
  youtubeVideoId: 'dQw4w9WgXcQ',
  requiredTier: 'toko_plus' as const,
  publishedAt: '2026-01-01',
};
const meta = { eventId: 'e', at: '2026-01-01T00:00:00.000Z', actor: 'admin-1', correlationId: 'c' };
const given = (events: { type: string; data: unknown }[]) => ({
  when: (command: VideoCommand) => () =>
    videoDecider.decide(
      command,
      events
        .map((e, i) => ({ streamId: 'video#v1', version: i + 1, schemaVersion: 1, meta, ...e }) as DomainEvent)
        .reduce((state, event) => videoDecider.evolve(state, event), videoDecider.initialState),
    ),
});

describe('exclusive video', () => {
  it('is published once', () => {
    expect(given([]).when({ type: 'PublishVideo', video })()).toEqual([{ type: 'VideoPublished', data: video }]);
    expect(given([{ type: 'VideoPublished', data: video }]).when({ type: 'PublishVideo', video })).toThrow(/already exists/);
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
    expect(given([]).when({ type: 'ChangeVideoDetails', videoId: 'v1', changes: { title: 'x' } })).toThrow(/not found/);
  });
  it('is hidden and shown again, each once; a deleted video takes no more commands', () => {
    const published = { type: 'VideoPublished', data: video };
    const hidden = { type: 'VideoHidden', data: { videoId: 'v1' } };
    expect(given([published]).when({ type: 'HideVideo', videoId: 'v1' })()).toEqual([hidden]);
    expect(given([published, hidden]).when({ type: 'HideVideo', videoId: 'v1' })()).toEqual([]);
    expect(given([published]).when({ type: 'ShowVideo', videoId: 'v1' })()).toEqual([]);
    expect(given([published, hidden]).when({ type: 'ShowVideo', videoId: 'v1' })()).toEqual([
      { type: 'VideoShown', data: { videoId: 'v1' } },
    ]);
    expect(given([published, hidden]).when({ type: 'DeleteVideo', videoId: 'v1' })()).toEqual([
      { type: 'VideoDeleted', data: { videoId: 'v1' } },
    ]);
    const deleted = [published, { type: 'VideoDeleted', data: { videoId: 'v1' } }];
    for (const command of [
      { type: 'DeleteVideo', videoId: 'v1' },
      { type: 'HideVideo', videoId: 'v1' },
      { type: 'ChangeVideoDetails', videoId: 'v1', changes: { title: 'Again' } },
    ] as const)
      expect(given(deleted).when(command)).toThrow(/not found/);
    expect(given([]).when({ type: 'HideVideo', videoId: 'v1' })).toThrow(/not found/);
  });
});
