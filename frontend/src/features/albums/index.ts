/** What other features use of the albums: the album tile and its badge, and which album the home page features. */
export { AlbumTile, AlbumTileBadge } from './components/album-card';
export { featuredAlbumQueryOptions } from './api/get-featured-album';
