/** Curated playlists of the label: a name, a description and tracks from its albums, played as a queue. */
import * as z from 'zod';
import { defineEvent } from './envelope.js';

export const playlistTrackSchema = z.object({ trackId: z.string().min(1), albumId: z.string().min(1) });
export type PlaylistTrack = z.infer<typeof playlistTrackSchema>;

export const PlaylistCreated = defineEvent(
  'PlaylistCreated',
  z.object({
    playlistId: z.string().min(1),
    name: z.string().min(1).max(120),
    description: z.string().max(2000),
    tracks: z.array(playlistTrackSchema).min(1).max(500),
  }),
);
