/** Listening's public face: the play and listening streams other contexts read. */
export { listeningStream, playsStream } from './play-streams.js';
