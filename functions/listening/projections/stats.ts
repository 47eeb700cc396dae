/**
 * Play statistics: qualified plays per track and per album, and per signed-in listener; what listeners see beside a
 * track and an album. Not a projector of its own: the rollups projection (rollups.ts) writes these with the dashboard's
 * play counts, so a play moves one checkpoint, not two (#14: play ingest 46 % → 62 % of raw). Pure.
 */
import type { DomainEvent } from '../../../events/index.js';
import type { Projection, ViewOp } from '../../platform/projection.js';

export const albumStatsKey = (albumId: string) => ({ pk: `stats#album#${albumId}`, sk: 'total' });
export const trackStatsKey = (trackId: string) => ({ pk: `stats#track#${trackId}`, sk: 'total' });
export const userStatsKey = (userId: string) => ({ pk: `stats#user#${userId}`, sk: 'total' });

export const statsProjection: Projection = {
  name: 'stats',
  events: ['PlayRecorded'],
  apply(event: DomainEvent): ViewOp[] {
    if (event.type !== 'PlayRecorded') return [];
    const { albumId, trackId } = event.data;
    // Counters gather many plays streams; the version each stream reached lives in its checkpoint.
    return [
      { kind: 'update', key: albumStatsKey(albumId), add: { playCount: 1 }, set: { albumId } },
      { kind: 'update', key: trackStatsKey(trackId), add: { playCount: 1 }, set: { trackId, albumId } },
      ...(event.data.userId
        ? [{ kind: 'update', key: userStatsKey(event.data.userId), add: { playCount: 1 }, set: { userId: event.data.userId } } as const]
        : []),
    ];
  },
};
