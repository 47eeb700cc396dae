/** The admin's calls for the artists' payout statements: a month's totals, one artist's lines, closing a month. */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { artistStatementAnswer, closeMonthAnswer, monthStatementsAnswer } from '../../../../../functions/contract/admin-statements.js';
import type { MonthStatementsAnswer } from '../../../../../functions/contract/admin-statements.js';
import { request } from '../../../lib/http';

export type { ArtistStatementAnswer, MonthStatementsAnswer, StatementLine } from '../../../../../functions/contract/admin-statements.js';

export const statementKeys = {
  all: ['admin', 'statements'] as const,
  month: (month: string) => ['admin', 'statements', month] as const,
  artist: (month: string, artistId: string) => ['admin', 'statements', month, artistId] as const,
};

export const monthStatementsQueryOptions = (month: string) =>
  queryOptions({
    queryKey: statementKeys.month(month),
    queryFn: ({ signal }) =>
      request(`/api/admin/statements?${new URLSearchParams({ month }).toString()}`, monthStatementsAnswer, { signal }),
  });

export const artistStatementQueryOptions = (month: string, artistId: string) =>
  queryOptions({
    queryKey: statementKeys.artist(month, artistId),
    queryFn: ({ signal }) => request(`/api/admin/statements/${encodeURIComponent(artistId)}/${month}`, artistStatementAnswer, { signal }),
  });

export const useMonthStatements = (month: string) => useQuery(monthStatementsQueryOptions(month));
export const useArtistStatement = (month: string, artistId: string | null) =>
  useQuery({ ...artistStatementQueryOptions(month, artistId ?? ''), enabled: artistId !== null });

export function useCloseMonth() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (month: string) => request('/api/admin/statements/closings', closeMonthAnswer, { method: 'POST', body: { month } }),
    // Closed once the server has recorded it (its view catches up a moment later, and a refetch now could read it
    // still open): the month's figures do not change by closing, so the answer's closedAt is all the page needs.
    onSuccess: ({ closedAt }, month) => {
      queryClient.setQueryData(statementKeys.month(month), (old: MonthStatementsAnswer | undefined) =>
        old ? { ...old, closedAt: old.closedAt ?? closedAt } : old,
      );
    },
  });
}
