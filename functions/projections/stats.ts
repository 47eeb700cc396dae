/** Play statistics: qualified plays per track and per album, in total and per day, and per signed-in listener. */
import type { DomainEvent } from '../../events/index.js';
import type { Projection, ViewOp } from '../lib/projection.js';

export const albumStatsKey = (albumId: string) => ({ pk: `stats#album#${albumId}`, sk: 'total' });
export const trackStatsKey = (trackId: string) => ({ pk: `stats#track#${trackId}`, sk: 'total' });
export const userStatsKey = (userId: string) => ({ pk: `stats#user#${userId}`, sk: 'total' });
export const albumDayStatsKey = (albumId: string, day: string) => ({ pk: `stats#album#${albumId}`, sk: `day#${day}` });

export const statsProjection: Projection = {
  name: 'stats',
  events: ['PlayRecorded'],
  apply(event: DomainEvent): ViewOp[] {
    if (event.type !== 'PlayRecorded') return [];
    const { albumId, trackId } = event.data;
    const day = event.meta.at.slice(0, 10);
    // Counters gather many plays streams; the version each stream reached lives in its checkpoint.
    return [
      { kind: 'update', key: albumStatsKey(albumId), add: { playCount: 1 }, set: { albumId } },
      { kind: 'update', key: trackStatsKey(trackId), add: { playCount: 1 }, set: { trackId, albumId } },
      { kind: 'update', key: albumDayStatsKey(albumId, day), add: { playCount: 1 }, set: { albumId, day } },
      ...(event.data.userId
        ? [{ kind: 'update', key: userStatsKey(event.data.userId), add: { playCount: 1 }, set: { userId: event.data.userId } } as const]
        : []),
    ];
  },
};
