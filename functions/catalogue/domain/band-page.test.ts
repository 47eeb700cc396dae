import { describe, expect, it } from 'vitest';
import type { AlbumDraftDetails } from '../../../events/index.js';
import { albumDecider, type AlbumCommand, type DraftState } from './album.js';
import { givenDecider } from '../../platform/testing/given.js';

type Fact = { type: string; data: unknown };
const given = givenDecider(albumDecider, { streamId: 'album#al1', actor: 'admin-1' });
const fold = (events: Fact[]) => given(events).state;

const draftDetails: AlbumDraftDetails = {
  title: 'Rehearsals',
  albumType: 'EP',
  description: null,
  releaseDate: null,
  copyright: null,
  externalLinks: {},
  access: 'toko_plus',
  price: null,
  memberPrice: null,
  isExclusive: false,
  artwork: '/media/images/artwork/al1.jpg',
};
const drafted: Fact = { type: 'AlbumDrafted', data: { albumId: 'al1', artistId: 'a1', ...draftDetails } };
const uploaded = (trackId: string, trackNumber: number): Fact => ({
  type: 'TrackUploaded',
  data: { albumId: 'al1', trackId, title: `Take ${trackNumber}`, trackNumber, uploadKey: `masters/al1/${trackId}.wav` },
});
const audioKey = (trackId: string) => `audio/private/al1/${trackId}.mp3`;
const processed = (trackId: string): Fact => ({
  type: 'TrackProcessed',
  data: { albumId: 'al1', trackId, format: 'wav', duration: 30, audioKey: audioKey(trackId), masterKey: null },
});
const ready = [drafted, uploaded('t1', 1), processed('t1'), uploaded('t2', 2), processed('t2')];
const added = (trackId: string, title: string): Fact => ({
  type: 'TrackAddedToBandPage',
  data: { albumId: 'al1', trackId, title, duration: 30, audioKey: audioKey(trackId) },
});
const removedFromBandPage = (trackId: string): Fact => ({ type: 'TrackRemovedFromBandPage', data: { albumId: 'al1', trackId } });
const show = (trackId: string, shown = true): AlbumCommand => ({ type: 'ShowOnBandPage', albumId: 'al1', trackId, shown });

describe('a draft track on the band page', () => {
  it('given a ready track, showing it records TrackAddedToBandPage with what the page plays', () => {
    given(ready)
      .when(show('t1'))
      .then([added('t1', 'Take 1')]);
    expect((fold([...ready, added('t1', 'Take 1')]) as DraftState).tracks.map((t) => t.onBandPage)).toEqual([true, false]);
  });

  it('showing a track already there, or hiding one that is not, records nothing', () => {
    given([...ready, added('t1', 'Take 1')])
      .when(show('t1'))
      .then([]);
    given(ready).when(show('t1', false)).then([]);
  });

  it('hiding a track on the page records TrackRemovedFromBandPage', () => {
    given([...ready, added('t1', 'Take 1')])
      .when(show('t1', false))
      .then([removedFromBandPage('t1')]);
  });

  it('refuses a track still processing, or refused, which has nothing to play', () => {
    given([drafted, uploaded('t1', 1)])
      .when(show('t1'))
      .then(expect.objectContaining({ code: 'track_processing' }));
    const refused: Fact = { type: 'TrackRefused', data: { albumId: 'al1', trackId: 't1', reason: 'Not audio' } };
    given([drafted, uploaded('t1', 1), refused])
      .when(show('t1'))
      .then(expect.objectContaining({ code: 'track_refused' }));
  });

  it('refuses an unknown track, and the tracks of a published album, which are no longer unreleased', () => {
    given(ready)
      .when(show('nope'))
      .then(expect.objectContaining({ code: 'track_not_found' }));
    const released = given(ready).when({ type: 'PublishDraft', albumId: 'al1', at: '2026-03-01T10:00:00.000Z', artistExists: true })();
    given([...ready, ...released])
      .when(show('t1'))
      .then(expect.objectContaining({ code: 'album_published' }));
  });

  it('removing a track from the draft takes it off the band page first', () => {
    given([...ready, added('t2', 'Take 2')])
      .when({ type: 'RemoveTrack', albumId: 'al1', trackId: 't2' })
      .then([removedFromBandPage('t2'), { type: 'TrackRemoved', data: { albumId: 'al1', trackId: 't2' } }]);
  });

  it('publishing the draft, now or when scheduled, takes its tracks off the band page', () => {
    const history = [...ready, added('t1', 'Take 1'), added('t2', 'Take 2')];
    const now = given(history).when({ type: 'PublishDraft', albumId: 'al1', at: '2026-03-01T10:00:00.000Z', artistExists: true })();
    expect(now.map((e) => e.type)).toEqual(['TrackRemovedFromBandPage', 'TrackRemovedFromBandPage', 'AlbumPublished']);
    const scheduled: Fact = { type: 'AlbumReleaseScheduled', data: { albumId: 'al1', at: '2026-03-01T10:00:00.000Z' } };
    const due = given([...history, scheduled]).when({
      type: 'PublishIfDue',
      albumId: 'al1',
      now: '2026-03-01T10:00:01.000Z',
      artistExists: true,
    })();
    expect(due.map((e) => e.type)).toEqual(['TrackRemovedFromBandPage', 'TrackRemovedFromBandPage', 'AlbumPublished']);
  });
});
