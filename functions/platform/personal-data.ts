/**
 * Crypto-shredding of personal data in the append-only event log. Each person (an account, or an e-mail address with
 * no account) has a data key (AES-256-GCM) in the `keys` table, wrapped by the key-encryption key from the secret
 * store (PERSONAL_DATA_SECRET, read like SESSION_SECRET). The personal fields an event declares (events/envelope.ts
 * `PersonalData`) leave its `data` on append and are stored sealed with their owner's key beside it; a read puts them
 * back. Deleting a person's key leaves a tombstone: from then on their fields read as the declared placeholders,
 * everywhere (views, rebuilds, exports, history), and whatever is appended for an account later is stored without them.
 * An address is not a person for good: once its key is deleted, whoever uses it next (a fan signing up again, after
 * the account that used it was erased) gets a fresh key of a next generation, never the tombstone's.
 *
 * Owners are never stored in clear: a key's id is an HMAC of the owner (`user:<id>`, `email:<address>`), and of its
 * generation after the first.
 */
import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';
import { GetCommand, PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { registry } from '../../events/index.js';
import { dynamoClient } from './aws.js';
import { env, secret as appSecret } from './env.js';

/** The stored form of an event's personal fields: whose key (its id), which fields, and the sealed JSON of their values. */
export interface SealedFields {
  key: string;
  fields: string[];
  /** `v1.<iv>.<tag>.<ciphertext>`; null when the owner's key was already deleted at append (the values were never kept). */
  box: string | null;
}

/** One person's data key as the keys table holds it: wrapped (since when, for keys made once this was kept), or a tombstone. */
type KeyRecord = { wrapped: string; createdAt?: string } | { deletedAt: string };

/** Owners whose key comes back fresh after a deletion: an address, which someone may use again; never an account. */
const renewsAfterDeletion = (owner: string) => owner.startsWith('email:');

/** Where data keys live: the `keys` table, or memory in unit tests. */
interface KeyStore {
  get(keyId: string): Promise<KeyRecord | undefined>;
  /** Stores the record unless the key id has one already; answers the record that is stored now. */
  putIfAbsent(keyId: string, record: KeyRecord): Promise<KeyRecord>;
  /** Replaces whatever is stored with a tombstone. */
  shred(keyId: string, at: string): Promise<void>;
}

const SEALED_VERSION = 'v1';

function seal(key: Buffer, plaintext: string, aad: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(aad));
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return [SEALED_VERSION, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), ciphertext.toString('base64url')].join('.');
}

function open(key: Buffer, sealed: string, aad: string): string {
  const [version, iv, tag, ciphertext] = sealed.split('.');
  if (version !== SEALED_VERSION || !iv || !tag || !ciphertext) throw new Error('Unknown sealed personal data format');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAAD(Buffer.from(aad));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
}

/** What the vault needs: the store of keys, the key-encryption secret, and how long a process may remember a key. */
interface VaultOptions {
  store: KeyStore;
  secret: () => string;
  /**
   * A data key read from the store is remembered this long. A key deleted by another process stays usable there for
   * at most this long; the process that deletes it forgets it at once.
   */
  cacheMs?: number;
  now?: () => number;
}

