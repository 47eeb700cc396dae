/** An exclusive video: published once. Pure. */
import type { DomainEvent, EventOf, NewEvent } from '../../../events/index.js';
import { conflict } from '../errors.js';

export type VideoState = { exists: boolean };
export type VideoCommand = { type: 'PublishVideo'; video: EventOf<'VideoPublished'>['data'] };

export const videoDecider = {
  initialState: { exists: false } as VideoState,
  evolve: (state: VideoState, event: DomainEvent): VideoState => {
    return event.type === 'VideoPublished' ? { exists: true } : state;
  },
  decide: (command: VideoCommand, state: VideoState): NewEvent[] => {
    if (state.exists) throw conflict('video_exists', `Video ${command.video.videoId} already exists`);
    return [{ type: 'VideoPublished', data: command.video }];
  },
};

export const videoStream = (videoId: string) => `video#${videoId}`;
