/** Given/when/then for the one-time links that make an owner: one use, an expiry, and the newest link of an address only. */
import { describe, expect, it } from 'vitest';
import type { NewEvent } from '../../../events/index.js';
import { ADMIN_ENROLMENT_STREAM, adminEnrolmentDecider, usableEnrolment, type AdminEnrolmentCommand } from './admin-enrolment.js';
import { givenDecider } from '../../platform/testing/given.js';

const given = givenDecider(adminEnrolmentDecider, { streamId: ADMIN_ENROLMENT_STREAM });

const issued = (enrolmentId: string, email: string, tokenHash: string, expiresAt = '2026-11-29T12:00:00.000Z'): NewEvent => ({
  type: 'AdminEnrolmentIssued',
  data: { enrolmentId, email, tokenHash, expiresAt },
});
const beforeExpiry = new Date('2026-11-29T11:59:59.000Z');
const complete = (tokenHash: string, at = beforeExpiry): AdminEnrolmentCommand => ({
  type: 'CompleteAdminEnrolment',
  tokenHash,
  userId: 'u1',
  at,
});
const refused = expect.objectContaining({
  kind: 'invalid',
  code: 'enrolment_link_invalid',
  message: expect.stringMatching(/expired or was already used/),
});

describe('admin enrolment links', () => {
  it('given a link, issuing records its hash, address and expiry', () => {
    const data = { enrolmentId: 'e1', email: 'ada@example.com', tokenHash: 'h1', expiresAt: '2026-11-29T12:00:00.000Z' };
    given([])
      .when({ type: 'IssueAdminEnrolment', issued: data })
      .then([{ type: 'AdminEnrolmentIssued', data }]);
  });

  it('given a fresh link, using it before its expiry records the enrolment of the account', () => {
    given([issued('e1', 'ada@example.com', 'h1')])
      .when(complete('h1'))
      .then([{ type: 'AdminEnrolled', data: { enrolmentId: 'e1', userId: 'u1' } }]);
  });

  it('given a used link, using it again is refused', () => {
    const used: NewEvent = { type: 'AdminEnrolled', data: { enrolmentId: 'e1', userId: 'u1' } };
    given([issued('e1', 'ada@example.com', 'h1'), used])
      .when(complete('h1'))
      .then(refused);
  });

  it('given a link, using it at or after its expiry is refused', () => {
    given([issued('e1', 'ada@example.com', 'h1')])
      .when(complete('h1', new Date('2026-11-29T12:00:00.000Z')))
      .then(refused);
  });

  it('given a newer link for the same address, the older one is void and the newer one works', () => {
    const { when } = given([issued('e1', 'ada@example.com', 'h1'), issued('e2', 'ada@example.com', 'h2')]);
    expect(when(complete('h1'))).toThrow(refused);
    expect(when(complete('h2'))()).toEqual([{ type: 'AdminEnrolled', data: { enrolmentId: 'e2', userId: 'u1' } }]);
  });

  it('given links for two addresses, each works on its own', () => {
    const { state } = given([issued('e1', 'ada@example.com', 'h1'), issued('e2', 'bob@example.com', 'h2')]);
    expect(usableEnrolment(state, 'h1', beforeExpiry).email).toBe('ada@example.com');
    expect(usableEnrolment(state, 'h2', beforeExpiry).email).toBe('bob@example.com');
  });

  it('refuses a token no link has', () => {
    given([issued('e1', 'ada@example.com', 'h1')])
      .when(complete('unknown'))
      .then(refused);
  });
});
