import { describe, expect, it } from 'vitest';
import { DELETED, type NewEvent } from '../../../events/index.js';
import { DomainError } from '../errors.js';
import { storedEvent } from '../stored-event.fixtures.js';
import { tierChangeFor } from './subscription-tier.js';
import { effectiveTier, userDecider, userReservations, type UserCommand } from './user.js';

const at = '2026-01-01T00:00:00.000Z';
const stored = (version: number, event: NewEvent) => storedEvent('user#u1', version, event);

function given(events: NewEvent[]) {
  const state = events.map((e, i) => stored(i + 1, e)).reduce(userDecider.evolve, userDecider.initialState);
  return { state, when: (command: UserCommand) => () => userDecider.decide(command, state) };
}

const register: UserCommand = {
  type: 'Register',
  userId: 'u1',
  email: ' Ada@Example.com ',
  username: null,
  displayName: 'ada',
  source: 'email_code',
  emailVerified: true,
  passwordHash: null,
  role: 'user',
  session: { sessionId: 's1', method: 'email_code' },
};
const registered: NewEvent[] = [
  { type: 'UserRegistered', data: { userId: 'u1', email: 'ada@example.com', username: null, displayName: 'ada', source: 'email_code' } },
];
const admin: NewEvent[] = [
  ...registered,
  { type: 'PasswordSet', data: { userId: 'u1', passwordHash: 'h' } },
  { type: 'UserRoleChanged', data: { userId: 'u1', role: 'admin', permissions: ['owner'] } },
];

describe('user: registration', () => {
  it('given nothing, a code sign-up registers a verified, signed-in account under the normalized e-mail', () => {
    expect(given([]).when(register)()).toEqual([
      ...registered,
      { type: 'EmailVerified', data: { userId: 'u1', email: 'ada@example.com' } },
      { type: 'UserSignedIn', data: { userId: 'u1', sessionId: 's1', method: 'email_code' } },
    ]);
  });

  it('reserves the e-mail and the username in the same append', () => {
    const events = given([]).when({
      ...register,
      username: 'Ada_L',
      source: 'beta_signup',
      emailVerified: false,
      passwordHash: 'h',
      session: { sessionId: 's1', method: 'password' },
    })();
    expect(events.map((e) => e.type)).toEqual(['UserRegistered', 'PasswordSet', 'UserSignedIn']);
    expect(userReservations(events)).toEqual([
      { key: 'email#ada@example.com', owner: 'u1' },
      { key: 'username#ada_l', owner: 'u1' },
    ]);
  });

  it('makes an admin with a password, and never lets an admin in by code', () => {
    const setup = given([]).when({
      ...register,
      role: 'admin',
      permissions: ['owner'],
      passwordHash: 'h',
      source: 'admin_setup',
      session: null,
    })();
    expect(setup.map((e) => e.type)).toEqual(['UserRegistered', 'EmailVerified', 'PasswordSet', 'UserRoleChanged']);
    expect(given([]).when({ ...register, role: 'admin', permissions: ['owner'], passwordHash: 'h' })).toThrow(/signs in with a password/);
  });

  it('refuses to register the same account twice', () => {
    expect(given(registered).when(register)).toThrow(DomainError);
  });
});

describe('user: signing in', () => {
  it('a first code sign-in also verifies the e-mail; a later one only signs in', () => {
    expect(given(registered).when({ type: 'SignIn', sessionId: 's2', method: 'magic_link' })()).toEqual([
      { type: 'EmailVerified', data: { userId: 'u1', email: 'ada@example.com' } },
      { type: 'UserSignedIn', data: { userId: 'u1', sessionId: 's2', method: 'magic_link' } },
    ]);
    const verified = [...registered, { type: 'EmailVerified', data: { userId: 'u1', email: 'ada@example.com' } }] as NewEvent[];
    expect(given(verified).when({ type: 'SignIn', sessionId: 's2', method: 'email_code' })()).toEqual([
      { type: 'UserSignedIn', data: { userId: 'u1', sessionId: 's2', method: 'email_code' } },
    ]);
  });

  it('an admin signs in with a verified password only (and a second factor: admin-access.test.ts)', () => {
    expect(given(admin).when({ type: 'SignIn', sessionId: 's2', method: 'email_code' })).toThrow(/signs in with a password/);
    // The same refusal, 401 invalid_credentials, as the login route's for an unknown account.
    expect(given(admin).when({ type: 'SignIn', sessionId: 's2', method: 'password', passwordVerified: false })).toThrow(
      expect.objectContaining({ kind: 'unauthorized', code: 'invalid_credentials', message: 'Invalid email or password' }),
    );
    expect(given(admin).when({ type: 'SignIn', sessionId: 's2', method: 'password', passwordVerified: true })).toThrow(
      expect.objectContaining({ kind: 'forbidden', code: 'totp_enrolment_required' }),
    );
  });

  it('nobody signs in to an account that does not exist', () => {
    expect(given([]).when({ type: 'SignIn', sessionId: 's', method: 'email_code' })).toThrow(/User not found/);
  });
});

