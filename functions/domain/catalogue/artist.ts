/** The artist aggregate: an artist joins the label once. Pure. */
import type { DomainEvent, EventOf, NewEvent } from '../../../events/index.js';
import { assertNever, conflict } from '../errors.js';

export type ArtistState = { exists: false } | { exists: true; name: string };

export type ArtistCommand = { type: 'CreateArtist'; artist: EventOf<'ArtistCreated'>['data'] };

export const artistDecider = {
  initialState: { exists: false } as ArtistState,
  evolve: (state: ArtistState, event: DomainEvent): ArtistState => {
    return event.type === 'ArtistCreated' ? { exists: true, name: event.data.name } : state;
  },
  decide: (command: ArtistCommand, state: ArtistState): NewEvent[] => {
    switch (command.type) {
      case 'CreateArtist':
        if (state.exists) throw conflict('artist_exists', `Artist ${command.artist.artistId} already exists`);
        return [{ type: 'ArtistCreated', data: command.artist }];
      default:
        return assertNever(command.type);
    }
  },
};

export const artistStream = (artistId: string) => `artist#${artistId}`;
