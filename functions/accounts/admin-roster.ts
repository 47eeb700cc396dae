/**
 * Making, changing and revoking admins: the user's UserRoleChanged and the roster's AdminAppointed or AdminDismissed
 * are decided on both streams as read, and appended in one transaction; a concurrent change of either stream makes
 * the whole change run again on what is stored, so the last owner can never be removed by two changes at once.
 */
import type { AdminPermission, DomainEvent, UserRole } from '../../events/index.js';
import { ADMIN_ROSTER_STREAM, adminIds, adminRosterDecider, type AdminRosterCommand } from './domain/admin-roster.js';
import { userDecider, userStream, type UserState } from './domain/user.js';
import { toUserView, type UserView } from './projections/users.js';
import { isConcurrencyError, readStream } from '../platform/event-store.js';
import { retry } from '../platform/retry.js';
import type { CommandContext } from '../platform/command.js';

const versionOf = (events: { version: number }[]) => events.at(-1)?.version ?? 0;

/** The role an account is given: an admin's with what they may do, or a listener's. */
export type RoleChange = { role: Extract<UserRole, 'admin'>; permissions: AdminPermission[] } | { role: Extract<UserRole, 'user'> };

/** Gives, changes or takes the admin role; `by` is who asks (an owner, or the setup), who may not change their own. */
export async function setAdminRole(userId: string, change: RoleChange, by: string, context: CommandContext): Promise<UserView> {
  const permissions = change.role === 'admin' ? change.permissions : [];
  return retry(
    async () => {
      const { eventStore } = context;
      const [userHistory, rosterHistory] = await Promise.all([
        eventStore.readStream(userStream(userId)),
        eventStore.readStream(ADMIN_ROSTER_STREAM),
      ]);
      let user: UserState = userHistory.reduce(userDecider.evolve, userDecider.initialState);
      const roster = rosterHistory.reduce(adminRosterDecider.evolve, adminRosterDecider.initialState);
      const rosterCommand: AdminRosterCommand =
        change.role === 'admin' ? { type: 'Appoint', userId, permissions, by } : { type: 'Dismiss', userId, by };
      const rosterEvents = adminRosterDecider.decide(rosterCommand, roster);
      const userEvents = userDecider.decide({ type: 'ChangeRole', role: change.role, permissions }, user);
      const [appended] = await eventStore.appendToStreams(
        [
          { streamId: userStream(userId), expectedVersion: versionOf(userHistory), events: userEvents },
          { streamId: ADMIN_ROSTER_STREAM, expectedVersion: versionOf(rosterHistory), events: rosterEvents },
        ],
        context,
      );
      for (const event of appended as DomainEvent[]) user = userDecider.evolve(user, event);
      return toUserView(user);
    },
    // Every appointment appends to the one roster stream: several at once (a label setting up its staff) race for it,
    // and each lost race waits a little, at random, so the racers do not meet again at the same moment.
    { attempts: 10, retryOn: isConcurrencyError, delayMs: (attempt) => Math.round(Math.random() * 50 * attempt) },
  );
}

/** Whether the user is on the roster of admins. */
export async function isAdmin(userId: string): Promise<boolean> {
  const roster = (await readStream(ADMIN_ROSTER_STREAM)).reduce(adminRosterDecider.evolve, adminRosterDecider.initialState);
  return adminIds(roster).includes(userId);
}