describe('user: profile', () => {
  it('records only what changes, and a new e-mail is unverified and reserved', () => {
    const events = given(registered).when({ type: 'ChangeProfile', displayName: 'ada', email: 'NEW@example.com' })();
    expect(events).toEqual([{ type: 'ProfileChanged', data: { userId: 'u1', email: 'new@example.com' } }]);
    expect(userReservations(events)).toEqual([{ key: 'email#new@example.com', owner: 'u1' }]);
    const after = given([...registered, { type: 'EmailVerified', data: { userId: 'u1', email: 'ada@example.com' } }, ...events]).state;
    expect(after).toMatchObject({ email: 'new@example.com', emailVerified: false });
  });

  it('records nothing when nothing changes', () => {
    expect(given(registered).when({ type: 'ChangeProfile', displayName: 'ada', email: 'ADA@example.com' })()).toEqual([]);
  });

  it('verifies only the address the account uses now', () => {
    expect(given(registered).when({ type: 'VerifyEmail', email: 'ada@example.com' })()).toEqual([
      { type: 'EmailVerified', data: { userId: 'u1', email: 'ada@example.com' } },
    ]);
    expect(given(registered).when({ type: 'VerifyEmail', email: 'old@example.com' })).toThrow(/no longer uses/);
  });

  it('keeps the avatar and when it changed', () => {
    const { state } = given([
      ...registered,
      { type: 'AvatarChanged', data: { userId: 'u1', avatar: 'u1.jpg', contentType: 'image/jpeg', bytes: 10 } },
    ]);
    expect(state).toMatchObject({ avatar: 'u1.jpg', avatarUpdatedAt: at, v: 2 });
  });
});

describe('user: role and tier', () => {
  it('changes the role once', () => {
    // An account with a password: admins sign in with one (admin-access.test.ts).
    const withPassword: NewEvent[] = [...registered, { type: 'PasswordSet', data: { userId: 'u1', passwordHash: 'h' } }];
    expect(given(withPassword).when({ type: 'ChangeRole', role: 'admin', permissions: ['owner'] })()).toEqual([
      { type: 'UserRoleChanged', data: { userId: 'u1', role: 'admin', permissions: ['owner'] } },
    ]);
    expect(given(admin).when({ type: 'ChangeRole', role: 'admin', permissions: ['owner'] })()).toEqual([]);
  });

  it('a beta trial lapses by itself; a Stripe plan lasts until Stripe ends it', () => {
    const trial = { tier: 'toko_plus' as const, subscriptionSource: 'beta', subscriptionExpiresAt: '2026-03-01T00:00:00.000Z' };
    expect(effectiveTier(trial, new Date('2026-02-28T00:00:00Z'))).toBe('toko_plus');
    expect(effectiveTier(trial, new Date('2026-03-02T00:00:00Z'))).toBe('free');
    expect(effectiveTier({ ...trial, subscriptionSource: 'stripe' }, new Date('2026-03-02T00:00:00Z'))).toBe('toko_plus');
  });

  it('follows commerce: started, cancelled (still a member), ended', () => {
    const ref = { userId: 'u1', stripeSubscriptionId: 'sub_1' };
    const started = stored(9, {
      type: 'SubscriptionStarted',
      data: {
        ...ref,
        stripeCustomerId: 'cus_1',
        email: null,
        amount: 5,
        startedAt: at,
        currentPeriodEnd: '2026-02-01T00:00:00.000Z',
        trialEndsAt: null,
        source: 'stripe',
      },
    });
    const { state } = given(registered);
    const change = tierChangeFor(started, state)!;
    expect(change).toMatchObject({ tier: 'toko_plus', status: 'active', source: 'stripe', stripeSubscriptionId: 'sub_1' });
    const [tierChanged] = userDecider.decide(change, state);
    const member = userDecider.evolve(state, stored(2, tierChanged));
    expect(userDecider.decide(tierChangeFor(started, member)!, member)).toEqual([]);
    const cancelled = tierChangeFor(
      stored(10, { type: 'SubscriptionCancelled', data: { ...ref, endsAt: '2026-02-01T00:00:00.000Z' } }),
      member,
    )!;
    expect(cancelled).toMatchObject({ tier: 'toko_plus', status: 'cancelled' });
    expect(
      tierChangeFor(stored(11, { type: 'SubscriptionEnded', data: { ...ref, endedAt: '2026-02-01T00:00:00.000Z' } }), member),
    ).toMatchObject({ tier: 'free' });
  });
});

describe('user: deleting the account', () => {
  const deleted: NewEvent[] = [...registered, { type: 'AccountDeleted', data: { userId: 'u1' } }];

  it('records AccountDeleted once; the state names nobody, its sessions end and it never signs in again', () => {
    expect(given(registered).when({ type: 'DeleteAccount' })()).toEqual([{ type: 'AccountDeleted', data: { userId: 'u1' } }]);
    expect(given(deleted).when({ type: 'DeleteAccount' })()).toEqual([]);
    expect(given(deleted).state).toMatchObject({
      email: DELETED.email,
      displayName: DELETED.name,
      username: null,
      avatar: null,
      blocked: true,
      sessionsRevokedAt: at,
    });
  });

  it('refuses to delete an admin account (the label would lose an admin without the roster knowing)', () => {
    expect(given(admin).when({ type: 'DeleteAccount' })).toThrow(DomainError);
  });
});
