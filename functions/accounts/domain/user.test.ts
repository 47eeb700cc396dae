import { describe, expect, it } from 'vitest';
import { DELETED, type NewEvent } from '../../../events/index.js';
import { DomainError } from '../../platform/errors.js';
import { storedEvent } from '../../platform/stored-event.fixtures.js';
import { tierChangeFor } from './subscription-tier.js';
import { EMAIL_CHANGE_FRESH_SIGN_IN_MINUTES } from '../contract/accounts.js';
import { effectiveTier, FRESH_SIGN_IN_MINUTES, userDecider, userReservations, type UserCommand } from './user.js';
import { givenDecider } from '../../platform/testing/given.js';

const at = '2026-01-01T00:00:00.000Z';
const stored = (version: number, event: NewEvent) => storedEvent('user#u1', version, event);

const given = givenDecider(userDecider, { streamId: 'user#u1' });

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
const betaSignup: UserCommand = {
  ...register,
  username: 'Ada_L',
  source: 'beta_signup',
  emailVerified: false,
  passwordHash: 'h',
  session: { sessionId: 's1', method: 'password' },
  betaCode: { tier: 'toko_plus', months: 2 },
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
    given([])
      .when(register)
      .then([
        ...registered,
        { type: 'EmailVerified', data: { userId: 'u1', email: 'ada@example.com' } },
        { type: 'UserSignedIn', data: { userId: 'u1', sessionId: 's1', method: 'email_code' } },
      ]);
  });

  it('reserves the username of a beta signup, but not its address, which nobody proved yet', () => {
    const events = given([]).when(betaSignup)();
    expect(events.map((e) => e.type)).toEqual(['UserRegistered', 'PasswordSet', 'BetaCodeRedeemed', 'UserSignedIn']);
    expect(userReservations(events)).toEqual([{ key: 'username#ada_l', owner: 'u1' }]);
  });

  it('reserves the address of a code sign-up, which the code proved', () => {
    expect(userReservations(given([]).when(register)())).toEqual([{ key: 'email#ada@example.com', owner: 'u1' }]);
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
    given([])
      .when({ ...register, role: 'admin', permissions: ['owner'], passwordHash: 'h' })
      .then(/signs in with a password/);
  });

  it('refuses to register the same account twice', () => {
    given(registered).when(register).then(DomainError);
  });
});

describe('user: signing in', () => {
  it('a first code sign-in also verifies the e-mail; a later one only signs in', () => {
    given(registered)
      .when({ type: 'SignIn', sessionId: 's2', method: 'magic_link' })
      .then([
        { type: 'EmailVerified', data: { userId: 'u1', email: 'ada@example.com' } },
        { type: 'UserSignedIn', data: { userId: 'u1', sessionId: 's2', method: 'magic_link' } },
      ]);
    const verified = [...registered, { type: 'EmailVerified', data: { userId: 'u1', email: 'ada@example.com' } }] as NewEvent[];
    given(verified)
      .when({ type: 'SignIn', sessionId: 's2', method: 'email_code' })
      .then([{ type: 'UserSignedIn', data: { userId: 'u1', sessionId: 's2', method: 'email_code' } }]);
  });

  it('an admin signs in with a verified password only (and a second factor: admin-access.test.ts)', () => {
    given(admin)
      .when({ type: 'SignIn', sessionId: 's2', method: 'email_code' })
      .then(/signs in with a password/);
    // The same refusal, 401 invalid_credentials, as the login route's for an unknown account.
    given(admin)
      .when({ type: 'SignIn', sessionId: 's2', method: 'password', passwordVerified: false })
      .then(expect.objectContaining({ kind: 'unauthorized', code: 'invalid_credentials', message: 'Invalid email or password' }));
    given(admin)
      .when({ type: 'SignIn', sessionId: 's2', method: 'password', passwordVerified: true })
      .then(expect.objectContaining({ kind: 'forbidden', code: 'totp_enrolment_required' }));
  });

  it('nobody signs in to an account that does not exist', () => {
    given([])
      .when({ type: 'SignIn', sessionId: 's', method: 'email_code' })
      .then(/User not found/);
  });
});

