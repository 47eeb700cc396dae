/** The sync manager's rebuild calls: every projection's latest blue/green rebuild (refreshed), and its start, switch and drop. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { dropRebuild, listRebuilds, startRebuild, switchRebuild } from '#contract/admin-ops.js';
import { request } from '../../../lib/http';
import { opsKeys, REFRESH_MS } from './ops-api';

export type { RebuildStatus } from '#contract/admin-ops.js';

export const rebuildsKey = () => [...opsKeys.all, 'rebuilds'] as const;

export const rebuildsQueryOptions = () =>
  queryOptions({
    queryKey: rebuildsKey(),
    queryFn: ({ signal }) => request('/api/admin/ops/rebuilds', listRebuilds.answer, { signal }),
    refetchInterval: REFRESH_MS,
  });

export const useRebuilds = () => useQuery(rebuildsQueryOptions());

const path = (projection: string, action = '') => `/api/admin/ops/rebuilds/${encodeURIComponent(projection)}${action}`;

/** Asks for a rebuild: the server records it and the rebuilds job works on it; the list shows its progress. */
export const requestRebuild = (projection: string) => request(path(projection), startRebuild.answer, { method: 'POST' });
export const switchTo = (projection: string) => request(path(projection, '/switch'), switchRebuild.answer, { method: 'POST' });
export const dropOld = (projection: string) => request(path(projection, '/drop'), dropRebuild.answer, { method: 'POST' });
