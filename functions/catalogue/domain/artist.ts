/**
 * The artist aggregate: an artist joins the label once, then the label edits their details and images, and may archive
 * them (they leave the listener lists; their albums stay as they are) and restore them. Pure.
 */
import type { DomainEvent, EventOf, NewEvent, SocialLinks } from '../../../events/index.js';
import { assertNever, conflict, notFound } from '../../platform/errors.js';

export interface ArtistDetails {
  name: string;
  bio: string | null;
  isMain: boolean;
  socialLinks: SocialLinks;
}

export type ArtistState =
  | { exists: false }
  | { exists: true; archived: boolean; details: ArtistDetails; avatar: string | null; headerImage: string | null };

export type ArtistCommand =
  | { type: 'CreateArtist'; artist: EventOf<'ArtistCreated'>['data'] }
  | { type: 'ChangeArtistDetails'; artistId: string; changes: Partial<ArtistDetails> }
  | { type: 'ChangeArtistImage'; artistId: string; image: 'avatar' | 'header'; url: string }
  | { type: 'ArchiveArtist'; artistId: string }
  | { type: 'RestoreArtist'; artistId: string };

function existing(state: ArtistState) {
  if (!state.exists) throw notFound('artist_not_found', 'Artist not found');
  if (state.archived) throw conflict('artist_archived', 'This artist is archived');
  return state;
}

export const artistDecider = {
  initialState: { exists: false } as ArtistState,
  evolve: (state: ArtistState, event: DomainEvent): ArtistState => {
    switch (event.type) {
      case 'ArtistCreated': {
        const { name, bio, isMain, socialLinks, avatar, headerImage } = event.data;
        return { exists: true, archived: false, details: { name, bio, isMain, socialLinks }, avatar, headerImage };
      }
      case 'ArtistDetailsChanged':
        return state.exists ? { ...state, details: { ...state.details, ...event.data.changes } } : state;
      case 'ArtistImageChanged':
        if (!state.exists) return state;
        return event.data.image === 'avatar' ? { ...state, avatar: event.data.url } : { ...state, headerImage: event.data.url };
      case 'ArtistArchived':
        return state.exists ? { ...state, archived: true } : state;
      case 'ArtistRestored':
        return state.exists ? { ...state, archived: false } : state;
      default:
        return state;
    }
  },
  decide: (command: ArtistCommand, state: ArtistState): NewEvent[] => {
    switch (command.type) {
      case 'CreateArtist':
        if (state.exists) throw conflict('artist_exists', `Artist ${command.artist.artistId} already exists`);
        return [{ type: 'ArtistCreated', data: command.artist }];
      case 'ChangeArtistDetails': {
        const artist = existing(state);
        const changes = Object.fromEntries(
          Object.entries(command.changes).filter(
            ([key, value]) => value !== undefined && JSON.stringify(artist.details[key as keyof ArtistDetails]) !== JSON.stringify(value),
          ),
        );
        if (Object.keys(changes).length === 0) return [];
        return [{ type: 'ArtistDetailsChanged', data: { artistId: command.artistId, changes } }];
      }
      case 'ChangeArtistImage': {
        const artist = existing(state);
        if ((command.image === 'avatar' ? artist.avatar : artist.headerImage) === command.url) return [];
        return [{ type: 'ArtistImageChanged', data: { artistId: command.artistId, image: command.image, url: command.url } }];
      }
      case 'ArchiveArtist': {
        if (!state.exists) throw notFound('artist_not_found', 'Artist not found');
        return state.archived ? [] : [{ type: 'ArtistArchived', data: { artistId: command.artistId } }];
      }
      case 'RestoreArtist': {
        if (!state.exists) throw notFound('artist_not_found', 'Artist not found');
        return state.archived ? [{ type: 'ArtistRestored', data: { artistId: command.artistId } }] : [];
      }
      default:
        return assertNever(command);
    }
  },
};

export const artistStream = (artistId: string) => `artist#${artistId}`;
