/** The erasure of a deleted account, step by step, against a world in memory: what it reaches, its order, and a run stopped midway. */
import { describe, expect, it } from 'vitest';
import { DELETED, type DomainEvent, type NewEvent } from '../../events/index.js';
import { storedEvent } from '../platform/stored-event.fixtures.js';
import { erasurePlan } from './domain/erasure.js';
import { eraseAccount, type ErasureEffects } from './personal-data-deletion.js';

const history: NewEvent[] = [
  {
    type: 'UserRegistered',
    data: { userId: 'u1', email: 'Ada@Example.com', username: 'Ada_L', displayName: 'Ada', source: 'beta_signup' },
  },
  { type: 'EmailVerified', data: { userId: 'u1', email: 'ada@example.com' } },
  { type: 'AvatarChanged', data: { userId: 'u1', avatar: 'u1.png', contentType: 'image/png', bytes: 10 } },
  { type: 'ProfileChanged', data: { userId: 'u1', email: 'ada@work.example' } },
  { type: 'EmailVerified', data: { userId: 'u1', email: 'ada@work.example' } },
  { type: 'AvatarChanged', data: { userId: 'u1', avatar: 'u1.jpg', contentType: 'image/jpeg', bytes: 10 } },
  { type: 'ProfileChanged', data: { userId: 'u1', email: 'lovelace@example.com', displayName: 'Ada L.' } },
  { type: 'AvatarChanged', data: { userId: 'u1', avatar: 'u1.png', contentType: 'image/png', bytes: 12 } },
  {
    type: 'SubscriptionStarted',
    data: {
      userId: 'u1',
      stripeSubscriptionId: 'sub_old',
      stripeCustomerId: 'cus_1',
      email: 'ada@example.com',
      amount: 5,
      startedAt: '2025-01-01T00:00:00.000Z',
      currentPeriodEnd: '2025-02-01T00:00:00.000Z',
      trialEndsAt: null,
      source: 'stripe',
    },
  },
  { type: 'SubscriptionEnded', data: { userId: 'u1', stripeSubscriptionId: 'sub_old', endedAt: '2025-02-01T00:00:00.000Z' } },
  {
    type: 'SubscriptionStarted',
    data: {
      userId: 'u1',
      stripeSubscriptionId: 'sub_live',
      stripeCustomerId: 'cus_1',
      email: 'lovelace@example.com',
      amount: 5,
      startedAt: '2026-01-01T00:00:00.000Z',
      currentPeriodEnd: '2026-02-01T00:00:00.000Z',
      trialEndsAt: null,
      source: 'stripe',
    },
  },
  { type: 'AccountDeleted', data: { userId: 'u1' } },
];
const recorded = () => history.map((event, i) => storedEvent('user#u1', i + 1, event));

/** The stream as it reads once the account's key is gone: the declared personal fields as their placeholders. */
const unreadable = (events: DomainEvent[]): DomainEvent[] =>
  events.map((event) => {
    const data = { ...(event.data as Record<string, unknown>) };
    if ('email' in data && data.email) data.email = DELETED.email;
    if ('username' in data && data.username) data.username = DELETED.name;
    if ('displayName' in data && data.displayName) data.displayName = DELETED.name;
    if (event.type === 'AvatarChanged') data.avatar = DELETED.text;
    return { ...event, data } as DomainEvent;
  });

