/** Given/when/then for what admins do: the second factor of their sign-in, the roster of admins, and their acts on listeners. */
import { describe, expect, it } from 'vitest';
import type { AdminPermission, NewEvent } from '../../../events/index.js';
import { complimentaryTierChange, storedEvent } from '../../platform/stored-event.fixtures.js';
import { adminRosterDecider, type AdminRosterCommand } from './admin-roster.js';
import { ADMIN_PERMISSIONS, effectiveTier, mayAct, userDecider, type UserCommand } from './user.js';
import { givenDecider } from '../../platform/testing/given.js';

const given = givenDecider(userDecider, { streamId: 'user#u1' });

const listener: NewEvent[] = [
  { type: 'UserRegistered', data: { userId: 'u1', email: 'ada@example.com', username: null, displayName: 'Ada', source: 'email_code' } },
];
const admin: NewEvent[] = [
  ...listener,
  { type: 'PasswordSet', data: { userId: 'u1', passwordHash: 'h' } },
  { type: 'UserRoleChanged', data: { userId: 'u1', role: 'admin', permissions: ['owner'] } },
];
const hashes = Array.from({ length: 10 }, (_, i) => `hash-${i}`);
const enrolled: NewEvent[] = [
  ...admin,
  { type: 'AdminTotpEnrolled', data: { userId: 'u1', secretCiphertext: 'v1.x.y.z', recoveryCodeHashes: hashes } },
];
const passwordSignIn = { type: 'SignIn', sessionId: 's2', method: 'password', passwordVerified: true } as const;

describe('admin sign-in: enrolment', () => {
  it('given an admin without an authenticator, a confirmed code enrols it and signs in with the second factor', () => {
    expect(
      given(admin).when({
        type: 'EnrolTotp',
        secretCiphertext: 'v1.x.y.z',
        recoveryCodeHashes: hashes,
        sessionId: 's2',
        codeVerified: true,
      })(),
    ).toEqual([
      { type: 'AdminTotpEnrolled', data: { userId: 'u1', secretCiphertext: 'v1.x.y.z', recoveryCodeHashes: hashes } },
      { type: 'UserSignedIn', data: { userId: 'u1', sessionId: 's2', method: 'password', secondFactor: 'totp' } },
    ]);
  });

  it('refuses a wrong code, a second enrolment, and a listener', () => {
    const enrol: UserCommand = {
      type: 'EnrolTotp',
      secretCiphertext: 'c',
      recoveryCodeHashes: hashes,
      sessionId: 's2',
      codeVerified: true,
    };
    given(admin)
      .when({ ...enrol, codeVerified: false })
      .then(expect.objectContaining({ code: 'invalid_totp_code' }));
    given(enrolled)
      .when(enrol)
      .then(expect.objectContaining({ kind: 'conflict', code: 'totp_enrolled' }));
    given(listener)
      .when(enrol)
      .then(expect.objectContaining({ kind: 'forbidden', code: 'admin_only' }));
  });

  it('keeps the secret and the recovery codes in the fold of the stream', () => {
    expect(given(enrolled).state).toMatchObject({ totpEnrolled: true, totpSecretCiphertext: 'v1.x.y.z', recoveryCodeHashes: hashes });
  });
});