export function personalDataVault({ store, secret, cacheMs = 30_000, now = Date.now }: VaultOptions) {
  const derived = new Map<string, Buffer>();
  const derive = (purpose: string) => {
    const base = secret();
    const id = `${purpose}\u0000${base}`;
    let key = derived.get(id);
    if (!key) {
      key = Buffer.from(hkdfSync('sha256', base, 'toko personal data', purpose, 32));
      derived.set(id, key);
    }
    return key;
  };
  /** The id of the owner's key of this generation: the first is the owner's alone, a later one is told apart by its number. */
  const keyIdOf = (owner: string, generation = 0) =>
    createHmac('sha256', derive('key ids'))
      .update(generation ? `${owner}\u0000${generation}` : owner)
      .digest('base64url');

  /** Data keys by key id: a key, or null for a deleted one. */
  const cache = new Map<string, { key: Buffer | null; until: number }>();
  const remember = (keyId: string, record: KeyRecord) => {
    const key = 'wrapped' in record ? Buffer.from(open(derive('key encryption'), record.wrapped, keyId), 'base64url') : null;
    cache.set(keyId, { key, until: now() + cacheMs });
    if (cache.size > 10_000) cache.delete(cache.keys().next().value!);
    return key;
  };

  /** The data key of `keyId`: null once deleted, undefined when there never was one. */
  async function dataKey(keyId: string): Promise<Buffer | null | undefined> {
    const cached = cache.get(keyId);
    if (cached && cached.until > now()) return cached.key;
    const record = await store.get(keyId);
    return record ? remember(keyId, record) : undefined;
  }

  /** The data key of `keyId`, made (and stored) on first use; null when it was deleted. */
  async function dataKeyOf(keyId: string): Promise<Buffer | null> {
    const found = await dataKey(keyId);
    if (found !== undefined) return found;
    const fresh = randomBytes(32);
    const wrapped = seal(derive('key encryption'), fresh.toString('base64url'), keyId);
    const stored = await store.putIfAbsent(keyId, { wrapped, createdAt: new Date(now()).toISOString() });
    return remember(keyId, stored);
  }

  /**
   * The key the owner's new data is sealed with: an account's one key (null once deleted); an address's first key not
   * deleted, a deleted one skipped for good.
   */
  async function keyFor(owner: string): Promise<{ keyId: string; key: Buffer | null }> {
    for (let generation = 0; ; generation++) {
      const keyId = keyIdOf(owner, generation);
      const key = await dataKeyOf(keyId);
      if (key || !renewsAfterDeletion(owner)) return { keyId, key };
    }
  }

  const aadOf = (item: { streamId: string; version: number }, keyId: string) => `${item.streamId}#${item.version}#${keyId}`;

  return {
    keyIdOf,

    /**
     * The item to store for an event: its declared personal fields moved out of `data` into `personal`, sealed with
     * their owner's key. An event with none (or with all of them absent) is stored as it is.
     */
    async sealEvent<T extends { streamId: string; version: number; type: string; data: unknown }>(
      event: T,
    ): Promise<T | (T & { personal: SealedFields })> {
      const declared = registry.personal(event.type);
      if (!declared) return event;
      const data = event.data as Record<string, unknown>;
      const fields = Object.keys(declared.fields).filter((field) => data[field] !== undefined && data[field] !== null);
      if (!fields.length) return event;
      const { keyId, key } = await keyFor(declared.owner(data));
      const values = Object.fromEntries(fields.map((field) => [field, data[field]]));
      const rest = Object.fromEntries(Object.entries(data).filter(([field]) => !fields.includes(field)));
      const box = key ? seal(key, JSON.stringify(values), aadOf(event, keyId)) : null;
      return { ...event, data: rest, personal: { key: keyId, fields, box } };
    },

    /**
     * The stored item with its personal fields back in `data`: their values while the owner's key exists, the declared
     * placeholders after. An item stored before encryption (no `personal`) is answered as it is.
     */
    async openEvent(item: unknown): Promise<unknown> {
      if (!item || typeof item !== 'object' || !('personal' in item)) return item;
      const { personal, ...event } = item as { personal: SealedFields; streamId: string; version: number; type: string; data: unknown };
      const key = personal.box ? await dataKey(personal.key) : null;
      if (key === undefined) throw new Error(`No data key ${personal.key} for ${event.streamId} v${event.version}`);
      let values: Record<string, unknown>;
      if (key && personal.box) {
        values = JSON.parse(open(key, personal.box, aadOf(event, personal.key))) as Record<string, unknown>;
      } else {
        const placeholders = registry.personal(event.type)?.fields as Record<string, unknown> | undefined;
        values = Object.fromEntries(personal.fields.map((field) => [field, placeholders?.[field] ?? null]));
      }
      return { ...event, data: { ...(event.data as Record<string, unknown>), ...values } };
    },

    /**
     * Deletes the owner's data key for good (a tombstone stays, so nothing sealed with it opens again; an account's
     * later data is stored without it). An address's keys are deleted generation by generation, each one made up to
     * `madeUpTo` (the moment of the deletion that asks, so a redelivered erasure spares whoever used the address after).
     */
    async forget(owner: string, at: Date, madeUpTo: Date = at): Promise<void> {
      const shred = async (keyId: string) => {
        await store.shred(keyId, at.toISOString());
        cache.set(keyId, { key: null, until: Number.POSITIVE_INFINITY });
      };
      if (!renewsAfterDeletion(owner)) return shred(keyIdOf(owner));
      for (let generation = 0; ; generation++) {
        const keyId = keyIdOf(owner, generation);
        const record = await store.get(keyId);
        if (!record) return;
        if ('wrapped' in record && (!record.createdAt || Date.parse(record.createdAt) <= madeUpTo.getTime())) await shred(keyId);
      }
    },

    /** Whether the owner has no data key in use any more: it was deleted, and, for an address, not made again since. */
    async isForgotten(owner: string): Promise<boolean> {
      let deleted = false;
      for (let generation = 0; ; generation++) {
        const key = await dataKey(keyIdOf(owner, generation));
        if (key === undefined) return deleted;
        if (key) return false;
        deleted = true;
        if (!renewsAfterDeletion(owner)) return true;
      }
    },
  };
}

