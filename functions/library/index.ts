/** The library's public face: a listener's library and an artist's fans, as other contexts read them. */
export { libraryStream } from './domain/library.js';
