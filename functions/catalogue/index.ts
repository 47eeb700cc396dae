/** The catalogue's public face: what other contexts use of albums, artists and artwork, and a listener's reads with the access rules of gated audio. */
export { loadArtist } from './catalogue-commands.js';
export { audioUrlFor, listenerOf, readAlbums, readTracks, type CatalogueAlbum } from './catalogue-reads.js';
export { type Listener } from './domain/access.js';
export { albumDecider, albumStream, inTrackOrder, type AlbumState } from './domain/album.js';
export { artistStream } from './domain/artist.js';
export { resizeImage, type ImageTarget, type ResizedImage } from './media-intake/artwork.js';
export { releaseDto } from './release-details.js';
