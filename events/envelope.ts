/** The envelope every stored event travels in, and the registry that validates and upcasts it. */
import * as z from 'zod/mini';
import { isoDateTime, nonEmpty, positiveInteger } from './fields.js';

export const metaSchema = z.object({
  eventId: nonEmpty,
  at: isoDateTime,
  actor: nonEmpty,
  correlationId: nonEmpty,
  causationId: z.optional(nonEmpty),
  /** The HTTP route whose request appended the event, when one did (older events have none). */
  route: z.optional(nonEmpty),
});

export const storedEventSchema = z.object({
  streamId: nonEmpty,
  version: positiveInteger,
  type: nonEmpty,
  schemaVersion: positiveInteger,
  data: z.unknown(),
  meta: metaSchema,
});
export type StoredEvent = z.infer<typeof storedEventSchema>;

/** One version of one event type. `upcast` turns data of this version (parsed by `schema`) into the next version's. */
export interface EventVersion {
  schema: z.ZodMiniType;
  upcast?: (data: unknown) => unknown;
}

/** A version older than the current one: it cannot be registered without the upcast to the version after it. */
export type OlderVersion = Required<EventVersion>;

/** An older version of an event, its upcast typed by its own schema. */
export function olderVersion<S extends z.ZodMiniType>(schema: S, upcast: (data: z.infer<S>) => unknown): OlderVersion {
  // The registry hands an upcast only data this version's schema has just parsed.
  return { schema, upcast: (data) => upcast(data as z.infer<S>) };
}

/**
 * The personal fields of an event (e-mail, names, avatar keys, addresses) and whose they are: the event store keeps
 * them encrypted with that person's data key (functions/platform/personal-data.ts), and once the key is deleted each reads
 * as its placeholder here, a value the field's schema accepts. Fields absent or null in an event are left as they are.
 */
interface PersonalData<Data> {
  /** Whose data key encrypts them: `user:<userId>`, or `email:<address>` for someone with no account. */
  owner(data: Data): string;
  fields: { [K in keyof Data]?: NonNullable<Data[K]> };
}

/** What personal fields read once their owner's data key is deleted (their account was deleted). */
export const DELETED = { name: 'Deleted listener', email: 'deleted-listener@deleted.invalid', text: '(deleted)' } as const;

/** An event definition: its name (a past-tense fact) and every schema version it has had, oldest first. */
export interface EventDefinition<Name extends string, Schema extends z.ZodMiniType> {
  type: Name;
  schema: Schema;
  schemaVersion: number;
  versions: EventVersion[];
  personal?: PersonalData<z.infer<Schema>>;
  /** Its secret fields (a password hash, a sealed TOTP secret, recovery code hashes): never shown, even to an admin. */
  secret?: readonly (keyof z.infer<Schema> & string)[];
}

export function defineEvent<Name extends string, Schema extends z.ZodMiniType>(
  type: Name,
  schema: Schema,
  older: OlderVersion[] = [],
  personal?: PersonalData<z.infer<Schema>>,
  secret?: readonly (keyof z.infer<Schema> & string)[],
): EventDefinition<Name, Schema> {
  return {
    type,
    schema,
    schemaVersion: older.length + 1,
    versions: [...older, { schema }],
    ...(personal ? { personal } : {}),
    ...(secret ? { secret } : {}),
  };
}

/** A person's own account as the owner of personal fields. */
export const userOwner = (data: { userId: string }) => `user:${data.userId}`;

/** What a command decides: an event type and its data, before it gets a stream, version and meta. */
export type NewEvent<D extends EventDefinition<string, z.ZodMiniType> = EventDefinition<string, z.ZodMiniType>> = {
  type: D['type'];
  data: z.infer<D['schema']>;
};

class UnknownEventError extends Error {
  readonly code = 'UNKNOWN_EVENT';
}

export function createRegistry<const Defs extends readonly EventDefinition<string, z.ZodMiniType>[]>(definitions: Defs) {
  const byType = new Map<string, EventDefinition<string, z.ZodMiniType>>(definitions.map((d) => [d.type, d]));
  type Def = Defs[number];
  type Typed = {
    [K in Def as K['type']]: Omit<StoredEvent, 'type' | 'data'> & { type: K['type']; data: z.infer<K['schema']> };
  }[Def['type']];

  function definition(type: string) {
    const def = byType.get(type);
    if (!def) throw new UnknownEventError(`Unknown event type ${type}`);
    return def;
  }

  return {
    types: [...byType.keys()] as Def['type'][],
    definition,
    /** Validates new event data against the current schema (used on append). */
    validate(event: NewEvent): NewEvent {
      const def = definition(event.type);
      return { type: event.type, data: def.schema.parse(event.data) };
    },
    currentVersion(type: string): number {
      return definition(type).schemaVersion;
    },
    /** The personal fields of the type and whose they are; undefined when it holds none. */
    personal(type: string): PersonalData<unknown> | undefined {
      return definition(type).personal;
    },
    /** The secret fields of the type, which no screen shows; none for most. */
    secret(type: string): readonly string[] {
      return definition(type).secret ?? [];
    },
    /** Parses a stored event of any historical schema version into the current shape. */
    upcast(raw: unknown): Typed {
      const event = storedEventSchema.parse(raw);
      const def = definition(event.type);
      if (event.schemaVersion > def.schemaVersion) {
        throw new UnknownEventError(`${event.type} v${event.schemaVersion} is newer than this code (v${def.schemaVersion})`);
      }
      let data = def.versions[event.schemaVersion - 1].schema.parse(event.data);
      for (let v = event.schemaVersion; v < def.schemaVersion; v++) {
        const upcast = def.versions[v - 1].upcast;
        if (!upcast) throw new UnknownEventError(`${event.type} v${v} has no upcast to v${v + 1}`);
        data = def.versions[v].schema.parse(upcast(data));
      }
      return { ...event, data, schemaVersion: def.schemaVersion } as Typed;
    },
  };
}