describe('user: profile', () => {
  it('records only a display name that changes', () => {
    given(registered)
      .when({ type: 'ChangeProfile', displayName: 'Ada L' })
      .then([{ type: 'ProfileChanged', data: { userId: 'u1', displayName: 'Ada L' } }]);
    given(registered).when({ type: 'ChangeProfile', displayName: 'ada' }).then([]);
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
    given(withPassword)
      .when({ type: 'ChangeRole', role: 'admin', permissions: ['owner'] })
      .then([{ type: 'UserRoleChanged', data: { userId: 'u1', role: 'admin', permissions: ['owner'] } }]);
    given(admin)
      .when({ type: 'ChangeRole', role: 'admin', permissions: ['owner'] })
      .then([]);
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
    given(registered)
      .when({ type: 'DeleteAccount' })
      .then([{ type: 'AccountDeleted', data: { userId: 'u1' } }]);
    given(deleted).when({ type: 'DeleteAccount' }).then([]);
    expect(given(deleted).state).toMatchObject({
      email: DELETED.email,
      displayName: DELETED.name,
      username: null,
      avatar: null,
      blocked: true,
      sessionsRevokedAt: at,
    });
  });

  it('reads the same replayed after the erasure, when every address in its events reads as the placeholder', () => {
    // Before the erasure the proof named another address than the account's; after it, both read as the placeholder.
    const proof = (email: string): NewEvent => ({ type: 'EmailVerified', data: { userId: 'u1', email } });
    const registeredAs = (email: string): NewEvent => ({
      type: 'UserRegistered',
      data: { userId: 'u1', email, username: null, displayName: 'ada', source: 'email_code' },
    });
    const deletion: NewEvent = { type: 'AccountDeleted', data: { userId: 'u1' } };
    const before = given([registeredAs('ada@example.com'), proof('someone-else@example.com'), deletion]).state;
    const after = given([registeredAs(DELETED.email), proof(DELETED.email), deletion]).state;
    expect(after).toEqual(before);
    expect(after.emailVerified).toBe(false);
  });

  it('refuses to delete an admin account (the label would lose an admin without the roster knowing)', () => {
    given(admin).when({ type: 'DeleteAccount' }).then(DomainError);
  });
});

/** The beta signup's events, as a stranger would make them under Ada's address. */
const signedUpByPassword = (): NewEvent[] => given([]).when(betaSignup)();
const proof = (currentSessionId: string | null = null) => ({ at, currentSessionId });

describe('user: an address is in force only once its owner proved it', () => {
  it('nobody signs in with the password of an account whose address is pending, whatever the password', () => {
    given(signedUpByPassword())
      .when({ type: 'SignIn', sessionId: 's2', method: 'password', passwordVerified: true })
      .then(expect.objectContaining({ kind: 'forbidden', code: 'email_not_confirmed' }));
  });

  it('the first proof by code ends the sessions before it, drops the password, starts the beta trial, and reserves the address', () => {
    const events = given(signedUpByPassword()).when({ type: 'SignIn', sessionId: 's2', method: 'email_code', proof: proof() })();
    expect(events).toEqual([
      { type: 'EmailVerified', data: { userId: 'u1', email: 'ada@example.com' } },
      { type: 'UnprovenAccessRevoked', data: { userId: 'u1', passwordRemoved: true } },
      {
        type: 'SubscriptionTierChanged',
        data: {
          userId: 'u1',
          tier: 'toko_plus',
          status: 'trialing',
          source: 'beta',
          startedAt: at,
          expiresAt: '2026-03-01T00:00:00.000Z',
          stripeSubscriptionId: null,
        },
      },
      { type: 'UserSignedIn', data: { userId: 'u1', sessionId: 's2', method: 'email_code' } },
    ]);
    expect(userReservations(events)).toEqual([{ key: 'email#ada@example.com', owner: 'u1' }]);
    const { state } = given([...signedUpByPassword(), ...events]);
    expect(state).toMatchObject({
      emailVerified: true,
      hasPassword: false,
      passwordHash: null,
      sessionsRevokedAt: at,
      sessionsKept: ['s2'],
    });
  });

  it('a confirmation link followed in the very session that set the password keeps it, and still ends the others', () => {
    const events = given(signedUpByPassword()).when({
      type: 'VerifyEmail',
      email: 'ada@example.com',
      proof: proof('s1'),
      sessionId: 's2',
    })();
    expect(events.map((e) => e.type)).toEqual(['EmailVerified', 'UnprovenAccessRevoked', 'SubscriptionTierChanged', 'UserSignedIn']);
    expect(events[1]).toEqual({ type: 'UnprovenAccessRevoked', data: { userId: 'u1', passwordRemoved: false } });
    const elsewhere = given(signedUpByPassword()).when({
      type: 'VerifyEmail',
      email: 'ada@example.com',
      proof: proof(null),
      sessionId: 's2',
    })();
    expect(elsewhere[1]).toEqual({ type: 'UnprovenAccessRevoked', data: { userId: 'u1', passwordRemoved: true } });
  });

  it('a beta code gives one trial per account', () => {
    const proved = [
      ...signedUpByPassword(),
      ...given(signedUpByPassword()).when({ type: 'SignIn', sessionId: 's2', method: 'email_code', proof: proof() })(),
    ];
    const changed = [...proved, { type: 'EmailChangeRequested', data: { userId: 'u1', email: 'ada@new.example' } } as NewEvent];
    const again = given(changed).when({ type: 'VerifyEmail', email: 'ada@new.example', proof: proof(), sessionId: 's3' })();
    expect(again.map((e) => e.type)).toEqual(['EmailVerified', 'UserSignedIn']);
    expect(given(proved).state.betaTrialUsed).toBe(true);
  });

  it('a later proof of an address in force ends nothing', () => {
    const verified = [...registered, { type: 'EmailVerified', data: { userId: 'u1', email: 'ada@example.com' } } as NewEvent];
    given(verified)
      .when({ type: 'SignIn', sessionId: 's2', method: 'email_code', proof: proof() })
      .then([{ type: 'UserSignedIn', data: { userId: 'u1', sessionId: 's2', method: 'email_code' } }]);
  });
});

