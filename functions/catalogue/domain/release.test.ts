import { describe, expect, it } from 'vitest';
import { albumDecider, type AlbumCommand } from './album.js';
import { artistDecider } from './artist.js';
import { albumData, artistData, draftDetails as draftFixture } from './catalogue.fixtures.js';
import { givenDecider } from '../../platform/testing/given.js';

type Fact = { type: string; data: unknown };

const given = givenDecider(albumDecider, { streamId: 'album#al1', actor: 'admin-1' });
const givenArtist = givenDecider(artistDecider, { streamId: 'artist#a1', actor: 'admin-1' });

const draftDetails = draftFixture();
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
    given([])
      .when({ type: 'DraftAlbum', album: drafted.data as never, artist: 'active' })
      .then([drafted]);
  });
  it('is refused for a missing or archived artist, naming the artist field', () => {
    given([])
      .when({ type: 'DraftAlbum', album: drafted.data as never, artist: 'missing' })
      .then(expect.objectContaining({ field: 'artistId' }));
    given([])
      .when({ type: 'DraftAlbum', album: drafted.data as never, artist: 'archived' })
      .then(/archived/);
  });
  it('records only the fields that change', () => {
    given([drafted])
      .when({ type: 'ChangeDraft', albumId: 'al1', changes: { title: 'First', price: 12 } })
      .then([{ type: 'AlbumDraftChanged', data: { albumId: 'al1', changes: { price: 12 } } }]);
  });
  it('numbers an uploaded track after the others, and records it once', () => {
    given([drafted, uploaded('t1', 1)])
      .when({ type: 'UploadTrack', albumId: 'al1', track: upload('t2') })
      .then([uploaded('t2', 2)]);
    given([drafted, uploaded('t1', 1)])
      .when({ type: 'UploadTrack', albumId: 'al1', track: upload('t1') })
      .then([]);
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
    given([drafted, uploaded('t1', 1), processed('t1')])
      .when(process)
      .then([]);
  });
  it('reorders with every track named once', () => {
    given(ready)
      .when({ type: 'ReorderTracks', albumId: 'al1', trackIds: ['t2', 't1'] })
      .then([{ type: 'TracksReordered', data: { albumId: 'al1', trackIds: ['t2', 't1'] } }]);
    given(ready)
      .when({ type: 'ReorderTracks', albumId: 'al1', trackIds: ['t2'] })
      .then(/every track/);
    given(ready)
      .when({ type: 'ReorderTracks', albumId: 'al1', trackIds: ['t1', 't2'] })
      .then([]);
  });
  it('changes a track title, lyrics and instrumental; refuses an unknown track', () => {
    given(ready)
      .when({ type: 'ChangeTrackDetails', albumId: 'al1', trackId: 't1', changes: { lyrics: 'La' } })
      .then([{ type: 'TrackDetailsChanged', data: { albumId: 'al1', trackId: 't1', changes: { lyrics: 'La' } } }]);
    given(ready)
      .when({ type: 'ChangeTrackDetails', albumId: 'al1', trackId: 'x', changes: { lyrics: 'La' } })
      .then(/Track not found/);
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
    given([drafted])
      .when(publishNow)
      .then(expect.objectContaining({ field: 'tracks', code: 'no_tracks' }));
    given([drafted, uploaded('t1', 1)])
      .when(publishNow)
      .then(expect.objectContaining({ code: 'track_processing' }));
    const refused = { type: 'TrackRefused', data: { albumId: 'al1', trackId: 't1', reason: 'cut short' } };
    given([drafted, uploaded('t1', 1), refused])
      .when(publishNow)
      .then(expect.objectContaining({ code: 'track_refused' }));
    const noArt = { type: 'AlbumDraftChanged', data: { albumId: 'al1', changes: { artwork: null } } };
    given([...ready, noArt])
      .when(publishNow)
      .then(expect.objectContaining({ field: 'artwork' }));
    const noPrice = { type: 'AlbumDraftChanged', data: { albumId: 'al1', changes: { price: null } } };
    given([...ready, noPrice])
      .when(publishNow)
      .then(expect.objectContaining({ field: 'price' }));
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
    given([...ready, published])
      .when(publishNow)
      .then(/published already/);
    given([...ready, published])
      .when({ type: 'ChangeDraft', albumId: 'al1', changes: { title: 'x' } })
      .then(/published already/);
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
    given(ready).when(schedule).then([scheduled]);
    given(ready)
      .when({ ...schedule, releaseAt: '2026-03-01T09:00:00.000Z' })
      .then(expect.objectContaining({ field: 'releaseAt' }));
    given([drafted])
      .when(schedule)
      .then(/at least one track/);
  });
  it('publishes when due, once; before its time or after it was unscheduled, nothing', () => {
    const due: AlbumCommand = { type: 'PublishIfDue', albumId: 'al1', now: '2026-03-02T09:00:30.000Z', artistExists: true };
    const [event] = given([...ready, scheduled]).when(due)();
    expect(event).toMatchObject({ type: 'AlbumPublished', data: { releaseDate: '2026-03-02' } });
    given([...ready, scheduled, event])
      .when(due)
      .then([]);
    given([...ready, scheduled])
      .when({ ...due, now: '2026-03-02T08:59:00.000Z' })
      .then([]);
    given([...ready, scheduled, { type: 'AlbumReleaseUnscheduled', data: { albumId: 'al1' } }])
      .when(due)
      .then([]);
  });
  it('is unscheduled back to a draft', () => {
    given([...ready, scheduled])
      .when({ type: 'UnscheduleRelease', albumId: 'al1' })
      .then([{ type: 'AlbumReleaseUnscheduled', data: { albumId: 'al1' } }]);
    given(ready).when({ type: 'UnscheduleRelease', albumId: 'al1' }).then([]);
  });
});

