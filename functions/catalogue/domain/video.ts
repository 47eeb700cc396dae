/** An exclusive video: published once, then its details may change; it may be hidden, shown again, or deleted. Pure. */
import type { DomainEvent, EventOf, NewEvent } from '../../../events/index.js';
import { assertNever, conflict, notFound } from '../../platform/errors.js';

type VideoDetails = Omit<EventOf<'VideoPublished'>['data'], 'videoId' | 'slug' | 'publishedAt'>;
export type VideoState =
  | { exists: false }
  | { exists: true; published: { slug: string; publishedAt: string }; details: VideoDetails; hidden: boolean; deleted: boolean };
export type VideoCommand =
  | { type: 'PublishVideo'; video: EventOf<'VideoPublished'>['data'] }
  | { type: 'ChangeVideoDetails'; videoId: string; changes: Partial<VideoDetails> }
  | { type: 'HideVideo'; videoId: string }
  | { type: 'ShowVideo'; videoId: string }
  | { type: 'DeleteVideo'; videoId: string };

/** A video an admin can still act on: published and not deleted. */
function present(state: VideoState) {
  if (!state.exists || state.deleted) throw notFound('video_not_found', 'Video not found');
  return state;
}

export const videoDecider = {
  initialState: { exists: false } as VideoState,
  evolve: (state: VideoState, event: DomainEvent): VideoState => {
    switch (event.type) {
      case 'VideoPublished': {
        const { title, description, youtubeVideoId, requiredTier, slug, publishedAt } = event.data;
        return {
          exists: true,
          published: { slug, publishedAt },
          details: { title, description, youtubeVideoId, requiredTier },
          hidden: false,
          deleted: false,
        };
      }
      case 'VideoDetailsChanged':
        return state.exists ? { ...state, details: { ...state.details, ...event.data.changes } } : state;
      case 'VideoHidden':
      case 'VideoShown':
        return state.exists ? { ...state, hidden: event.type === 'VideoHidden' } : state;
      case 'VideoDeleted':
        return state.exists ? { ...state, deleted: true } : state;
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
        const { details } = present(state);
        const changes = Object.fromEntries(
          Object.entries(command.changes).filter(
            ([key, value]) => value !== undefined && JSON.stringify(details[key as keyof VideoDetails]) !== JSON.stringify(value),
          ),
        );
        if (Object.keys(changes).length === 0) return [];
        return [{ type: 'VideoDetailsChanged', data: { videoId: command.videoId, changes } }];
      }
      case 'HideVideo':
        return present(state).hidden ? [] : [{ type: 'VideoHidden', data: { videoId: command.videoId } }];
      case 'ShowVideo':
        return present(state).hidden ? [{ type: 'VideoShown', data: { videoId: command.videoId } }] : [];
      case 'DeleteVideo':
        present(state);
        return [{ type: 'VideoDeleted', data: { videoId: command.videoId } }];
      default:
        return assertNever(command);
    }
  },
};

export const videoStream = (videoId: string) => `video#${videoId}`;
