/**
 * The album aggregate: a release's whole life on one stream. The seed publishes an album in one step; the admin panel
 * drafts it first (details, tracks, artwork, access and price), then publishes it now or at a set time through the same
 * PublishAlbum decision, and may unpublish and republish it. Pure.
 */
import type { AlbumDetails, AlbumDraftDetails, DomainEvent, EventOf, NewEvent, Track } from '../../../events/index.js';
import { assertNever, conflict, invalid, notFound } from '../../platform/errors.js';

export type ReleaseStatus = 'draft' | 'scheduled' | 'live' | 'unpublished';

export interface DraftTrack {
  trackId: string;
  title: string;
  uploadKey: string;
  /** Format and seconds, known once the upload was read (TrackProcessed). */
  format: 'mp3' | 'wav' | 'flac' | null;
  duration: number | null;
  /** Set once the streaming MP3 exists. */
  audioKey: string | null;
  masterKey: string | null;
  /** Why the upload could not be processed; the admin removes and uploads it again. */
  refusal: string | null;
  lyrics: string | null;
  instrumentalKey: string | null;
  /** Played on the band page as an unreleased track until it is taken off, removed or released. */
  onBandPage: boolean;
}

export type AlbumState =
  | { exists: false }
  | {
      exists: true;
      status: 'draft' | 'scheduled';
      artistId: string;
      draft: AlbumDraftDetails;
      /** In running order. */
      tracks: DraftTrack[];
      scheduledAt: string | null;
      /** The admin who scheduled it: the actor of the publication when it comes. */
      scheduledBy: string | null;
    }
  | { exists: true; status: 'live' | 'unpublished'; artistId: string; details: AlbumDetails; tracks: Track[] };

export type DraftState = Extract<AlbumState, { status: 'draft' | 'scheduled' }>;
type PublishedState = Extract<AlbumState, { status: 'live' | 'unpublished' }>;

type Upload = Omit<EventOf<'TrackUploaded'>['data'], 'albumId' | 'trackNumber'>;

export type AlbumCommand =
  | { type: 'PublishAlbum'; album: EventOf<'AlbumPublished'>['data']; artistExists: boolean }
  | { type: 'ChangeAlbumDetails'; albumId: string; changes: Partial<AlbumDetails> }
  | { type: 'DraftAlbum'; album: EventOf<'AlbumDrafted'>['data']; artist: 'active' | 'archived' | 'missing' }
  | { type: 'ChangeDraft'; albumId: string; changes: Partial<AlbumDraftDetails> }
  | { type: 'UploadTrack'; albumId: string; track: Upload }
  | ({ type: 'ProcessTrack' } & EventOf<'TrackProcessed'>['data'])
  | { type: 'RefuseTrack'; albumId: string; trackId: string; reason: string }
  | { type: 'RemoveTrack'; albumId: string; trackId: string }
  | { type: 'ReorderTracks'; albumId: string; trackIds: string[] }
  | { type: 'ChangeTrackDetails'; albumId: string; trackId: string; changes: EventOf<'TrackDetailsChanged'>['data']['changes'] }
  | { type: 'ShowOnBandPage'; albumId: string; trackId: string; shown: boolean }
  /** `at` is the time of the request: it names the release date of a draft that has none. */
  | { type: 'PublishDraft'; albumId: string; at: string; artistExists: boolean }
  | { type: 'ScheduleRelease'; albumId: string; releaseAt: string; now: string }
  | { type: 'UnscheduleRelease'; albumId: string }
  /** What the scheduler sends: publishes a scheduled release whose time has come, and nothing else. */
  | { type: 'PublishIfDue'; albumId: string; now: string; artistExists: boolean }
  | { type: 'UnpublishAlbum'; albumId: string }
  | { type: 'RepublishAlbum'; albumId: string };

/** A refusal about one form field, so the admin form can show it beside the field. */
const refuse = (field: string, code: string, message: string) => invalid(code, message, field);

