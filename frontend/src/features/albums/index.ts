/** What other features use of the albums: the album tile and its badge. */
export { AlbumTile, AlbumTileBadge } from './components/album-card';
