/** A release as the admin's release form shows it, from the album's folded stream: shared by the catalogue and its history. */
import type { AdminRelease } from './contract/admin-catalogue.js';
import { inTrackOrder, type AlbumState } from './domain/album.js';
import { notFound } from '../platform/errors.js';

const definedLinks = (links: Record<string, string | undefined>) =>
  Object.fromEntries(Object.entries(links).filter((e): e is [string, string] => Boolean(e[1])));

/** What the admin's release form shows: a draft with its tracks' processing, or a published album as it was published. */
export function releaseDto(albumId: string, state: AlbumState): AdminRelease {
  if (!state.exists) throw notFound('album_not_found', 'Album not found');
  if ('draft' in state) {
    const { draft } = state;
    return {
      id: albumId,
      artistId: state.artistId,
      status: state.status,
      scheduledAt: state.scheduledAt,
      ...draft,
      externalLinks: definedLinks(draft.externalLinks),
      tracks: state.tracks.map((t, i) => ({
        id: t.trackId,
        title: t.title,
        trackNumber: i + 1,
        duration: t.duration,
        format: t.format,
        status: t.refusal ? 'refused' : t.audioKey ? 'ready' : 'processing',
        refusal: t.refusal,
        lyrics: t.lyrics,
        hasInstrumental: Boolean(t.instrumentalKey),
        onBandPage: t.onBandPage,
      })),
    };
  }
  const { details } = state;
  return {
    id: albumId,
    artistId: state.artistId,
    status: state.status,
    scheduledAt: null,
    title: details.title,
    albumType: details.albumType,
    description: details.description,
    releaseDate: details.releaseDate,
    copyright: details.copyright,
    externalLinks: definedLinks(details.externalLinks),
    access: details.isDummyAlbum ? 'physical_only' : details.requiredTier,
    price: details.stripePriceDefault,
    memberPrice: details.stripePriceSubscriber,
    isExclusive: details.isExclusive,
    artwork: details.artwork,
    tracks: inTrackOrder(state.tracks).map((t) => ({
      id: t.trackId,
      title: t.title,
      trackNumber: t.trackNumber,
      duration: t.duration,
      format: null,
      status: 'ready',
      refusal: null,
      lyrics: t.lyrics,
      hasInstrumental: false,
      onBandPage: false,
    })),
  };
}
