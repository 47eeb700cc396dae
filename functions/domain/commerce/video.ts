/** An exclusive video: published once, then its details may change. Pure. */
import type { DomainEvent, EventOf, NewEvent } from '../../../events/index.js';
import { assertNever, conflict, notFound } from '../errors.js';

type VideoDetails = Omit<EventOf<'VideoPublished'>['data'], 'videoId' | 'slug' | 'publishedAt'>;
export type VideoState = { exists: false } | { exists: true; published: { slug: string; publishedAt: string }; details: VideoDetails };
export type VideoCommand =
  | { type: 'PublishVideo'; video: EventOf<'VideoPublished'>['data'] }
  | { type: 'ChangeVideoDetails'; videoId: string; changes: Partial<VideoDetails> };

export const videoDecider = {
  initialState: { exists: false } as VideoState,
  evolve: (state: VideoState, event: DomainEvent): VideoState => {
    switch (event.type) {
      case 'VideoPublished': {
        const { title, description, youtubeVideoId, requiredTier, slug, publishedAt } = event.data;
        return { exists: true, published: { slug, publishedAt }, details: { title, description, youtubeVideoId, requiredTier } };
      }
      case 'VideoDetailsChanged':
        return state.exists ? { ...state, details: { ...state.details, ...event.data.changes } } : state;
      default:
        return state;
    }
  },
  decide: (command: VideoCommand, state: VideoState): NewEvent[] => {
    switch (command.type) {
      case 'PublishVideo':
        if (state.exists) throw conflict('video_exists', `Video ${command.video.videoId} already exists`);
        return [{ type: 'VideoPublished', data: command.video }];
      case 'ChangeVideoDetails': {
        if (!state.exists) throw notFound('video_not_found', 'Video not found');
        const { details } = state;
        const changes = Object.fromEntries(
          Object.entries(command.changes).filter(
            ([key, value]) => value !== undefined && JSON.stringify(details[key as keyof VideoDetails]) !== JSON.stringify(value),
          ),
        );
        if (Object.keys(changes).length === 0) return [];
        return [{ type: 'VideoDetailsChanged', data: { videoId: command.videoId, changes } }];
      }
      default:
        return assertNever(command);
    }
  },
};

export const videoStream = (videoId: string) => `video#${videoId}`;
