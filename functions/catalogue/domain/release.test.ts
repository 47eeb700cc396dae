import { describe, expect, it } from 'vitest';
import type { AlbumDraftDetails, DomainEvent } from '../../../events/index.js';
import { albumDecider, type AlbumCommand } from './album.js';
import { artistDecider, type ArtistCommand } from './artist.js';
import { albumData, artistData } from './catalogue.fixtures.js';

const meta = { eventId: 'e', at: '2026-01-01T00:00:00.000Z', actor: 'admin-1', correlationId: 'c' };
type Fact = { type: string; data: unknown };
const fold = <S>(decider: { evolve(s: S, e: DomainEvent): S; initialState: S }, stream: string, events: Fact[]) =>
  events
    .map((e, i) => ({ streamId: stream, version: i + 1, schemaVersion: 1, meta, ...e }) as DomainEvent)
    .reduce((state, event) => decider.evolve(state, event), decider.initialState);

const given = (events: Fact[]) => ({
  when: (command: AlbumCommand) => () => albumDecider.decide(command, fold(albumDecider, 'album#al1', events)),
});
const givenArtist = (events: Fact[]) => ({
  when: (command: ArtistCommand) => () => artistDecider.decide(command, fold(artistDecider, 'artist#a1', events)),
});

const draftDetails: AlbumDraftDetails = {
  title: 'First',
  albumType: 'Album',
  description: null,
  releaseDate: null,
  copyright: null,
  externalLinks: {},
  access: 'purchase_required',
  price: 9.99,
  memberPrice: 6.99,
  isExclusive: false,
  artwork: '/media/images/artwork/al1.jpg',
};
const drafted: Fact = { type: 'AlbumDrafted', data: { albumId: 'al1', artistId: 'a1', ...draftDetails } };
const upload = (trackId: string, title = trackId) => ({
  trackId,
  title,
  uploadKey: `masters/al1/${trackId}.wav`,
});
const uploaded = (trackId: string, trackNumber: number): Fact => ({
  type: 'TrackUploaded',
  data: { albumId: 'al1', trackNumber, ...upload(trackId) },
});
const processed = (trackId: string): Fact => ({
  type: 'TrackProcessed',
  data: {
    albumId: 'al1',
    trackId,
    format: 'wav',
    duration: 30,
    audioKey: `audio/private/al1/${trackId}.mp3`,
    masterKey: `masters/al1/${trackId}.wav`,
  },
});
const ready = [drafted, uploaded('t1', 1), processed('t1'), uploaded('t2', 2), processed('t2')];
const publishNow: AlbumCommand = { type: 'PublishDraft', albumId: 'al1', at: '2026-03-01T10:00:00.000Z', artistExists: true };

describe('an album draft', () => {
  it('given nothing, drafting records AlbumDrafted', () => {
    expect(given([]).when({ type: 'DraftAlbum', album: drafted.data as never, artist: 'active' })()).toEqual([drafted]);
  });
  it('is refused for a missing or archived artist, naming the artist field', () => {
    expect(given([]).when({ type: 'DraftAlbum', album: drafted.data as never, artist: 'missing' })).toThrow(
      expect.objectContaining({ field: 'artistId' }),
    );
    expect(given([]).when({ type: 'DraftAlbum', album: drafted.data as never, artist: 'archived' })).toThrow(/archived/);
  });
  it('records only the fields that change', () => {
    expect(given([drafted]).when({ type: 'ChangeDraft', albumId: 'al1', changes: { title: 'First', price: 12 } })()).toEqual([
      { type: 'AlbumDraftChanged', data: { albumId: 'al1', changes: { price: 12 } } },
    ]);
  });
  it('numbers an uploaded track after the others, and records it once', () => {
    expect(given([drafted, uploaded('t1', 1)]).when({ type: 'UploadTrack', albumId: 'al1', track: upload('t2') })()).toEqual([
      uploaded('t2', 2),
    ]);
    expect(given([drafted, uploaded('t1', 1)]).when({ type: 'UploadTrack', albumId: 'al1', track: upload('t1') })()).toEqual([]);
  });
  it('processes a track once; a redelivery records nothing', () => {
    const process: AlbumCommand = {
      type: 'ProcessTrack',
      albumId: 'al1',
      trackId: 't1',
      format: 'mp3',
      duration: 30,
      audioKey: 'a.mp3',
      masterKey: null,
    };
    expect(given([drafted, uploaded('t1', 1)]).when(process)()).toHaveLength(1);
    expect(given([drafted, uploaded('t1', 1), processed('t1')]).when(process)()).toEqual([]);
  });
  it('reorders with every track named once', () => {
    expect(given(ready).when({ type: 'ReorderTracks', albumId: 'al1', trackIds: ['t2', 't1'] })()).toEqual([
      { type: 'TracksReordered', data: { albumId: 'al1', trackIds: ['t2', 't1'] } },
    ]);
    expect(given(ready).when({ type: 'ReorderTracks', albumId: 'al1', trackIds: ['t2'] })).toThrow(/every track/);
    expect(given(ready).when({ type: 'ReorderTracks', albumId: 'al1', trackIds: ['t1', 't2'] })()).toEqual([]);
  });
  it('changes a track title, lyrics and instrumental; refuses an unknown track', () => {
    expect(given(ready).when({ type: 'ChangeTrackDetails', albumId: 'al1', trackId: 't1', changes: { lyrics: 'La' } })()).toEqual([
      { type: 'TrackDetailsChanged', data: { albumId: 'al1', trackId: 't1', changes: { lyrics: 'La' } } },
    ]);
    expect(given(ready).when({ type: 'ChangeTrackDetails', albumId: 'al1', trackId: 'x', changes: { lyrics: 'La' } })).toThrow(
      /Track not found/,
    );
  });
});