function evolveDraft(state: DraftState, event: DomainEvent): AlbumState {
  const track = (trackId: string, change: (t: DraftTrack) => DraftTrack) => ({
    ...state,
    tracks: state.tracks.map((t) => (t.trackId === trackId ? change(t) : t)),
  });
  switch (event.type) {
    case 'AlbumDraftChanged':
      return { ...state, draft: { ...state.draft, ...event.data.changes } };
    case 'TrackUploaded': {
      const { albumId: _a, trackNumber: _n, ...upload } = event.data;
      const added: DraftTrack = {
        ...upload,
        format: null,
        duration: null,
        audioKey: null,
        masterKey: null,
        refusal: null,
        lyrics: null,
        instrumentalKey: null,
        onBandPage: false,
      };
      return { ...state, tracks: [...state.tracks, added] };
    }
    case 'TrackProcessed':
      return track(event.data.trackId, (t) => {
        const { format, duration, audioKey, masterKey } = event.data;
        return { ...t, format, duration, audioKey, masterKey };
      });
    case 'TrackRefused':
      return track(event.data.trackId, (t) => ({ ...t, refusal: event.data.reason }));
    case 'TrackRemoved':
      return { ...state, tracks: state.tracks.filter((t) => t.trackId !== event.data.trackId) };
    case 'TracksReordered': {
      const byId = new Map(state.tracks.map((t) => [t.trackId, t]));
      return { ...state, tracks: event.data.trackIds.flatMap((id) => byId.get(id) ?? []) };
    }
    case 'TrackDetailsChanged':
      return track(event.data.trackId, (t) => ({ ...t, ...event.data.changes }));
    case 'TrackAddedToBandPage':
      return track(event.data.trackId, (t) => ({ ...t, onBandPage: true }));
    case 'TrackRemovedFromBandPage':
      return track(event.data.trackId, (t) => ({ ...t, onBandPage: false }));
    case 'AlbumReleaseScheduled':
      return { ...state, status: 'scheduled', scheduledAt: event.data.at, scheduledBy: event.meta.actor };
    case 'AlbumReleaseUnscheduled':
      return { ...state, status: 'draft', scheduledAt: null, scheduledBy: null };
    default:
      return state;
  }
}

/** An album's tracks as they are played and listed: by track number, whatever order they were stored in. */
export const inTrackOrder = <Track extends { trackNumber: number }>(tracks: readonly Track[]): Track[] =>
  [...tracks].sort((a, b) => a.trackNumber - b.trackNumber);

const isProcessed = (t: DraftTrack): t is DraftTrack & { audioKey: string; duration: number } => t.audioKey !== null && t.duration !== null;

/** The tier and offer a draft's access and prices publish as. */
function offerOf(
  draft: AlbumDraftDetails,
): Pick<AlbumDetails, 'requiredTier' | 'isDummyAlbum' | 'isAvailableForPurchase' | 'stripePriceDefault' | 'stripePriceSubscriber'> {
  return {
    requiredTier: draft.access === 'physical_only' ? 'free' : draft.access,
    isDummyAlbum: draft.access === 'physical_only',
    isAvailableForPurchase: draft.access === 'purchase_required',
    stripePriceDefault: draft.price,
    stripePriceSubscriber: draft.memberPrice,
  };
}

/** The AlbumPublished payload a draft makes: the same shape the seed publishes. Refuses a draft that is not ready. */
function albumFromDraft(albumId: string, state: DraftState, at: string): EventOf<'AlbumPublished'>['data'] {
  const { draft, tracks } = state;
  if (tracks.length === 0) throw refuse('tracks', 'no_tracks', 'Add at least one track before publishing');
  const refused = tracks.find((t) => t.refusal);
  if (refused) throw refuse('tracks', 'track_refused', `"${refused.title}" could not be processed: remove it or upload it again`);
  const pending = tracks.find((t) => !isProcessed(t));
  if (pending) throw refuse('tracks', 'track_processing', `"${pending.title}" is still being processed; publish when it is ready`);
  const processed = tracks.filter(isProcessed);
  if (!draft.artwork) throw refuse('artwork', 'no_artwork', 'Upload the artwork before publishing');
  if (draft.access === 'purchase_required' && draft.price === null) {
    throw refuse('price', 'no_price', 'A release that must be bought needs a price');
  }
  const physical = draft.access === 'physical_only';
  return {
    albumId,
    artistId: state.artistId,
    title: draft.title,
    artwork: draft.artwork,
    description: draft.description,
    albumType: draft.albumType,
    releaseDate: draft.releaseDate ?? at.slice(0, 10),
    isExclusive: draft.isExclusive,
    stripeProductId: null,
    rightsOwner: null,
    externalLinks: draft.externalLinks,
    copyright: draft.copyright,
    ...offerOf(draft),
    tracks: processed.map((t, i) => ({
      trackId: t.trackId,
      title: t.title,
      trackNumber: i + 1,
      duration: t.duration,
      lyrics: t.lyrics,
      // A physical-only release lists its tracks but has no audio here: its rights are held elsewhere.
      audioKey: physical ? null : t.audioKey,
    })),
  };
}

