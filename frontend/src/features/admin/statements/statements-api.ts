/**
 * The admin's calls for the artists' payout statements: a month's totals, one artist's lines, closing a month, and an
 * artist's split terms (read with their history, and set).
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { artistStatementAnswer, closeMonthAnswer, contractAnswer, monthStatementsAnswer, setContract } from '#contract/admin-statements.js';
import type { ContractAnswer, MonthStatementsAnswer } from '#contract/admin-statements.js';
import { api } from '../../../lib/http';

export type { ArtistStatementAnswer, ContractAnswer, MonthStatementsAnswer, StatementLine } from '#contract/admin-statements.js';

export const statementKeys = {
  all: ['admin', 'statements'] as const,
  month: (month: string) => ['admin', 'statements', month] as const,
  artist: (month: string, artistId: string) => ['admin', 'statements', month, artistId] as const,
  contract: (artistId: string) => ['admin', 'contracts', artistId] as const,
};

export const monthStatementsQueryOptions = (month: string) =>
  queryOptions({
    queryKey: statementKeys.month(month),
    queryFn: ({ signal }) => api('GET /api/admin/statements', monthStatementsAnswer, { query: { month }, signal }),
  });

export const artistStatementQueryOptions = (month: string, artistId: string) =>
  queryOptions({
    queryKey: statementKeys.artist(month, artistId),
    queryFn: ({ signal }) =>
      api('GET /api/admin/statements/{artistId}/{month}', artistStatementAnswer, { params: { artistId, month }, signal }),
  });

export const useMonthStatements = (month: string) => useQuery(monthStatementsQueryOptions(month));
export const useArtistStatement = (month: string, artistId: string | null) =>
  useQuery({ ...artistStatementQueryOptions(month, artistId ?? ''), enabled: artistId !== null });

export function useCloseMonth() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (month: string) => api('POST /api/admin/statements/closings', closeMonthAnswer, { body: { month } }),
    // Closed once the server has recorded it (its view catches up a moment later, and a refetch now could read it
    // still open): the month's figures do not change by closing, so the answer's closedAt is all the page needs.
    onSuccess: ({ closedAt }, month) => {
      queryClient.setQueryData(statementKeys.month(month), (old: MonthStatementsAnswer | undefined) =>
        old ? { ...old, closedAt: old.closedAt ?? closedAt } : old,
      );
    },
  });
}

export type ContractTerms = ContractAnswer['terms'];

export const contractQueryOptions = (artistId: string) =>
  queryOptions({
    queryKey: statementKeys.contract(artistId),
    queryFn: ({ signal }) => api('GET /api/admin/contracts/{artistId}', contractAnswer, { params: { artistId }, signal }),
  });

export const useContract = (artistId: string) => useQuery(contractQueryOptions(artistId));

export function useSetContract(artistId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (terms: ContractTerms) =>
      api('PUT /api/admin/contracts/{artistId}', setContract.answer, { params: { artistId }, body: terms }),
    // The answer is the terms now in force; the history is the projection's and lands a moment later, so it is written
    // here as the server recorded it (newest first) unless the terms did not change, and read again after.
    onSuccess: ({ terms }) => {
      queryClient.setQueryData(statementKeys.contract(artistId), (old: ContractAnswer | undefined) => {
        if (!old) return old;
        const same = !old.isDefault && JSON.stringify(old.terms) === JSON.stringify(terms);
        return same ? old : { ...old, terms, isDefault: false, history: [{ at: new Date().toISOString(), terms }, ...old.history] };
      });
      void queryClient.invalidateQueries({ queryKey: statementKeys.all });
    },
  });
}
