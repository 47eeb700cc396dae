import { describe, expect, it } from 'vitest';
import { DELETED, registry } from '../../events/index.js';
import { storedEvent } from './stored-event.fixtures.js';
import { memoryKeyStore, personalDataVault, type SealedFields } from './personal-data.js';

const secret = () => 'k'.repeat(40);
const registered = storedEvent(
  'user#u1',
  1,
  {
    type: 'UserRegistered',
    data: { userId: 'u1', email: 'ada@example.com', username: 'ada', displayName: 'Ada Lovelace', source: 'email_code' },
  },
  '2026-11-01T12:00:00.000Z',
);

function setup() {
  const store = memoryKeyStore();
  let clock = 0;
  const vault = personalDataVault({ store, secret, cacheMs: 1000, now: () => clock });
  return { store, vault, tick: (ms: number) => (clock += ms) };
}

describe('personal data vault', () => {
  it('stores the declared personal fields only sealed, and a read gives them back', async () => {
    const { vault, store } = setup();
    const sealed = await vault.sealEvent(registered);
    const stored = JSON.stringify(sealed) + JSON.stringify([...store.records]);
    for (const value of ['ada@example.com', 'Ada Lovelace', '"ada"']) expect(stored).not.toContain(value);
    expect(sealed.data).toEqual({ userId: 'u1', source: 'email_code' });
    expect(await vault.openEvent(sealed)).toEqual(registered);
  });

  it('leaves events with no personal fields, and absent or null ones, as they are', async () => {
    const { vault, store } = setup();
    const play = { ...registered, type: 'PlayRecorded', data: { trackId: 't', albumId: 'a', listenerId: 'u1', userId: 'u1' } };
    expect(await vault.sealEvent(play)).toBe(play);
    const noEmail = { ...registered, type: 'SubscriptionStarted', data: { userId: 'u1', email: null } };
    expect(await vault.sealEvent(noEmail)).toBe(noEmail);
    expect(store.records.size).toBe(0);
    expect(await vault.openEvent(registered)).toBe(registered);
  });

  it('uses one data key per owner, never named in clear: a fan with no account is keyed by an HMAC of their address', async () => {
    const { vault, store } = setup();
    await vault.sealEvent(registered);
    await vault.sealEvent({ ...registered, version: 2, type: 'EmailVerified', data: { userId: 'u1', email: 'ada@example.com' } });
    const fan = await vault.sealEvent({
      ...registered,
      streamId: 'band#x',
      type: 'FanSignedUp',
      data: { band: 'x', email: 'fan@example.com' },
    });
    expect(store.records.size).toBe(2);
    expect('personal' in fan && fan.personal.key).toBe(vault.keyIdOf('email:fan@example.com'));
    expect(JSON.stringify([...store.records.keys()])).not.toMatch(/fan@|user:u1/);
  });

  it('after the owner is forgotten, reads give the placeholders, which the schemas accept; later appends keep nothing', async () => {
    const { vault, store } = setup();
    const sealed = await vault.sealEvent(registered);
    await vault.forget('user:u1', new Date('2026-11-02T00:00:00Z'));
    expect(JSON.stringify([...store.records.values()])).not.toContain('wrapped');
    const opened = await vault.openEvent(sealed);
    expect(registry.upcast(opened).data).toEqual({
      userId: 'u1',
      email: DELETED.email,
      username: DELETED.name,
      displayName: DELETED.name,
      source: 'email_code',
    });
    const late = await vault.sealEvent({ ...registered, version: 9, type: 'ProfileChanged', data: { userId: 'u1', displayName: 'Ada' } });
    expect(late).toMatchObject({ data: { userId: 'u1' }, personal: { fields: ['displayName'], box: null } });
    expect(JSON.stringify(late)).not.toContain('Ada');
    expect(await vault.isForgotten('user:u1')).toBe(true);
  });

  it('gives an address used again after its deletion a fresh key, never the tombstone, which a later erasure of the old owner spares', async () => {
    const { vault, store, tick } = setup();
    const fanOf = (version: number) =>
      storedEvent('band#x', version, { type: 'FanSignedUp', data: { band: 'x', email: 'fan@example.com' } }, '2026-11-01T12:00:00.000Z');
    const before = await vault.sealEvent(fanOf(1));
    tick(1000);
    const deletedAt = new Date(1000);
    await vault.forget('email:fan@example.com', deletedAt);
    tick(1000);
    const again = await vault.sealEvent(fanOf(2));
    expect('personal' in again && again.personal.key).not.toBe('personal' in before && before.personal.key);
    expect('personal' in again && again.personal.box).toBeTruthy();
    expect(JSON.stringify([...store.records.keys()])).not.toMatch(/fan@/);
    expect(registry.upcast(await vault.openEvent(before)).data).toEqual({ band: 'x', email: DELETED.email });
    expect(await vault.openEvent(again)).toEqual(fanOf(2));
    expect(await vault.isForgotten('email:fan@example.com')).toBe(false);

    // The erasure of the account that used it, run again (a redelivery), deletes only what was made up to its deletion.
    await vault.forget('email:fan@example.com', new Date(5000), deletedAt);
    const fresh = personalDataVault({ store, secret, now: () => 9000 });
    expect(await fresh.openEvent(again)).toEqual(fanOf(2));
    // The next person's own deletion takes their key too; a third use gets a third.
    await vault.forget('email:fan@example.com', new Date(6000));
    expect(registry.upcast(await personalDataVault({ store, secret }).openEvent(again)).data).toEqual({ band: 'x', email: DELETED.email });
    expect(await vault.isForgotten('email:fan@example.com')).toBe(true);
    const third = await vault.sealEvent(fanOf(3));
    const keys = [before, again, third].map((e) => ('personal' in e ? (e.personal as SealedFields).key : null));
    expect(new Set(keys).size).toBe(3);
  });

  it('another process stops opening a forgotten key once its cache expires', async () => {
    const { vault, store, tick } = setup();
    const sealed = await vault.sealEvent(registered);
    const other = personalDataVault({ store, secret, cacheMs: 1000, now: () => 0 });
    expect(await other.openEvent(sealed)).toEqual(registered);
    await vault.forget('user:u1', new Date());
    tick(5000);
    const later = personalDataVault({ store, secret, cacheMs: 1000, now: () => 5000 });
    expect(registry.upcast(await later.openEvent(sealed)).data).toMatchObject({ email: DELETED.email });
  });

  it('refuses sealed fields moved onto another event, and a key under another key-encryption key', async () => {
    const { vault, store } = setup();
    const sealed = await vault.sealEvent(registered);
    await expect(vault.openEvent({ ...sealed, version: 2 })).rejects.toThrow();
    const wrongKek = personalDataVault({ store, secret: () => 'z'.repeat(40) });
    await expect(wrongKek.openEvent(sealed)).rejects.toThrow();
  });
});