function decidePublish(command: Extract<AlbumCommand, { type: 'PublishAlbum' }>, state: AlbumState): NewEvent[] {
  const { album } = command;
  if (state.exists && (state.status === 'live' || state.status === 'unpublished')) {
    throw conflict('album_exists', `Album ${album.albumId} already exists`);
  }
  if (!command.artistExists) throw notFound('artist_not_found', `Artist ${album.artistId} not found`);
  const numbers = album.tracks.map((t) => t.trackNumber);
  if (new Set(numbers).size !== numbers.length) throw invalid('duplicate_track_number', 'Track numbers must be unique');
  if (album.isDummyAlbum && album.tracks.some((t) => t.audioKey)) {
    throw invalid('dummy_album_audio', 'A dummy album has no audio of its own');
  }
  return [{ type: 'AlbumPublished', data: album }];
}

/** The band page plays only unreleased tracks: a draft's tracks leave it as the draft is released. */
const offBandPage = (state: AlbumState, albumId: string): NewEvent[] =>
  state.exists && 'draft' in state
    ? state.tracks.filter((t) => t.onBandPage).map((t) => ({ type: 'TrackRemovedFromBandPage', data: { albumId, trackId: t.trackId } }))
    : [];

export function draftOf(state: AlbumState): DraftState {
  if (!state.exists) throw notFound('album_not_found', 'Album not found');
  if (state.status !== 'draft' && state.status !== 'scheduled') throw conflict('album_published', 'The album is published already');
  return state;
}

function publishedOf(state: AlbumState): PublishedState {
  if (!state.exists) throw notFound('album_not_found', 'Album not found');
  if (state.status !== 'live' && state.status !== 'unpublished') throw conflict('album_not_published', 'The album is not published');
  return state;
}

function trackOf(state: DraftState, trackId: string): DraftTrack {
  const track = state.tracks.find((t) => t.trackId === trackId);
  if (!track) throw notFound('track_not_found', 'Track not found');
  return track;
}

const changedFields = <T extends object>(current: T, changes: Partial<T>): Partial<T> =>
  Object.fromEntries(
    Object.entries(changes).filter(
      ([key, value]) => value !== undefined && JSON.stringify(current[key as keyof T]) !== JSON.stringify(value),
    ),
  ) as Partial<T>;