describe('publishing a draft', () => {
  it('appends the AlbumPublished the seed appends, in running order, dated the day of publication', () => {
    const events = given([...ready, { type: 'TracksReordered', data: { albumId: 'al1', trackIds: ['t2', 't1'] } }]).when(publishNow)();
    expect(events).toEqual([
      {
        type: 'AlbumPublished',
        data: albumData({
          title: 'First',
          artwork: '/media/images/artwork/al1.jpg',
          releaseDate: '2026-03-01',
          requiredTier: 'purchase_required',
          isAvailableForPurchase: true,
          stripePriceDefault: 9.99,
          stripePriceSubscriber: 6.99,
          tracks: [
            { trackId: 't2', title: 't2', trackNumber: 1, duration: 30, lyrics: null, audioKey: 'audio/private/al1/t2.mp3' },
            { trackId: 't1', title: 't1', trackNumber: 2, duration: 30, lyrics: null, audioKey: 'audio/private/al1/t1.mp3' },
          ],
        }),
      },
    ]);
  });
  it('refuses a draft without tracks, with a track not processed or refused, without artwork, or sold without a price', () => {
    expect(given([drafted]).when(publishNow)).toThrow(expect.objectContaining({ field: 'tracks', code: 'no_tracks' }));
    expect(given([drafted, uploaded('t1', 1)]).when(publishNow)).toThrow(expect.objectContaining({ code: 'track_processing' }));
    const refused = { type: 'TrackRefused', data: { albumId: 'al1', trackId: 't1', reason: 'cut short' } };
    expect(given([drafted, uploaded('t1', 1), refused]).when(publishNow)).toThrow(expect.objectContaining({ code: 'track_refused' }));
    const noArt = { type: 'AlbumDraftChanged', data: { albumId: 'al1', changes: { artwork: null } } };
    expect(given([...ready, noArt]).when(publishNow)).toThrow(expect.objectContaining({ field: 'artwork' }));
    const noPrice = { type: 'AlbumDraftChanged', data: { albumId: 'al1', changes: { price: null } } };
    expect(given([...ready, noPrice]).when(publishNow)).toThrow(expect.objectContaining({ field: 'price' }));
  });
  it('publishes a physical-only release as a dummy album whose tracks carry no audio', () => {
    const physical = { type: 'AlbumDraftChanged', data: { albumId: 'al1', changes: { access: 'physical_only', price: null } } };
    const [event] = given([...ready, physical]).when(publishNow)() as {
      data: { isDummyAlbum: boolean; requiredTier: string; tracks: { audioKey: unknown }[] };
    }[];
    expect(event.data).toMatchObject({ isDummyAlbum: true, requiredTier: 'free' });
    expect(event.data.tracks.every((t) => t.audioKey === null)).toBe(true);
  });
  it('cannot publish twice, nor edit the draft of a published album', () => {
    const published = { type: 'AlbumPublished', data: albumData() };
    expect(given([...ready, published]).when(publishNow)).toThrow(/published already/);
    expect(given([...ready, published]).when({ type: 'ChangeDraft', albumId: 'al1', changes: { title: 'x' } })).toThrow(
      /published already/,
    );
  });
});

