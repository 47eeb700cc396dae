/**
 * The statements' two commands, pure: closing a month (stream `statement#<month>`) and setting an artist's contract
 * (stream `contract#<artistId>`). The clock comes in with the command.
 */
import type { DomainEvent, NewEvent } from '../../../events/index.js';
import { conflict, invalid } from '../../platform/errors.js';
import { FULL_SHARE, isMonth, type ContractTerms } from './statement.js';

export const statementStreamId = (month: string) => `statement#${month}`;
export const contractStreamId = (artistId: string) => `contract#${artistId}`;

/** A month a statement can be asked for: written YYYY-MM and not after `now`'s month. */
export function checkedMonth(month: string, now: Date): string {
  if (!isMonth(month)) throw invalid('invalid_month', `A month is written YYYY-MM, got ${month}`, 'month');
  if (month > now.toISOString().slice(0, 7)) throw invalid('future_month', `${month} has not begun yet`, 'month');
  return month;
}

interface MonthClosing {
  closedAt: string | null;
}

export const closingDecider = {
  initialState: { closedAt: null } as MonthClosing,
  evolve: (state: MonthClosing, event: DomainEvent): MonthClosing =>
    event.type === 'StatementClosed' ? { closedAt: state.closedAt ?? event.meta.at } : state,
  decide(command: { month: string; now: Date }, state: MonthClosing): NewEvent[] {
    const month = checkedMonth(command.month, command.now);
    // A month still under way would take in later events it must not: only a month that is over can be frozen.
    if (month === command.now.toISOString().slice(0, 7)) throw invalid('month_not_over', `${month} is not over yet`, 'month');
    if (state.closedAt) throw conflict('month_closed', `${month} was closed at ${state.closedAt}`);
    return [{ type: 'StatementClosed', data: { month } }];
  },
};

export const contractDecider = {
  initialState: null as ContractTerms | null,
  evolve: (state: ContractTerms | null, event: DomainEvent): ContractTerms | null =>
    event.type === 'ArtistContractSet' ? event.data.labelShareBasisPoints : state,
  decide(command: { artistId: string; terms: ContractTerms }, state: ContractTerms | null): NewEvent[] {
    for (const [kind, bp] of Object.entries(command.terms))
      if (!Number.isInteger(bp) || bp < 0 || bp > FULL_SHARE)
        throw invalid('invalid_share', `The label's ${kind} share is whole basis points from 0 to ${FULL_SHARE}, got ${bp}`, kind);
    const same =
      state && state.sales === command.terms.sales && state.membership === command.terms.membership && state.merch === command.terms.merch;
    return same ? [] : [{ type: 'ArtistContractSet', data: { artistId: command.artistId, labelShareBasisPoints: command.terms } }];
  },
};
