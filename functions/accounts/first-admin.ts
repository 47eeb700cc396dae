/**
 * The first admin, from ADMIN_EMAIL and ADMIN_PASSWORD: made on start when missing, promoted if the
 * address already has a plain account, and its password reset to the configured one if it differs; on the
 * roster of admins either way. It sets up its authenticator app at its first sign-in.
 * Idempotent: a second call with the same settings records nothing.
 */
import { randomUUID } from 'node:crypto';
import { ADMIN_PASSWORD_MIN_LENGTH } from './contract/accounts.js';
import { normalizeEmail } from './domain/user.js';
import { env } from '../platform/env.js';
import { dynamoEventStore } from '../platform/event-store.js';
import { hashPassword, verifyPassword } from './passwords.js';
import { isAdmin, setAdminRole, type RoleChange } from './admin-roster.js';
import { findUserIdByEmail, loadUser, runUserCommand } from './users.js';
import type { UserView } from './projections/users.js';
import type { CommandContext } from '../platform/command.js';

/** The first admin owns the label: every permission, and the power to give others theirs. */
export const OWNER: RoleChange = { role: 'admin', permissions: ['owner'] };

/**
 * An owner's account for an address that has none (the first admin, or an enrolment link's): registered as an admin
 * with every permission, its address proved, and on the roster of admins, with `rosterActor` as who put it there.
 */
export async function openOwnerAccount(
  userId: string,
  email: string,
  passwordHash: string,
  context: CommandContext,
  rosterActor = context.actor,
): Promise<UserView> {
  await runUserCommand(
    userId,
    {
      type: 'Register',
      userId,
      email,
      username: null,
      displayName: 'Admin',
      source: 'admin_setup',
      emailVerified: true,
      passwordHash,
      role: 'admin',
      permissions: ['owner'],
      session: null,
    },
    context,
  );
  return setAdminRole(userId, OWNER, rosterActor, context);
}

/** Accounts made admins before the roster existed join it on the next start. */
const onRoster = (userId: string) => isAdmin(userId);

interface FirstAdmin {
  userId: string;
  email: string;
  /** What changed: a new account, an existing one promoted or given the configured password, or nothing. */
  outcome: 'created' | 'updated' | 'unchanged';
}

export async function ensureFirstAdmin(settings: { email?: string; password?: string } = {}): Promise<FirstAdmin | null> {
  const emailSetting = settings.email ?? env().ADMIN_EMAIL;
  const password = settings.password ?? env().ADMIN_PASSWORD;
  if (!emailSetting || !password) return null;
  if (password.length < ADMIN_PASSWORD_MIN_LENGTH)
    throw new Error(`The admin password must have at least ${ADMIN_PASSWORD_MIN_LENGTH} characters`);
  const email = normalizeEmail(emailSetting);
  // Run as the local cloud and a deployment start, on the events table.
  const context = { actor: 'setup', correlationId: `first-admin-${randomUUID()}`, eventStore: dynamoEventStore };

  const existing = await findUserIdByEmail(email);
  if (!existing) {
    const userId = randomUUID();
    await openOwnerAccount(userId, email, await hashPassword(password), context);
    return { userId, email, outcome: 'created' };
  }

  const state = await loadUser(existing);
  let outcome: FirstAdmin['outcome'] = 'unchanged';
  // The password first: an account becomes an admin only with one.
  if (!(await verifyPassword(password, state.passwordHash))) {
    await runUserCommand(existing, { type: 'SetPassword', passwordHash: await hashPassword(password) }, context);
    outcome = 'updated';
  }
  if (state.role !== 'admin' || !(await onRoster(existing))) {
    await setAdminRole(existing, OWNER, context.actor, context);
    outcome = 'updated';
  }
  return { userId: existing, email, outcome };
}
