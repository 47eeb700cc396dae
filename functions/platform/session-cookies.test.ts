import { describe, expect, it } from 'vitest';
import { pendingActionCookie } from '../accounts/pending-actions.js';
import { clearedSessionCookie, sessionCookie } from './session.js';

describe('Set-Cookie strings', () => {
  it('keep the session in a __Host- cookie (HttpOnly, Secure, SameSite=Lax, the whole site, no Domain), and clear it the same way', () => {
    expect(sessionCookie('a.b-c_d', 60)).toBe('__Host-toko_session=a.b-c_d; Max-Age=60; Path=/; HttpOnly; Secure; SameSite=Lax');
    expect(clearedSessionCookie()).toBe('__Host-toko_session=; Max-Age=0; Path=/; HttpOnly; Secure; SameSite=Lax');
  });

  it('keep the pending checkout intent for 600 s, seen only by the auth routes', () => {
    expect(pendingActionCookie('abc')).toBe('toko_pending=abc; Max-Age=600; Path=/api/auth; HttpOnly; Secure; SameSite=Lax');
    expect(pendingActionCookie()).toBe('toko_pending=; Max-Age=0; Path=/api/auth; HttpOnly; Secure; SameSite=Lax');
  });
});
