/**
 * The label's admins (`admin-roster#label`): who holds the admin role, and which of them are owners, folded from
 * AdminAppointed and AdminDismissed. Its events go in the same transaction as the user's UserRoleChanged, so the
 * counts it keeps are the ones every concurrent change sees: an admin cannot change or dismiss themself, and the last
 * owner can neither be dismissed nor lose the owner's permission. Pure.
 */
import type { AdminPermission, DomainEvent, NewEvent } from '../../../events/index.js';
import { assertNever, conflict, forbidden } from '../../platform/errors.js';
import { adminPermissions } from './user.js';

export const ADMIN_ROSTER_STREAM = 'admin-roster#label';

interface AdminRosterState {
  /** Each admin's permissions, by user id. */
  admins: Record<string, AdminPermission[]>;
}

export type AdminRosterCommand =
  | { type: 'Appoint'; userId: string; permissions: readonly AdminPermission[]; by: string }
  | { type: 'Dismiss'; userId: string; by: string };

const initialAdminRosterState: AdminRosterState = { admins: {} };

/** The ids of the admins. */
export const adminIds = (state: AdminRosterState) => Object.keys(state.admins);
const owners = (state: AdminRosterState) => adminIds(state).filter((id) => state.admins[id].includes('owner'));

function evolveAdminRoster(state: AdminRosterState, event: DomainEvent): AdminRosterState {
  switch (event.type) {
    case 'AdminAppointed':
      return { admins: { ...state.admins, [event.data.userId]: event.data.permissions } };
    case 'AdminDismissed': {
      const { [event.data.userId]: _dismissed, ...admins } = state.admins;
      return { admins };
    }
    default:
      return state;
  }
}

const lastOwner = (state: AdminRosterState, userId: string) => {
  const all = owners(state);
  return all.length <= 1 && all.includes(userId);
};

function decideAdminRoster(command: AdminRosterCommand, state: AdminRosterState): NewEvent[] {
  const current = Object.hasOwn(state.admins, command.userId) ? state.admins[command.userId] : undefined;
  const listed = current !== undefined;
  switch (command.type) {
    case 'Appoint': {
      const permissions = adminPermissions(command.permissions);
      if (current && current.length === permissions.length && permissions.every((p) => current.includes(p))) return [];
      if (listed && command.by === command.userId)
        throw forbidden('cannot_change_self', 'You cannot change your own permissions: ask another owner');
      if (!permissions.includes('owner') && lastOwner(state, command.userId))
        throw conflict('last_owner', 'The last owner cannot give up owning the label: make someone else an owner first');
      return [{ type: 'AdminAppointed', data: { userId: command.userId, permissions } }];
    }
    case 'Dismiss':
      if (command.by === command.userId) throw forbidden('cannot_revoke_self', 'You cannot revoke your own admin role');
      if (!listed) return [];
      if (adminIds(state).length <= 1) throw conflict('last_admin', 'The last admin cannot be removed');
      if (lastOwner(state, command.userId))
        throw conflict('last_owner', 'The last owner cannot be removed: make someone else an owner first');
      return [{ type: 'AdminDismissed', data: { userId: command.userId } }];
    default:
      return assertNever(command);
  }
}

export const adminRosterDecider = { initialState: initialAdminRosterState, evolve: evolveAdminRoster, decide: decideAdminRoster };