/** Keys in memory: for unit tests. */
export function memoryKeyStore(): KeyStore & { records: Map<string, KeyRecord> } {
  const records = new Map<string, KeyRecord>();
  return {
    records,
    get: (keyId) => Promise.resolve(records.get(keyId)),
    putIfAbsent: (keyId, record) => {
      if (!records.has(keyId)) records.set(keyId, record);
      return Promise.resolve(records.get(keyId)!);
    },
    shred: (keyId, at) => {
      records.set(keyId, { deletedAt: at });
      return Promise.resolve();
    },
  };
}

const keyItem = (keyId: string) => ({ pk: `key#${keyId}`, sk: 'key' });

/** A `keys` table: one item per person, read consistently (a key just made elsewhere, or just deleted, counts). */
export function tableKeyStore(client: () => DynamoDBDocumentClient, table: () => string): KeyStore {
  const store: KeyStore = {
    async get(keyId) {
      const out = await client().send(new GetCommand({ TableName: table(), Key: keyItem(keyId), ConsistentRead: true }));
      if (!out.Item) return undefined;
      if (typeof out.Item.wrapped !== 'string') return { deletedAt: String(out.Item.deletedAt) };
      return typeof out.Item.createdAt === 'string'
        ? { wrapped: out.Item.wrapped, createdAt: out.Item.createdAt }
        : { wrapped: out.Item.wrapped };
    },
    async putIfAbsent(keyId, record) {
      try {
        await client().send(
          new PutCommand({ TableName: table(), Item: { ...keyItem(keyId), ...record }, ConditionExpression: 'attribute_not_exists(pk)' }),
        );
        return record;
      } catch (error) {
        if (!(error instanceof Error && error.name === 'ConditionalCheckFailedException')) throw error;
        // Another writer made this person's key first: use theirs.
        return (await store.get(keyId))!;
      }
    },
    async shred(keyId, at) {
      await client().send(new PutCommand({ TableName: table(), Item: { ...keyItem(keyId), deletedAt: at } }));
    },
  };
  return store;
}

/** The vault of the running code: the keys table and the key-encryption key from the secret store. */
export const personalData = personalDataVault({
  store: tableKeyStore(dynamoClient, () => env().TABLE_KEYS),
  secret: () => appSecret('PERSONAL_DATA_SECRET'),
});
