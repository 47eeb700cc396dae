import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { registry } from './index.js';

const dir = fileURLToPath(new URL('./fixtures/', import.meta.url));
const fixtures = readdirSync(dir).filter((f) => f.endsWith('.json'));

describe('event registry', () => {
  it('has a golden fixture for every schema version of every event', () => {
    const expected = registry.types.flatMap((type) =>
      Array.from({ length: registry.currentVersion(type) }, (_, i) => `${type}.v${i + 1}.json`),
    );
    expect(fixtures.sort()).toEqual(expected.sort());
  });

  it.each(fixtures)('%s upcasts to the current shape', (file) => {
    const { stored, current } = JSON.parse(readFileSync(dir + file, 'utf8'));
    const event = registry.upcast(stored);
    expect(event.schemaVersion).toBe(registry.currentVersion(stored.type));
    expect(event.data).toEqual(current);
  });

  it('declares as secret every field that holds a hash, a sealed secret or a ciphertext, so no screen shows one', () => {
    const looksSecret = (field: string) => /hash|ciphertext|secret/i.test(field);
    const undeclared = registry.types.flatMap((type) => {
      const shape = (registry.definition(type).schema as unknown as { shape?: Record<string, unknown> }).shape ?? {};
      return Object.keys(shape)
        .filter((field) => looksSecret(field) && !registry.secret(type).includes(field))
        .map((field) => `${type}.${field}`);
    });
    expect(undeclared).toEqual([]);
    expect(registry.secret('AdminTotpEnrolled')).toEqual(['secretCiphertext', 'recoveryCodeHashes']);
    expect(registry.secret('PasswordSet')).toEqual(['passwordHash']);
    expect(registry.secret('AdminEnrolmentIssued')).toEqual(['tokenHash']);
  });

  it('refuses an event type it does not know', () => {
    expect(() => registry.validate({ type: 'SomethingHappened', data: {} })).toThrow(/Unknown event type/);
  });

  it('refuses data that does not match the current schema', () => {
    expect(() => registry.validate({ type: 'PlayRecorded', data: { trackId: 't' } })).toThrow();
  });

  it('refuses a stored event from a newer version of the code', () => {
    const { stored } = JSON.parse(readFileSync(dir + 'PlayRecorded.v1.json', 'utf8'));
    expect(() => registry.upcast({ ...stored, schemaVersion: 99 })).toThrow(/newer/);
  });
});
