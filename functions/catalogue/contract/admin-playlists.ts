/**
 * Contract of the label's curated playlists as the staff keep them (context `admin-catalogue`): drafts and published
 * ones, each renamed, described, given its ordered tracks, published and unpublished. Every route is `admin:catalogue`.
 */
import * as z from 'zod/mini';
import { PLAYLIST_DESCRIPTION_MAX, PLAYLIST_NAME_MAX, PLAYLIST_TRACKS_MAX } from '../../../events/playlists.js';
import { endpoint, entityId, idParams, nullableText } from '../../platform/contract/endpoint.js';

/** A track of a playlist, with what the editor shows of it; `available` is false once its album is no longer out. */
export const adminPlaylistTrack = z.object({
  trackId: z.string(),
  albumId: z.string(),
  title: z.string(),
  albumTitle: z.string(),
  artistName: z.string(),
  duration: z.number(),
  artwork: nullableText,
  available: z.boolean(),
});
export type AdminPlaylistTrack = z.infer<typeof adminPlaylistTrack>;

export const adminPlaylist = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  published: z.boolean(),
  tracks: z.array(adminPlaylistTrack),
});
export type AdminPlaylist = z.infer<typeof adminPlaylist>;

export const adminPlaylistSummary = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  published: z.boolean(),
  trackCount: z.int(),
});
export type AdminPlaylistSummary = z.infer<typeof adminPlaylistSummary>;

const playlistName = z.string().check(z.maxLength(PLAYLIST_NAME_MAX, `A name has at most ${PLAYLIST_NAME_MAX} characters`));
const playlistDescription = z
  .string()
  .check(z.maxLength(PLAYLIST_DESCRIPTION_MAX, `A description has at most ${PLAYLIST_DESCRIPTION_MAX} characters`));

/** Every playlist, drafts first, then by name (a label curates tens: one page holds them). */
export const playlistList = z.object({ playlists: z.array(adminPlaylistSummary) });
export const listPlaylists = endpoint({ answer: playlistList });
export const getPlaylist = endpoint({ params: idParams, answer: adminPlaylist });
/** A new playlist is an empty draft. */
export const createPlaylist = endpoint({
  body: z.object({ name: playlistName, description: z._default(playlistDescription, '') }),
  answer: adminPlaylist,
});
export const changePlaylist = endpoint({
  params: idParams,
  body: z.object({ name: z.optional(playlistName), description: z.optional(playlistDescription) }),
  answer: adminPlaylist,
});
/** The whole ordered list: adding, removing and reordering each send it. */
export const setPlaylistTracks = endpoint({
  params: idParams,
  body: z.object({
    tracks: z
      .array(z.object({ trackId: entityId, albumId: entityId }))
      .check(z.maxLength(PLAYLIST_TRACKS_MAX, `A playlist holds at most ${PLAYLIST_TRACKS_MAX} tracks`)),
  }),
  answer: adminPlaylist,
});
/** Publishing what is published (or unpublishing a draft) answers the playlist as it is. */
export const publishPlaylist = endpoint({ params: idParams, answer: adminPlaylist });
export const unpublishPlaylist = endpoint({ params: idParams, answer: adminPlaylist });