/** Where the erasure's effects land, each recorded in order; `failOn` makes one step fail once (a throttle, a crash). */
function world(options: { failOn?: keyof ErasureEffects } = {}) {
  const log: string[] = [];
  const forgotten = new Set<string>();
  const reservations = new Map([
    ['email#ada@example.com', 'u1'],
    ['email#ada@work.example', 'u1'],
    ['email#lovelace@example.com', 'u1'],
    ['username#ada_l', 'u1'],
  ]);
  const stream = recorded();
  const avatars = new Set(['u1.png', 'u1.jpg']);
  const running = new Set(['sub_live']);
  let failing = options.failOn;
  const step = (name: keyof ErasureEffects, detail: string) => {
    if (failing === name) {
      failing = undefined;
      throw new Error(`${name} failed`);
    }
    log.push(`${name} ${detail}`);
  };
  const effects: ErasureEffects = {
    readUserStream: () => Promise.resolve(forgotten.has('user:u1') ? unreadable(stream) : stream),
    forget: (owner) => {
      step('forget', owner);
      forgotten.add(owner);
      return Promise.resolve();
    },
    releaseReservation: (key, owner) => {
      step('releaseReservation', key);
      if (reservations.get(key) === owner) reservations.delete(key);
      return Promise.resolve();
    },
    removeAvatar: (filename) => {
      step('removeAvatar', filename);
      avatars.delete(filename);
      return Promise.resolve();
    },
    endSubscription: (userId, id) => {
      step('endSubscription', id);
      running.delete(id);
      const ended: NewEvent = {
        type: 'SubscriptionEnded',
        data: { userId, stripeSubscriptionId: id, endedAt: '2026-01-15T00:00:00.000Z' },
      };
      stream.push(storedEvent('user#u1', stream.length + 1, ended));
      return Promise.resolve();
    },
    deleteNotifications: (userId) => {
      step('deleteNotifications', userId);
      return Promise.resolve();
    },
  };
  return { log, forgotten, reservations, avatars, running, effects };
}

describe('the erasure of a deleted account', () => {
  it('finds every address, username and avatar file the account ever had, normalized, each once', () => {
    expect(erasurePlan(recorded())).toEqual({
      addresses: ['ada@example.com', 'ada@work.example', 'lovelace@example.com'],
      usernames: ['ada_l'],
      avatars: ['u1.png', 'u1.jpg'],
    });
  });

  it('finds nothing to erase in a stream whose key is gone: placeholders name no address or file', () => {
    expect(erasurePlan(unreadable(recorded()))).toEqual({ addresses: [], usernames: [], avatars: [] });
  });

  it('forgets every address and frees its reservation, removes every avatar, ends the live subscription, then the account key', async () => {
    const w = world();
    await eraseAccount('u1', w.effects);
    expect(w.forgotten).toEqual(new Set(['email:ada@example.com', 'email:ada@work.example', 'email:lovelace@example.com', 'user:u1']));
    expect(w.reservations.size).toBe(0);
    expect(w.avatars.size).toBe(0);
    expect(w.running.size).toBe(0);
    // Only the subscription still running is cancelled; the account's key goes after everything its stream names.
    expect(w.log.filter((l) => l.startsWith('endSubscription'))).toEqual(['endSubscription sub_live']);
    expect(w.log.slice(-2)).toEqual(['forget user:u1', 'deleteNotifications u1']);
  });

  for (const failOn of ['releaseReservation', 'removeAvatar', 'endSubscription', 'deleteNotifications'] as const) {
    it(`stopped by a failure of ${failOn}, keeps what the next run needs, and the next run finishes it`, async () => {
      const w = world({ failOn });
      await expect(eraseAccount('u1', w.effects)).rejects.toThrow(`${failOn} failed`);
      if (failOn !== 'deleteNotifications') expect(w.forgotten.has('user:u1')).toBe(false);
      await eraseAccount('u1', w.effects);
      expect(w.forgotten.has('user:u1')).toBe(true);
      expect(w.reservations.size).toBe(0);
      expect(w.avatars.size).toBe(0);
      expect(w.running.size).toBe(0);
      expect(w.log.at(-1)).toBe('deleteNotifications u1');
    });
  }

  it('run again after a stop, leaves an address someone else took meanwhile with them', async () => {
    const w = world({ failOn: 'removeAvatar' });
    await expect(eraseAccount('u1', w.effects)).rejects.toThrow();
    w.reservations.set('email#ada@work.example', 'u2');
    await eraseAccount('u1', w.effects);
    expect([...w.reservations]).toEqual([['email#ada@work.example', 'u2']]);
  });

  it('run again once it is done, cancels nothing twice and only forgets what is forgotten already', async () => {
    const w = world();
    await eraseAccount('u1', w.effects);
    w.log.length = 0;
    await eraseAccount('u1', w.effects);
    expect(w.log).toEqual(['forget user:u1', 'deleteNotifications u1']);
  });
});
