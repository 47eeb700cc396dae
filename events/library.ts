/** A listener's library: albums they keep, tracks and albums they love, and what they listened to. */
import * as z from 'zod/mini';
import { defineEvent } from './envelope.js';
import { nonEmpty } from './fields.js';

const id = nonEmpty;

export const LibraryAlbumAdded = defineEvent('LibraryAlbumAdded', z.object({ userId: id, albumId: id }));

export const LibraryAlbumRemoved = defineEvent('LibraryAlbumRemoved', z.object({ userId: id, albumId: id }));

export const TrackFavorited = defineEvent('TrackFavorited', z.object({ userId: id, trackId: id, albumId: id }));

export const TrackUnfavorited = defineEvent('TrackUnfavorited', z.object({ userId: id, trackId: id }));

export const AlbumFavorited = defineEvent('AlbumFavorited', z.object({ userId: id, albumId: id }));

export const AlbumUnfavorited = defineEvent('AlbumUnfavorited', z.object({ userId: id, albumId: id }));

/** A signed-in listener started a track (POST /api/listening-history); qualifying plays are `PlayRecorded`. */
export const TrackListened = defineEvent('TrackListened', z.object({ userId: id, trackId: id, albumId: id }));