describe('user: a change of address is confirmed by both', () => {
  const verified = [...registered, { type: 'EmailVerified', data: { userId: 'u1', email: 'ada@example.com' } } as NewEvent];
  /** The session that asks, some minutes after the events given (all at `at`). */
  const by = (sessionId: string, minutes = 0) => ({ sessionId, at: new Date(Date.parse(at) + minutes * 60_000).toISOString() });

  it('asks for the code from the address in force, and keeps that address in force until the new one is confirmed', () => {
    given(verified)
      .when({ type: 'RequestEmailChange', email: 'new@example.com', codeVerified: false, by: by('s1') })
      .then(expect.objectContaining({ code: 'invalid_code' }));
    const requested = given(verified).when({ type: 'RequestEmailChange', email: ' NEW@example.com', codeVerified: true, by: by('s1') })();
    expect(requested).toEqual([{ type: 'EmailChangeRequested', data: { userId: 'u1', email: 'new@example.com' } }]);
    expect(userReservations(requested)).toEqual([]);
    const pending = [...verified, ...requested];
    expect(given(pending).state).toMatchObject({ email: 'ada@example.com', emailVerified: true, pendingEmail: 'new@example.com' });

    const confirmed = given(pending).when({ type: 'VerifyEmail', email: 'new@example.com', proof: proof(), sessionId: 's2' })();
    expect(confirmed).toEqual([
      { type: 'EmailVerified', data: { userId: 'u1', email: 'new@example.com' } },
      { type: 'UserSignedIn', data: { userId: 'u1', sessionId: 's2', method: 'magic_link' } },
    ]);
    expect(userReservations(confirmed)).toEqual([{ key: 'email#new@example.com', owner: 'u1' }]);
    expect(given([...pending, ...confirmed]).state).toMatchObject({ email: 'new@example.com', emailVerified: true, pendingEmail: null });
  });

  it('replaces the pending address of an account that never proved one, with no code to ask for', () => {
    given(registered)
      .when({ type: 'RequestEmailChange', email: 'new@example.com', codeVerified: false, by: by('s1') })
      .then([{ type: 'ProfileChanged', data: { userId: 'u1', email: 'new@example.com' } }]);
  });

  it('needs no code from a session signed in by a mailed code or link in the last 10 minutes, until another address is in force', () => {
    const signedIn = (sessionId: string, method: 'email_code' | 'magic_link' | 'password'): NewEvent => ({
      type: 'UserSignedIn',
      data: { userId: 'u1', sessionId, method },
    });
    const fresh = [...verified, signedIn('s1', 'email_code'), signedIn('s2', 'magic_link')];
    const change = (sessionId: string, minutes: number) =>
      ({ type: 'RequestEmailChange', email: 'new@example.com', codeVerified: false, by: by(sessionId, minutes) }) as const;
    const requested = [{ type: 'EmailChangeRequested', data: { userId: 'u1', email: 'new@example.com' } }];
    // The screen says how long: the contract's figure is the decider's.
    expect(EMAIL_CHANGE_FRESH_SIGN_IN_MINUTES).toBe(FRESH_SIGN_IN_MINUTES);
    given(fresh).when(change('s1', 9)).then(requested);
    given(fresh).when(change('s2', 10)).then(requested);
    // Later, from another session, or from a session that gave only a password, the code is asked for.
    given(fresh)
      .when(change('s1', 11))
      .then(expect.objectContaining({ code: 'invalid_code' }));
    given(fresh)
      .when(change('s9', 1))
      .then(expect.objectContaining({ code: 'invalid_code' }));
    given([...verified, signedIn('s3', 'password')])
      .when(change('s3', 1))
      .then(expect.objectContaining({ code: 'invalid_code' }));
    // The sign-in proved the old address: once the new one is in force, the next change asks the new one for a code.
    const moved = [...fresh, ...requested, { type: 'EmailVerified', data: { userId: 'u1', email: 'new@example.com' } } as NewEvent];
    given(moved)
      .when({ type: 'RequestEmailChange', email: 'third@example.com', codeVerified: false, by: by('s1', 2) })
      .then(expect.objectContaining({ code: 'invalid_code' }));
  });

  it('refuses a link for an address the account neither uses nor asked for', () => {
    given(verified)
      .when({ type: 'VerifyEmail', email: 'old@example.com', proof: proof(), sessionId: 's2' })
      .then(/no longer uses/);
  });
});
