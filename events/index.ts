/** Every event the system records, in one registry. */
import { createRegistry } from './envelope.js';
import { AlbumDetailsChanged, AlbumPublished, ArtistCreated } from './catalogue.js';
import { PlayRecorded } from './plays.js';

export * from './envelope.js';
export * from './catalogue.js';
export * from './plays.js';

export const registry = createRegistry([ArtistCreated, AlbumPublished, AlbumDetailsChanged, PlayRecorded] as const);
export type EventType = (typeof registry.types)[number];
export type DomainEvent = ReturnType<typeof registry.upcast>;
export type EventOf<T extends EventType> = Extract<DomainEvent, { type: T }>;
