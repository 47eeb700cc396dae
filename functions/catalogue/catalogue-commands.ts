/** The catalogue's commands with their I/O: the seed and the admin panel both publish through here. */
import type { EventOf } from '../../events/index.js';
import { albumDecider, albumStream, type AlbumCommand, type AlbumState } from './domain/album.js';
import { artistDecider, artistStream, type ArtistCommand, type ArtistState } from './domain/artist.js';
import { featuredAlbumDecider, featuredAlbumStream } from './domain/featured-album.js';
import { runCommand, type CommandContext } from '../platform/command.js';
import type { EventStore } from '../platform/event-store.js';

export async function createArtist(artist: EventOf<'ArtistCreated'>['data'], context: CommandContext) {
  return runCommand(artistStream(artist.artistId), artistDecider, { type: 'CreateArtist', artist }, context, undefined, {
    startsStream: true,
  });
}

export async function publishAlbum(album: EventOf<'AlbumPublished'>['data'], context: CommandContext) {
  const artistExists = (await context.eventStore.streamVersion(artistStream(album.artistId))) > 0;
  return runCommand(albumStream(album.albumId), albumDecider, { type: 'PublishAlbum', album, artistExists }, context, undefined, {
    startsStream: true,
  });
}

export async function changeAlbumDetails(command: Extract<AlbumCommand, { type: 'ChangeAlbumDetails' }>, context: CommandContext) {
  return runCommand(albumStream(command.albumId), albumDecider, command, context);
}

/** Edits, images and archiving of an artist the label has. */
export async function runArtistCommand(
  artistId: string,
  command: Exclude<ArtistCommand, { type: 'CreateArtist' }>,
  context: CommandContext,
) {
  return runCommand(artistStream(artistId), artistDecider, command, context);
}

export async function loadArtist(artistId: string, eventStore: EventStore): Promise<ArtistState> {
  return (await eventStore.readStream(artistStream(artistId))).reduce(
    (state, event) => artistDecider.evolve(state, event),
    artistDecider.initialState,
  );
}

export async function loadAlbum(albumId: string, eventStore: EventStore): Promise<AlbumState> {
  return (await eventStore.readStream(albumStream(albumId))).reduce(
    (state, event) => albumDecider.evolve(state, event),
    albumDecider.initialState,
  );
}

/** A new release draft of an artist who is still with the label. */
export async function draftAlbum(album: EventOf<'AlbumDrafted'>['data'], context: CommandContext) {
  const artist = await loadArtist(album.artistId, context.eventStore);
  const standing = !artist.exists ? 'missing' : artist.archived ? 'archived' : 'active';
  return runCommand(albumStream(album.albumId), albumDecider, { type: 'DraftAlbum', album, artist: standing }, context, undefined, {
    startsStream: true,
  });
}

type ReleaseCommand = Exclude<AlbumCommand, { type: 'PublishAlbum' | 'DraftAlbum' | 'PublishDraft' | 'PublishIfDue' }>;

/** Any change of a release that needs nothing but its own stream. */
export async function runReleaseCommand(command: ReleaseCommand, context: CommandContext) {
  return runCommand(albumStream(command.albumId), albumDecider, command, context);
}

/** The staff feature a published album on the home page (its state read from its own stream). */
export async function chooseFeaturedAlbum(albumId: string, context: CommandContext) {
  const album = await loadAlbum(albumId, context.eventStore);
  const status = album.exists ? album.status : 'missing';
  return runCommand(featuredAlbumStream, featuredAlbumDecider, { type: 'ChooseFeaturedAlbum', albumId, status }, context);
}

/** The home page features the newest release again. */
export async function clearFeaturedAlbum(context: CommandContext) {
  return runCommand(featuredAlbumStream, featuredAlbumDecider, { type: 'ClearFeaturedAlbum' }, context);
}

/** Publishes a draft now, through the same PublishAlbum decision (and AlbumPublished) as the seed. */
export async function publishDraft(albumId: string, context: CommandContext & { at: Date }) {
  const album = await loadAlbum(albumId, context.eventStore);
  const artistExists = album.exists && (await context.eventStore.streamVersion(artistStream(album.artistId))) > 0;
  const command: AlbumCommand = { type: 'PublishDraft', albumId, at: context.at.toISOString(), artistExists };
  return runCommand(albumStream(albumId), albumDecider, command, context);
}

/**
 * Publishes a scheduled release whose time has come; anything else records nothing. The publication's actor is the admin
 * who scheduled it (the job only carries out their decision).
 */
export async function publishIfDue(
  albumId: string,
  now: Date,
  { correlationId, eventStore }: Pick<CommandContext, 'correlationId' | 'eventStore'>,
) {
  const album = await loadAlbum(albumId, eventStore);
  const artistExists = album.exists && (await eventStore.streamVersion(artistStream(album.artistId))) > 0;
  const actor = (album.exists && 'scheduledBy' in album && album.scheduledBy) || 'scheduler';
  const command: AlbumCommand = { type: 'PublishIfDue', albumId, now: now.toISOString(), artistExists };
  return runCommand(albumStream(albumId), albumDecider, command, { actor, correlationId, eventStore });
}
