/** Curated playlists of the label: a name, a description and tracks from its albums, played as a queue. */
import * as z from 'zod/mini';
import { defineEvent, olderVersion } from './envelope.js';
import { nonEmpty } from './fields.js';

export const playlistTrackSchema = z.object({ trackId: nonEmpty, albumId: nonEmpty });
export type PlaylistTrack = z.infer<typeof playlistTrackSchema>;

export const PLAYLIST_NAME_MAX = 120;
export const PLAYLIST_DESCRIPTION_MAX = 2000;
export const PLAYLIST_TRACKS_MAX = 500;

const playlistName = nonEmpty.check(z.maxLength(PLAYLIST_NAME_MAX));
const playlistDescription = z.string().check(z.maxLength(PLAYLIST_DESCRIPTION_MAX));
const playlistTracks = z.array(playlistTrackSchema).check(z.maxLength(PLAYLIST_TRACKS_MAX));

/** Version 1: the seed's playlists, made with their tracks and shown to everyone from the start. */
const playlistCreatedV1 = z.object({
  playlistId: nonEmpty,
  name: playlistName,
  description: playlistDescription,
  tracks: z.array(playlistTrackSchema).check(z.minLength(1), z.maxLength(PLAYLIST_TRACKS_MAX)),
});

/** A playlist made by the staff starts as an unpublished draft, with no tracks; the seed's are published at once. */
export const PlaylistCreated = defineEvent(
  'PlaylistCreated',
  z.object({ playlistId: nonEmpty, name: playlistName, description: playlistDescription, tracks: playlistTracks, published: z.boolean() }),
  [olderVersion(playlistCreatedV1, (d) => ({ ...d, published: true }))],
);

export const PlaylistRenamed = defineEvent('PlaylistRenamed', z.object({ playlistId: nonEmpty, name: playlistName }));

export const PlaylistDescribed = defineEvent('PlaylistDescribed', z.object({ playlistId: nonEmpty, description: playlistDescription }));

/** The whole ordered list of tracks: adding, removing and reordering are each this one fact. */
export const PlaylistTracksSet = defineEvent('PlaylistTracksSet', z.object({ playlistId: nonEmpty, tracks: playlistTracks }));

/** Listeners see it: in search, on the music page and at its own address. */
export const PlaylistPublished = defineEvent('PlaylistPublished', z.object({ playlistId: nonEmpty }));

/** Back to a draft only the staff see. */
export const PlaylistUnpublished = defineEvent('PlaylistUnpublished', z.object({ playlistId: nonEmpty }));

export const playlistEvents = [
  PlaylistCreated,
  PlaylistRenamed,
  PlaylistDescribed,
  PlaylistTracksSet,
  PlaylistPublished,
  PlaylistUnpublished,
] as const;