describe('admin sign-in: the second factor', () => {
  it('an enrolled admin signs in with the password and a checked TOTP code', () => {
    given(enrolled)
      .when({ ...passwordSignIn, secondFactor: { kind: 'totp', verified: true } })
      .then([{ type: 'UserSignedIn', data: { userId: 'u1', sessionId: 's2', method: 'password', secondFactor: 'totp' } }]);
  });

  it('refuses the password alone and a wrong code', () => {
    given(enrolled)
      .when(passwordSignIn)
      .then(expect.objectContaining({ kind: 'unauthorized', code: 'totp_required' }));
    given(enrolled)
      .when({ ...passwordSignIn, secondFactor: { kind: 'totp', verified: false } })
      .then(expect.objectContaining({ kind: 'unauthorized', code: 'invalid_totp_code' }));
  });

  it('a recovery code signs in once: it is recorded as used, and refused the second time', () => {
    const events = given(enrolled).when({ ...passwordSignIn, secondFactor: { kind: 'recovery_code', codeHash: 'hash-3' } })();
    expect(events).toEqual([
      { type: 'AdminRecoveryCodeUsed', data: { userId: 'u1', index: 3 } },
      { type: 'UserSignedIn', data: { userId: 'u1', sessionId: 's2', method: 'password', secondFactor: 'recovery_code' } },
    ]);
    const after = given([...enrolled, ...events]);
    expect(after.state.recoveryCodeHashes.filter(Boolean)).toHaveLength(9);
    expect(after.when({ ...passwordSignIn, secondFactor: { kind: 'recovery_code', codeHash: 'hash-3' } })).toThrow(
      expect.objectContaining({ code: 'invalid_recovery_code' }),
    );
    expect(after.when({ ...passwordSignIn, secondFactor: { kind: 'recovery_code', codeHash: 'nope' } })).toThrow(
      expect.objectContaining({ code: 'invalid_recovery_code' }),
    );
  });
});

describe('admin step-up with a recovery code', () => {
  it('spends the code once, without a sign-in; a used or unknown code, or a listener, is refused', () => {
    const events = given(enrolled).when({ type: 'SpendRecoveryCode', codeHash: 'hash-7' })();
    expect(events).toEqual([{ type: 'AdminRecoveryCodeUsed', data: { userId: 'u1', index: 7 } }]);
    const after = given([...enrolled, ...events]);
    expect(after.when({ type: 'SpendRecoveryCode', codeHash: 'hash-7' })).toThrow(
      expect.objectContaining({ code: 'invalid_recovery_code' }),
    );
    expect(after.when({ type: 'SpendRecoveryCode', codeHash: 'nope' })).toThrow(expect.objectContaining({ code: 'invalid_recovery_code' }));
    given(listener)
      .when({ type: 'SpendRecoveryCode', codeHash: 'hash-7' })
      .then(expect.objectContaining({ code: 'admin_only' }));
  });
});

describe('blocking', () => {
  it('given a listener, an admin blocks them: every sign-in is refused with a clear message until unblocked', () => {
    const blocked = [...listener, ...given(listener).when({ type: 'Block', by: 'admin', reason: 'Fraud' })()];
    expect(blocked.at(-1)).toEqual({ type: 'AccountBlocked', data: { userId: 'u1', reason: 'Fraud' } });
    expect(given(blocked).state).toMatchObject({ blocked: true, sessionsRevokedAt: '2026-01-01T00:00:00.000Z' });
    given(blocked)
      .when({ type: 'SignIn', sessionId: 's', method: 'email_code' })
      .then(
        expect.objectContaining({ kind: 'forbidden', code: 'account_blocked', message: expect.stringMatching(/This account is blocked/) }),
      );
    given(blocked).when({ type: 'Block', by: 'admin', reason: null }).then([]);
    const unblocked = [...blocked, ...given(blocked).when({ type: 'Unblock' })()];
    expect(unblocked.at(-1)).toEqual({ type: 'AccountUnblocked', data: { userId: 'u1' } });
    expect(given(unblocked).when({ type: 'SignIn', sessionId: 's', method: 'email_code' })()).toHaveLength(2);
    given(unblocked).when({ type: 'Unblock' }).then([]);
  });

  it('an admin cannot block themself, nor an admin account', () => {
    given(listener)
      .when({ type: 'Block', by: 'u1', reason: null })
      .then(expect.objectContaining({ code: 'cannot_block_self' }));
    given(admin)
      .when({ type: 'Block', by: 'other', reason: null })
      .then(expect.objectContaining({ code: 'admin_account' }));
  });
});

