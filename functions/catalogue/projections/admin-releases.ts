/**
 * The release board (admin): one record per album with its status (draft, scheduled, live, unpublished), listed
 * newest change first in a partition per status and per status and artist (plus `all`), counted per status in
 * `counters`, and the scheduled releases keyed by their time in a partition per day, which the publish-due job
 * queries up to now. Seeded albums, published without a draft, appear as live.
 */
import type { DomainEvent } from '../../../events/index.js';
import type { ReleaseStatus } from '../domain/album.js';
import { stamp, type Projection, type ViewKey, type ViewOp } from '../../platform/projection.js';

export interface ReleaseRecord {
  albumId: string;
  artistId: string;
  title: string;
  albumType: string;
  artwork: string | null;
  status: ReleaseStatus;
  releaseDate: string | null;
  scheduledAt: string | null;
  trackCount: number;
  /** When the release last changed (the event's time). */
  updatedAt: string;
}

export const releaseStatuses = ['draft', 'scheduled', 'live', 'unpublished'] as const satisfies readonly ReleaseStatus[];

export const releaseKey = (albumId: string): ViewKey => ({ pk: `release#${albumId}`, sk: 'release' });
/** A board list: every release, or one status, optionally of one artist. */
export const releaseListPartition = (status: ReleaseStatus | 'all', artistId?: string) =>
  `releases#${status}${artistId ? `#artist#${artistId}` : ''}`;
/** In `counters` (its `stats#` prefix): one item per status, `count`. */
export const releaseCountPartition = (artistId?: string) => `stats#releases${artistId ? `#artist#${artistId}` : ''}`;
/** The scheduled releases of one UTC day, sorted by time. */
export const duePartition = (day: string) => `due#${day}`;
export const dueKey = (at: string, albumId: string): ViewKey => ({ pk: duePartition(at.slice(0, 10)), sk: `${at}#${albumId}` });

const listKeys = (r: ReleaseRecord): ViewKey[] => {
  const sk = `${r.updatedAt}#${r.albumId}`;
  return (['all', r.status] as const).flatMap((status) => [
    { pk: releaseListPartition(status), sk },
    { pk: releaseListPartition(status, r.artistId), sk },
  ]);
};

/** The record after an event, or undefined when the event does not concern the board. Pure. */
export function nextRelease(current: ReleaseRecord | undefined, event: DomainEvent): ReleaseRecord | undefined {
  const at = event.meta.at;
  if (event.type === 'AlbumDrafted') {
    const { albumId, artistId, title, albumType, artwork, releaseDate } = event.data;
    return { albumId, artistId, title, albumType, artwork, status: 'draft', releaseDate, scheduledAt: null, trackCount: 0, updatedAt: at };
  }
  if (event.type === 'AlbumPublished') {
    const { albumId, artistId, title, albumType, artwork, releaseDate, tracks } = event.data;
    return {
      albumId,
      artistId,
      title,
      albumType,
      artwork,
      status: 'live',
      releaseDate,
      scheduledAt: null,
      trackCount: tracks.length,
      updatedAt: at,
    };
  }
  if (!current) return undefined;
  const next = { ...current, updatedAt: at };
  switch (event.type) {
    case 'AlbumDraftChanged':
    case 'AlbumDetailsChanged': {
      const { title, albumType, artwork, releaseDate } = event.data.changes;
      return {
        ...next,
        ...(title !== undefined ? { title } : {}),
        ...(albumType !== undefined ? { albumType } : {}),
        ...(artwork !== undefined ? { artwork } : {}),
        ...(releaseDate !== undefined ? { releaseDate } : {}),
      };
    }
    case 'TrackUploaded':
      return { ...next, trackCount: current.trackCount + 1 };
    case 'TrackRemoved':
      return { ...next, trackCount: current.trackCount - 1 };
    case 'AlbumReleaseScheduled':
      return { ...next, status: 'scheduled', scheduledAt: event.data.at };
    case 'AlbumReleaseUnscheduled':
      return { ...next, status: 'draft', scheduledAt: null };
    case 'AlbumUnpublished':
      return { ...next, status: 'unpublished' };
    case 'AlbumRepublished':
      return { ...next, status: 'live' };
    default:
      return undefined;
  }
}

const boardEvents = [
  'AlbumDrafted',
  'AlbumDraftChanged',
  'TrackUploaded',
  'TrackRemoved',
  'AlbumReleaseScheduled',
  'AlbumReleaseUnscheduled',
  'AlbumPublished',
  'AlbumDetailsChanged',
  'AlbumUnpublished',
  'AlbumRepublished',
] as const;

const countOps = (status: ReleaseStatus, artistId: string, by: number): ViewOp[] =>
  [releaseCountPartition(), releaseCountPartition(artistId)].map((pk) => ({ kind: 'update', key: { pk, sk: status }, add: { count: by } }));

export const adminReleasesProjection: Projection = {
  name: 'admin-releases',
  events: boardEvents,
  async apply(event, views): Promise<ViewOp[]> {
    if (!('albumId' in event.data)) return [];
    const current = (await views.get(releaseKey(event.data.albumId))) as (ReleaseRecord & ViewKey) | undefined;
    const next = nextRelease(current, event);
    if (!next) return [];
    const record: ReleaseRecord = {
      albumId: next.albumId,
      artistId: next.artistId,
      title: next.title,
      albumType: next.albumType,
      artwork: next.artwork,
      status: next.status,
      releaseDate: next.releaseDate,
      scheduledAt: next.scheduledAt,
      trackCount: next.trackCount,
      updatedAt: next.updatedAt,
    };
    const id = (k: ViewKey) => `${k.pk}|${k.sk}`;
    const newKeys = listKeys(record);
    const kept = new Set(newKeys.map(id));
    const ops: ViewOp[] = [
      { kind: 'put', item: { ...releaseKey(record.albumId), ...record, ...stamp(event) } },
      ...(current ? listKeys(current) : []).filter((k) => !kept.has(id(k))).map((key): ViewOp => ({ kind: 'delete', key })),
      ...newKeys.map((key): ViewOp => ({ kind: 'put', item: { ...key, ...record, ...stamp(event) } })),
    ];
    if (current?.status !== record.status) {
      if (current) ops.push(...countOps(current.status, current.artistId, -1));
      ops.push(...countOps(record.status, record.artistId, 1));
    }
    const wasDue = current?.status === 'scheduled' && current.scheduledAt ? dueKey(current.scheduledAt, current.albumId) : null;
    const isDue = record.status === 'scheduled' && record.scheduledAt ? dueKey(record.scheduledAt, record.albumId) : null;
    if (wasDue && (!isDue || id(wasDue) !== id(isDue))) ops.push({ kind: 'delete', key: wasDue });
    if (isDue) ops.push({ kind: 'put', item: { ...isDue, albumId: record.albumId, at: record.scheduledAt, ...stamp(event) } });
    return ops;
  },
};