describe('a scheduled release', () => {
  const schedule: AlbumCommand = {
    type: 'ScheduleRelease',
    albumId: 'al1',
    releaseAt: '2026-03-02T09:00:00.000Z',
    now: '2026-03-01T10:00:00.000Z',
  };
  const scheduled = { type: 'AlbumReleaseScheduled', data: { albumId: 'al1', at: '2026-03-02T09:00:00.000Z' } };
  it('is set for a future time on a draft that could be published', () => {
    expect(given(ready).when(schedule)()).toEqual([scheduled]);
    expect(given(ready).when({ ...schedule, releaseAt: '2026-03-01T09:00:00.000Z' })).toThrow(
      expect.objectContaining({ field: 'releaseAt' }),
    );
    expect(given([drafted]).when(schedule)).toThrow(/at least one track/);
  });
  it('publishes when due, once; before its time or after it was unscheduled, nothing', () => {
    const due: AlbumCommand = { type: 'PublishIfDue', albumId: 'al1', now: '2026-03-02T09:00:30.000Z', artistExists: true };
    const [event] = given([...ready, scheduled]).when(due)();
    expect(event).toMatchObject({ type: 'AlbumPublished', data: { releaseDate: '2026-03-02' } });
    expect(given([...ready, scheduled, event]).when(due)()).toEqual([]);
    expect(given([...ready, scheduled]).when({ ...due, now: '2026-03-02T08:59:00.000Z' })()).toEqual([]);
    expect(given([...ready, scheduled, { type: 'AlbumReleaseUnscheduled', data: { albumId: 'al1' } }]).when(due)()).toEqual([]);
  });
  it('is unscheduled back to a draft', () => {
    expect(given([...ready, scheduled]).when({ type: 'UnscheduleRelease', albumId: 'al1' })()).toEqual([
      { type: 'AlbumReleaseUnscheduled', data: { albumId: 'al1' } },
    ]);
    expect(given(ready).when({ type: 'UnscheduleRelease', albumId: 'al1' })()).toEqual([]);
  });
});

describe('unpublishing', () => {
  const published = { type: 'AlbumPublished', data: albumData() };
  const unpublished = { type: 'AlbumUnpublished', data: { albumId: 'al1' } };
  it('takes a live album down once, and republishes it once', () => {
    expect(given([published]).when({ type: 'UnpublishAlbum', albumId: 'al1' })()).toEqual([unpublished]);
    expect(given([published, unpublished]).when({ type: 'UnpublishAlbum', albumId: 'al1' })()).toEqual([]);
    expect(given([published, unpublished]).when({ type: 'RepublishAlbum', albumId: 'al1' })()).toEqual([
      { type: 'AlbumRepublished', data: { albumId: 'al1' } },
    ]);
    expect(given([published]).when({ type: 'RepublishAlbum', albumId: 'al1' })()).toEqual([]);
  });
  it('refuses a draft or a missing album', () => {
    expect(given([drafted]).when({ type: 'UnpublishAlbum', albumId: 'al1' })).toThrow(/not published/);
    expect(given([]).when({ type: 'UnpublishAlbum', albumId: 'al1' })).toThrow(/Album not found/);
  });
  it('keeps the seed publishing in one step with no draft', () => {
    expect(given([]).when({ type: 'PublishAlbum', album: albumData(), artistExists: true })()).toEqual([published]);
  });
});

describe('artist administration', () => {
  const created = { type: 'ArtistCreated', data: artistData() };
  it('records the details that change', () => {
    expect(givenArtist([created]).when({ type: 'ChangeArtistDetails', artistId: 'a1', changes: { name: 'Nova', bio: 'Hi' } })()).toEqual([
      { type: 'ArtistDetailsChanged', data: { artistId: 'a1', changes: { bio: 'Hi' } } },
    ]);
  });
  it('changes an image, archives once, and edits no archived artist', () => {
    expect(givenArtist([created]).when({ type: 'ChangeArtistImage', artistId: 'a1', image: 'header', url: '/media/h.jpg' })()).toEqual([
      { type: 'ArtistImageChanged', data: { artistId: 'a1', image: 'header', url: '/media/h.jpg' } },
    ]);
    const archived = { type: 'ArtistArchived', data: { artistId: 'a1' } };
    expect(givenArtist([created]).when({ type: 'ArchiveArtist', artistId: 'a1' })()).toEqual([archived]);
    expect(givenArtist([created, archived]).when({ type: 'ArchiveArtist', artistId: 'a1' })()).toEqual([]);
    expect(givenArtist([created, archived]).when({ type: 'ChangeArtistDetails', artistId: 'a1', changes: { bio: 'x' } })).toThrow(
      /archived/,
    );
  });
  it('refuses an unknown artist', () => {
    expect(givenArtist([]).when({ type: 'ArchiveArtist', artistId: 'a1' })).toThrow(/Artist not found/);
  });
});