describe('complimentary Toko+', () => {
  const at = '2026-02-01T00:00:00.000Z';
  const endsAt = '2026-03-01T00:00:00.000Z';

  it('given a free listener, a grant makes them Toko+ until the end date, then the tier lapses by itself', () => {
    const events = given(listener).when({ type: 'GrantComplimentary', endsAt, at })();
    expect(events).toEqual([
      { type: 'ComplimentaryMembershipGranted', data: { userId: 'u1', endsAt } },
      complimentaryTierChange('u1', at, endsAt),
    ]);
    const { state } = given([...listener, ...events]);
    expect(effectiveTier(state, new Date('2026-02-15T00:00:00Z'))).toBe('toko_plus');
    expect(effectiveTier(state, new Date('2026-03-01T00:00:01Z'))).toBe('free');
  });

  it('a revoke ends it now; without one in force there is nothing to revoke', () => {
    const granted = [...listener, ...given(listener).when({ type: 'GrantComplimentary', endsAt, at })()];
    const revokedAt = '2026-02-10T00:00:00.000Z';
    const events = given(granted).when({ type: 'RevokeComplimentary', at: revokedAt })();
    expect(events.map((e) => e.type)).toEqual(['ComplimentaryMembershipRevoked', 'SubscriptionTierChanged']);
    expect(effectiveTier(given([...granted, ...events]).state, new Date(revokedAt))).toBe('free');
    given(listener)
      .when({ type: 'RevokeComplimentary', at })
      .then(expect.objectContaining({ code: 'no_complimentary_membership' }));
    given(granted)
      .when({ type: 'RevokeComplimentary', at: '2026-04-01T00:00:00.000Z' })
      .then(expect.objectContaining({ code: 'no_complimentary_membership' }));
  });

  it('refuses an end date in the past, and a listener who pays for Toko+ through Stripe', () => {
    given(listener)
      .when({ type: 'GrantComplimentary', endsAt: at, at })
      .then(expect.objectContaining({ code: 'invalid_end_date' }));
    const paying: NewEvent[] = [
      ...listener,
      {
        type: 'SubscriptionTierChanged',
        data: {
          userId: 'u1',
          tier: 'toko_plus',
          status: 'active',
          source: 'stripe',
          startedAt: at,
          expiresAt: null,
          stripeSubscriptionId: 'sub_1',
        },
      },
    ];
    given(paying)
      .when({ type: 'GrantComplimentary', endsAt, at })
      .then(expect.objectContaining({ code: 'paid_membership' }));
  });
});

describe('the admin role', () => {
  const makeAdmin = { type: 'ChangeRole', role: 'admin', permissions: ['catalogue'] } as const;
  it('goes only to an account with a password, and not to a blocked one', () => {
    const withPassword: NewEvent[] = [...listener, { type: 'PasswordSet', data: { userId: 'u1', passwordHash: 'h' } }];
    given(withPassword)
      .when(makeAdmin)
      .then([{ type: 'UserRoleChanged', data: { userId: 'u1', role: 'admin', permissions: ['catalogue'] } }]);
    given(listener)
      .when(makeAdmin)
      .then(expect.objectContaining({ code: 'password_required' }));
    const blocked: NewEvent[] = [...withPassword, { type: 'AccountBlocked', data: { userId: 'u1', reason: null } }];
    given(blocked)
      .when(makeAdmin)
      .then(expect.objectContaining({ code: 'account_blocked' }));
  });

  it('changes what an admin may do, in the usual order, each once; never to nothing', () => {
    given(admin)
      .when({ type: 'ChangeRole', role: 'admin', permissions: ['money', 'catalogue', 'money'] })
      .then([{ type: 'UserRoleChanged', data: { userId: 'u1', role: 'admin', permissions: ['catalogue', 'money'] } }]);
    given(admin)
      .when({ type: 'ChangeRole', role: 'admin', permissions: ['owner'] })
      .then([]);
    given(admin)
      .when({ type: 'ChangeRole', role: 'admin', permissions: [] })
      .then(expect.objectContaining({ kind: 'invalid', code: 'permissions_required' }));
    given(admin)
      .when({ type: 'ChangeRole', role: 'user', permissions: [] })
      .then([{ type: 'UserRoleChanged', data: { userId: 'u1', role: 'user', permissions: [] } }]);
  });

  it('an owner may act at every level; another admin only at their own', () => {
    expect(ADMIN_PERMISSIONS.every((level) => mayAct(['owner'], level))).toBe(true);
    expect(ADMIN_PERMISSIONS.filter((level) => mayAct(['catalogue', 'money'], level))).toEqual(['catalogue', 'money']);
  });

  it("locks an admin's second step after the wrong codes the caller counted; a listener has none to lock", () => {
    const until = '2026-11-28T12:15:00.000Z';
    given(enrolled)
      .when({ type: 'LockSecondStep', wrongCodes: 5, until })
      .then([{ type: 'AdminSecondStepLocked', data: { userId: 'u1', wrongCodes: 5, until } }]);
    given(listener).when({ type: 'LockSecondStep', wrongCodes: 5, until }).then([]);
  });
});

