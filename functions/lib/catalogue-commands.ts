/** The catalogue's commands with their I/O: the seed and the admin panel both publish through here. */
import type { EventOf } from '../../events/index.js';
import { albumDecider, albumStream, type AlbumCommand } from '../domain/catalogue/album.js';
import { artistDecider, artistStream } from '../domain/catalogue/artist.js';
import { runCommand } from './command.js';
import { streamVersion, type AppendContext } from './event-store.js';

export async function createArtist(artist: EventOf<'ArtistCreated'>['data'], context: AppendContext) {
  return runCommand(artistStream(artist.artistId), artistDecider, { type: 'CreateArtist', artist }, context, undefined, {
    startsStream: true,
  });
}

export async function publishAlbum(album: EventOf<'AlbumPublished'>['data'], context: AppendContext) {
  const artistExists = (await streamVersion(artistStream(album.artistId))) > 0;
  return runCommand(albumStream(album.albumId), albumDecider, { type: 'PublishAlbum', album, artistExists }, context, undefined, {
    startsStream: true,
  });
}

export async function changeAlbumDetails(command: Extract<AlbumCommand, { type: 'ChangeAlbumDetails' }>, context: AppendContext) {
  return runCommand(albumStream(command.albumId), albumDecider, command, context);
}
