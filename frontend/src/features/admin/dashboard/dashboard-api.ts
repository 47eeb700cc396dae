/** The admin's call for the label's figures over a range of days, and the one before it. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { dashboardAnswer } from '#contract/admin-dashboard.js';
import { api } from '../../../lib/http';

export type { DashboardAnswer, DashboardPeriod } from '#contract/admin-dashboard.js';

export const dashboardKeys = {
  range: (from: string, to: string) => ['admin', 'dashboard', from, to] as const,
};

export const dashboardQueryOptions = (from: string, to: string) =>
  queryOptions({
    queryKey: dashboardKeys.range(from, to),
    queryFn: ({ signal }) => api('GET /api/admin/dashboard', dashboardAnswer, { query: { from, to }, signal }),
  });

export const useDashboard = (from: string, to: string) => useQuery(dashboardQueryOptions(from, to));
