/**
 * The one-time links that make an owner of the label (stream `admin-enrolments#label`): an address's newest link is
 * the only one that works, until it expires or is used. Pure: the token's hash, ids and the time come in with each
 * command.
 */
import type { DomainEvent, EventOf, NewEvent } from '../../../events/index.js';
import { assertNever, invalid } from '../../platform/errors.js';

export const ADMIN_ENROLMENT_STREAM = 'admin-enrolments#label';
export const ADMIN_ENROLMENT_HOURS = 24;

export interface AdminEnrolment {
  enrolmentId: string;
  email: string;
  tokenHash: string;
  expiresAt: string;
  used: boolean;
}

/** Each address's newest link, by address. */
export interface AdminEnrolmentsState {
  newest: Readonly<Record<string, AdminEnrolment>>;
}

export type AdminEnrolmentCommand =
  | { type: 'IssueAdminEnrolment'; issued: EventOf<'AdminEnrolmentIssued'>['data'] }
  | { type: 'CompleteAdminEnrolment'; tokenHash: string; userId: string; at: Date };

/** The one answer for a link that does not work, whatever the reason: nothing to learn about other links from it. */
const enrolmentLinkRefused = () =>
  invalid('enrolment_link_invalid', 'This enrolment link has expired or was already used. Ask for a new one.');

/** The link of this token if it still works at `at`: an address's newest, not used, not expired. */
export function usableEnrolment(state: AdminEnrolmentsState, tokenHash: string, at: Date): AdminEnrolment {
  const enrolment = Object.values(state.newest).find((e) => e.tokenHash === tokenHash);
  if (!enrolment || enrolment.used || Date.parse(enrolment.expiresAt) <= at.getTime()) throw enrolmentLinkRefused();
  return enrolment;
}

const initialState: AdminEnrolmentsState = { newest: {} };

export const adminEnrolmentDecider = {
  initialState,
  evolve: (state: AdminEnrolmentsState, event: DomainEvent): AdminEnrolmentsState => {
    switch (event.type) {
      case 'AdminEnrolmentIssued': {
        const { enrolmentId, email, tokenHash, expiresAt } = event.data;
        return { newest: { ...state.newest, [email]: { enrolmentId, email, tokenHash, expiresAt, used: false } } };
      }
      case 'AdminEnrolled': {
        const used = Object.values(state.newest).find((e) => e.enrolmentId === event.data.enrolmentId);
        return used ? { newest: { ...state.newest, [used.email]: { ...used, used: true } } } : state;
      }
      default:
        return state;
    }
  },
  decide: (command: AdminEnrolmentCommand, state: AdminEnrolmentsState): NewEvent[] => {
    switch (command.type) {
      case 'IssueAdminEnrolment':
        return [{ type: 'AdminEnrolmentIssued', data: command.issued }];
      case 'CompleteAdminEnrolment': {
        const enrolment = usableEnrolment(state, command.tokenHash, command.at);
        return [{ type: 'AdminEnrolled', data: { enrolmentId: enrolment.enrolmentId, userId: command.userId } }];
      }
      default:
        return assertNever(command);
    }
  },
};
