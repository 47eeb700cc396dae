/**
 * The one-time links that make an owner of the label, issued by an operator (`npm run admin:enrol -- <email>`) where
 * no password is set in advance (AWS): the link's token (256 random bits, base64url) is printed once and kept only as
 * its SHA-256, 24 hours, the address's newest link only. Using it takes the link first (AdminEnrolled, at the stream's
 * version: of two tabs only one gets past this), then opens or promotes the account with the password its new owner
 * chose, and starts the second step of an admin's sign-in, where they set up their authenticator app.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import {
  ADMIN_ENROLMENT_HOURS,
  ADMIN_ENROLMENT_STREAM,
  adminEnrolmentDecider,
  usableEnrolment,
  type AdminEnrolmentsState,
} from './domain/admin-enrolment.js';
import { normalizeEmail } from './domain/user.js';
import type { UserView } from './projections/users.js';
import { setAdminRole } from './admin-roster.js';
import { OWNER, openOwnerAccount } from './first-admin.js';
import { startSecondStep } from './admin-sign-in.js';
import { runCommand, type CommandContext } from '../platform/command.js';
import { env } from '../platform/env.js';
import { readStream } from '../platform/event-store.js';
import { hashPassword } from './passwords.js';
import { hitRateLimit, ipBucket } from './sign-in-challenges.js';
import { findUserIdByEmail, runUserCommand } from './users.js';

/** Looks and uses of links one caller (IP, or IPv6 /64) may make in 15 minutes: a token is not guessed, but it is not tried for free either. */
const WINDOW_SECONDS = 15 * 60;

type Caller = Omit<CommandContext, 'at'> & { at: Date; sourceIp: string };

/** The hash a token is kept and looked up as. */
export const enrolmentTokenHash = (token: string) => createHash('sha256').update(token).digest('base64url');

/** The page a link opens, on the app's origin. */
export const enrolmentLink = (origin: string, token: string) => `${origin.replace(/\/+$/, '')}/admin/enrol?token=${token}`;

async function enrolments(): Promise<AdminEnrolmentsState> {
  return (await readStream(ADMIN_ENROLMENT_STREAM)).reduce(adminEnrolmentDecider.evolve, adminEnrolmentDecider.initialState);
}

async function limitCaller(caller: Pick<Caller, 'at' | 'sourceIp'>) {
  await hitRateLimit(
    `admin-enrol-ip#${ipBucket(caller.sourceIp)}`,
    env().SIGNIN_LIMIT_PER_IP,
    WINDOW_SECONDS,
    caller.at,
    (m) => `Too many tries from your network. Please wait ${m} minute${m === 1 ? '' : 's'} and try again.`,
  );
}

interface IssuedEnrolment {
  email: string;
  /** The only copy of the token: it goes into the link and nowhere else. */
  token: string;
  expiresAt: Date;
}

/** A new link for the address (any older one for it is void from now on). */
export async function issueAdminEnrolment(email: string, context: CommandContext & { at: Date }): Promise<IssuedEnrolment> {
  const address = normalizeEmail(email);
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(context.at.getTime() + ADMIN_ENROLMENT_HOURS * 3600_000);
  const issued = { enrolmentId: randomUUID(), email: address, tokenHash: enrolmentTokenHash(token), expiresAt: expiresAt.toISOString() };
  await runCommand(ADMIN_ENROLMENT_STREAM, adminEnrolmentDecider, { type: 'IssueAdminEnrolment', issued }, context);
  return { email: address, token, expiresAt };
}

/** What the page of a working link shows: the address it is for and until when. Changes nothing. */
export async function readAdminEnrolment(token: string, caller: Pick<Caller, 'at' | 'sourceIp'>) {
  await limitCaller(caller);
  const enrolment = usableEnrolment(await enrolments(), enrolmentTokenHash(token), caller.at);
  return { email: enrolment.email, expiresAt: enrolment.expiresAt };
}

/**
 * Uses the link: the account of its address (made if missing) gets the password and becomes an owner, then goes on
 * to the second step of an admin's sign-in (setting up the authenticator app, or its code if one is set up already).
 */
export async function completeAdminEnrolment(token: string, password: string, caller: Caller) {
  await limitCaller(caller);
  const tokenHash = enrolmentTokenHash(token);
  // Refused before the password's costly hash when the link does not work; the append below decides for good.
  const { email } = usableEnrolment(await enrolments(), tokenHash, caller.at);
  const passwordHash = await hashPassword(password);
  const existing = await findUserIdByEmail(email);
  const userId = existing ?? randomUUID();
  const context: CommandContext = {
    actor: userId,
    correlationId: caller.correlationId,
    at: caller.at,
    ...(caller.route ? { route: caller.route } : {}),
    eventStore: caller.eventStore,
  };
  await runCommand(
    ADMIN_ENROLMENT_STREAM,
    adminEnrolmentDecider,
    { type: 'CompleteAdminEnrolment', tokenHash, userId, at: caller.at },
    context,
  );
  const user = existing
    ? await promote(existing, passwordHash, context)
    : await openOwnerAccount(userId, email, passwordHash, context, 'setup');
  const { challenge, step } = await startSecondStep(user, caller.at);
  return { email, challenge, step };
}

async function promote(userId: string, passwordHash: string, context: CommandContext): Promise<UserView> {
  const user = await runUserCommand(userId, { type: 'SetPassword', passwordHash }, context);
  if (user.role === 'admin' && user.permissions.includes('owner')) return user;
  return setAdminRole(userId, OWNER, 'setup', context);
}