describe('unpublishing', () => {
  const published = { type: 'AlbumPublished', data: albumData() };
  const unpublished = { type: 'AlbumUnpublished', data: { albumId: 'al1' } };
  it('takes a live album down once, and republishes it once', () => {
    given([published]).when({ type: 'UnpublishAlbum', albumId: 'al1' }).then([unpublished]);
    given([published, unpublished]).when({ type: 'UnpublishAlbum', albumId: 'al1' }).then([]);
    given([published, unpublished])
      .when({ type: 'RepublishAlbum', albumId: 'al1' })
      .then([{ type: 'AlbumRepublished', data: { albumId: 'al1' } }]);
    given([published]).when({ type: 'RepublishAlbum', albumId: 'al1' }).then([]);
  });
  it('refuses a draft or a missing album', () => {
    given([drafted])
      .when({ type: 'UnpublishAlbum', albumId: 'al1' })
      .then(/not published/);
    given([])
      .when({ type: 'UnpublishAlbum', albumId: 'al1' })
      .then(/Album not found/);
  });
  it('keeps the seed publishing in one step with no draft', () => {
    given([]).when({ type: 'PublishAlbum', album: albumData(), artistExists: true }).then([published]);
  });
});

describe('artist administration', () => {
  const created = { type: 'ArtistCreated', data: artistData() };
  it('records the details that change', () => {
    givenArtist([created])
      .when({ type: 'ChangeArtistDetails', artistId: 'a1', changes: { name: 'Nova', bio: 'Hi' } })
      .then([{ type: 'ArtistDetailsChanged', data: { artistId: 'a1', changes: { bio: 'Hi' } } }]);
  });
  it('changes an image, archives once, and edits no archived artist', () => {
    givenArtist([created])
      .when({ type: 'ChangeArtistImage', artistId: 'a1', image: 'header', url: '/media/h.jpg' })
      .then([{ type: 'ArtistImageChanged', data: { artistId: 'a1', image: 'header', url: '/media/h.jpg' } }]);
    const archived = { type: 'ArtistArchived', data: { artistId: 'a1' } };
    givenArtist([created]).when({ type: 'ArchiveArtist', artistId: 'a1' }).then([archived]);
    givenArtist([created, archived]).when({ type: 'ArchiveArtist', artistId: 'a1' }).then([]);
    givenArtist([created, archived])
      .when({ type: 'ChangeArtistDetails', artistId: 'a1', changes: { bio: 'x' } })
      .then(/archived/);
  });
  it('refuses an unknown artist', () => {
    givenArtist([])
      .when({ type: 'ArchiveArtist', artistId: 'a1' })
      .then(/Artist not found/);
  });
});
