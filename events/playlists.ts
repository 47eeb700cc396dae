/** Curated playlists of the label: a name, a description and tracks from its albums, played as a queue. */
import * as z from 'zod/mini';
import { defineEvent } from './envelope.js';
import { nonEmpty } from './fields.js';

export const playlistTrackSchema = z.object({ trackId: nonEmpty, albumId: nonEmpty });
export type PlaylistTrack = z.infer<typeof playlistTrackSchema>;

export const PlaylistCreated = defineEvent(
  'PlaylistCreated',
  z.object({
    playlistId: nonEmpty,
    name: nonEmpty.check(z.maxLength(120)),
    description: z.string().check(z.maxLength(2000)),
    tracks: z.array(playlistTrackSchema).check(z.minLength(1), z.maxLength(500)),
  }),
);
