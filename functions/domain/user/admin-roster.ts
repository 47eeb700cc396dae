/**
 * The label's admins (`admin-roster#label`): who holds the admin role, folded from AdminAppointed and AdminDismissed.
 * Its events go in the same transaction as the user's UserRoleChanged, so the count it keeps is the one every
 * concurrent change sees: an admin cannot dismiss themself, and the last admin cannot be dismissed. Pure.
 */
import type { DomainEvent, NewEvent } from '../../../events/index.js';
import { assertNever, conflict, forbidden } from '../errors.js';

export const ADMIN_ROSTER_STREAM = 'admin-roster#label';

export interface AdminRosterState {
  admins: string[];
}

export type AdminRosterCommand = { type: 'Appoint'; userId: string } | { type: 'Dismiss'; userId: string; by: string };

export const initialAdminRosterState: AdminRosterState = { admins: [] };

export function evolveAdminRoster(state: AdminRosterState, event: DomainEvent): AdminRosterState {
  switch (event.type) {
    case 'AdminAppointed':
      return state.admins.includes(event.data.userId) ? state : { admins: [...state.admins, event.data.userId] };
    case 'AdminDismissed':
      return { admins: state.admins.filter((id) => id !== event.data.userId) };
    default:
      return state;
  }
}

export function decideAdminRoster(command: AdminRosterCommand, state: AdminRosterState): NewEvent[] {
  const listed = state.admins.includes(command.userId);
  switch (command.type) {
    case 'Appoint':
      return listed ? [] : [{ type: 'AdminAppointed', data: { userId: command.userId } }];
    case 'Dismiss':
      if (command.by === command.userId) throw forbidden('cannot_revoke_self', 'You cannot revoke your own admin role');
      if (!listed) return [];
      if (state.admins.length <= 1) throw conflict('last_admin', 'The last admin cannot be removed');
      return [{ type: 'AdminDismissed', data: { userId: command.userId } }];
    default:
      return assertNever(command);
  }
}

export const adminRosterDecider = { initialState: initialAdminRosterState, evolve: evolveAdminRoster, decide: decideAdminRoster };