describe('the roster of admins', () => {
  const roster = (events: NewEvent[]) => {
    const state = events
      .map((e, i) => storedEvent('admin-roster#label', i + 1, e))
      .reduce(adminRosterDecider.evolve, adminRosterDecider.initialState);
    return (command: AdminRosterCommand) => () => adminRosterDecider.decide(command, state);
  };
  const two: NewEvent[] = [
    { type: 'AdminAppointed', data: { userId: 'a1', permissions: ['owner'] } },
    { type: 'AdminAppointed', data: { userId: 'a2', permissions: ['owner'] } },
  ];
  const owner = ['owner'] as const satisfies AdminPermission[];

  it('appoints once, and dismisses one of two admins', () => {
    expect(roster([])({ type: 'Appoint', userId: 'a1', permissions: [...owner], by: 'setup' })()).toEqual([
      { type: 'AdminAppointed', data: { userId: 'a1', permissions: ['owner'] } },
    ]);
    expect(roster(two)({ type: 'Appoint', userId: 'a1', permissions: [...owner], by: 'a2' })()).toEqual([]);
    expect(roster(two)({ type: 'Dismiss', userId: 'a2', by: 'a1' })()).toEqual([{ type: 'AdminDismissed', data: { userId: 'a2' } }]);
    expect(roster(two)({ type: 'Dismiss', userId: 'listener', by: 'a1' })()).toEqual([]);
  });

  it('an admin cannot dismiss themself, and the last admin stays', () => {
    expect(roster(two)({ type: 'Dismiss', userId: 'a1', by: 'a1' })).toThrow(expect.objectContaining({ code: 'cannot_revoke_self' }));
    const one = [...two, { type: 'AdminDismissed', data: { userId: 'a2' } }] as NewEvent[];
    expect(roster(one)({ type: 'Dismiss', userId: 'a1', by: 'setup' })).toThrow(
      expect.objectContaining({ kind: 'conflict', code: 'last_admin' }),
    );
  });

  it('an owner changes what another admin may do, never their own; the last owner stays an owner', () => {
    expect(roster(two)({ type: 'Appoint', userId: 'a2', permissions: ['money'], by: 'a1' })()).toEqual([
      { type: 'AdminAppointed', data: { userId: 'a2', permissions: ['money'] } },
    ]);
    expect(roster(two)({ type: 'Appoint', userId: 'a1', permissions: ['money'], by: 'a1' })).toThrow(
      expect.objectContaining({ kind: 'forbidden', code: 'cannot_change_self' }),
    );
    const oneOwner: NewEvent[] = [...two, { type: 'AdminAppointed', data: { userId: 'a2', permissions: ['people'] } }];
    expect(roster(oneOwner)({ type: 'Appoint', userId: 'a1', permissions: ['people'], by: 'setup' })).toThrow(
      expect.objectContaining({ kind: 'conflict', code: 'last_owner' }),
    );
    expect(roster(oneOwner)({ type: 'Dismiss', userId: 'a1', by: 'a2' })).toThrow(expect.objectContaining({ code: 'last_owner' }));
    expect(roster(oneOwner)({ type: 'Dismiss', userId: 'a2', by: 'a1' })()).toEqual([{ type: 'AdminDismissed', data: { userId: 'a2' } }]);
  });
});