export const albumDecider = {
  initialState: { exists: false } as AlbumState,
  evolve: (state: AlbumState, event: DomainEvent): AlbumState => {
    switch (event.type) {
      case 'AlbumDrafted': {
        const { albumId: _id, artistId, ...draft } = event.data;
        return { exists: true, status: 'draft', artistId, draft, tracks: [], scheduledAt: null, scheduledBy: null };
      }
      case 'AlbumPublished': {
        const { albumId: _id, artistId, tracks, ...details } = event.data;
        return { exists: true, status: 'live', artistId, details, tracks };
      }
      case 'AlbumDetailsChanged':
        return state.exists && 'details' in state ? { ...state, details: { ...state.details, ...event.data.changes } } : state;
      case 'AlbumUnpublished':
        return state.exists && 'details' in state ? { ...state, status: 'unpublished' } : state;
      case 'AlbumRepublished':
        return state.exists && 'details' in state ? { ...state, status: 'live' } : state;
      default:
        return state.exists && 'draft' in state ? evolveDraft(state, event) : state;
    }
  },
  decide: (command: AlbumCommand, state: AlbumState): NewEvent[] => {
    switch (command.type) {
      case 'PublishAlbum':
        return decidePublish(command, state);
      case 'ChangeAlbumDetails': {
        const album = publishedOf(state);
        const changed = changedFields(album.details, command.changes);
        if (Object.keys(changed).length === 0) return [];
        return [{ type: 'AlbumDetailsChanged', data: { albumId: command.albumId, changes: changed } }];
      }
      case 'DraftAlbum': {
        if (state.exists) throw conflict('album_exists', `Album ${command.album.albumId} already exists`);
        if (command.artist === 'missing') throw refuse('artistId', 'artist_not_found', 'No artist with this id');
        if (command.artist === 'archived') throw refuse('artistId', 'artist_archived', 'This artist is archived');
        return [{ type: 'AlbumDrafted', data: command.album }];
      }
      case 'ChangeDraft': {
        const draft = draftOf(state);
        const changed = changedFields(draft.draft, command.changes);
        if (Object.keys(changed).length === 0) return [];
        return [{ type: 'AlbumDraftChanged', data: { albumId: command.albumId, changes: changed } }];
      }
      case 'UploadTrack': {
        const draft = draftOf(state);
        if (draft.tracks.some((t) => t.trackId === command.track.trackId)) return [];
        return [{ type: 'TrackUploaded', data: { albumId: command.albumId, trackNumber: draft.tracks.length + 1, ...command.track } }];
      }
      case 'ProcessTrack': {
        // The processor may run again (a redelivery) or after the track left the draft: neither is an error.
        if (!state.exists || !('draft' in state)) return [];
        const track = state.tracks.find((t) => t.trackId === command.trackId);
        if (!track || track.audioKey || track.refusal) return [];
        const { type: _type, ...processed } = command;
        return [{ type: 'TrackProcessed', data: processed }];
      }
      case 'RefuseTrack': {
        if (!state.exists || !('draft' in state)) return [];
        const track = state.tracks.find((t) => t.trackId === command.trackId);
        if (!track || track.audioKey || track.refusal) return [];
        return [{ type: 'TrackRefused', data: { albumId: command.albumId, trackId: command.trackId, reason: command.reason } }];
      }
      case 'RemoveTrack': {
        const draft = draftOf(state);
        const removed = trackOf(draft, command.trackId);
        return [
          ...(removed.onBandPage
            ? [{ type: 'TrackRemovedFromBandPage', data: { albumId: command.albumId, trackId: command.trackId } } as const]
            : []),
          { type: 'TrackRemoved', data: { albumId: command.albumId, trackId: command.trackId } },
        ];
      }
      case 'ReorderTracks': {
        const draft = draftOf(state);
        const current = draft.tracks.map((t) => t.trackId);
        const same = command.trackIds.length === current.length && [...command.trackIds].sort().join() === [...current].sort().join();
        if (!same) throw refuse('trackIds', 'bad_order', 'The new order must name every track of the album once');
        if (command.trackIds.join() === current.join()) return [];
        return [{ type: 'TracksReordered', data: { albumId: command.albumId, trackIds: command.trackIds } }];
      }
      case 'ChangeTrackDetails': {
        const draft = draftOf(state);
        const changed = changedFields(trackOf(draft, command.trackId), command.changes);
        if (Object.keys(changed).length === 0) return [];
        return [{ type: 'TrackDetailsChanged', data: { albumId: command.albumId, trackId: command.trackId, changes: changed } }];
      }
      case 'ShowOnBandPage': {
        const draft = draftOf(state);
        const track = trackOf(draft, command.trackId);
        if (track.onBandPage === command.shown) return [];
        const { albumId, trackId } = command;
        if (!command.shown) return [{ type: 'TrackRemovedFromBandPage', data: { albumId, trackId } }];
        if (track.refusal) throw refuse('tracks', 'track_refused', `"${track.title}" could not be processed: it has nothing to play`);
        if (!isProcessed(track))
          throw refuse('tracks', 'track_processing', `"${track.title}" is still being processed; add it when it is ready`);
        const { title, duration, audioKey } = track;
        return [{ type: 'TrackAddedToBandPage', data: { albumId, trackId, title, duration, audioKey } }];
      }
      case 'PublishDraft': {
        const draft = draftOf(state);
        const album = albumFromDraft(command.albumId, draft, command.at);
        return [
          ...offBandPage(state, command.albumId),
          ...decidePublish({ type: 'PublishAlbum', album, artistExists: command.artistExists }, state),
        ];
      }
      case 'ScheduleRelease': {
        const draft = draftOf(state);
        if (command.releaseAt <= command.now) throw refuse('releaseAt', 'schedule_in_past', 'Choose a time in the future, or publish now');
        // Refuse now what would be refused at the scheduled time.
        albumFromDraft(command.albumId, draft, command.releaseAt);
        if (draft.scheduledAt === command.releaseAt) return [];
        return [{ type: 'AlbumReleaseScheduled', data: { albumId: command.albumId, at: command.releaseAt } }];
      }
      case 'UnscheduleRelease': {
        const draft = draftOf(state);
        if (draft.status !== 'scheduled') return [];
        return [{ type: 'AlbumReleaseUnscheduled', data: { albumId: command.albumId } }];
      }
      case 'PublishIfDue': {
        if (!state.exists || state.status !== 'scheduled' || !state.scheduledAt || state.scheduledAt > command.now) return [];
        const album = albumFromDraft(command.albumId, state, state.scheduledAt);
        return [
          ...offBandPage(state, command.albumId),
          ...decidePublish({ type: 'PublishAlbum', album, artistExists: command.artistExists }, state),
        ];
      }
      case 'UnpublishAlbum': {
        const album = publishedOf(state);
        return album.status === 'unpublished' ? [] : [{ type: 'AlbumUnpublished', data: { albumId: command.albumId } }];
      }
      case 'RepublishAlbum': {
        const album = publishedOf(state);
        return album.status === 'live' ? [] : [{ type: 'AlbumRepublished', data: { albumId: command.albumId } }];
      }
      default:
        return assertNever(command);
    }
  },
};

export const albumStream = (albumId: string) => `album#${albumId}`;
