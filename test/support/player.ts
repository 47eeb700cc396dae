/** Player test data: a queue track of The Band's "The Album", and the player reducer run over commands. */
import { playerReducer, type PlayerCommand, type PlayerState, type QueueTrack } from '../../frontend/src/features/player/player-state';

export const queueTrack = (id: string, changes: Partial<QueueTrack> = {}): QueueTrack => ({
  id,
  albumId: 'album-1',
  title: `Track ${id}`,
  artist: 'The Band',
  albumTitle: 'The Album',
  artwork: null,
  audioUrl: `/media/audio/${id}.mp3`,
  duration: 180,
  ...changes,
});

export const runPlayer = (state: PlayerState, ...commands: PlayerCommand[]) => commands.reduce(playerReducer, state);
