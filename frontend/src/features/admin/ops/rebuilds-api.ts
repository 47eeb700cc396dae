/** The sync manager's rebuild calls: every projection's latest blue/green rebuild (refreshed), and its start, switch and drop. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { dropRebuild, listRebuilds, startRebuild, switchRebuild } from '#contract/admin-ops.js';
import { api } from '../../../lib/http';
import { opsKeys, REFRESH_MS } from './ops-api';

export type { RebuildStatus } from '#contract/admin-ops.js';

export const rebuildsKey = () => [...opsKeys.all, 'rebuilds'] as const;

export const rebuildsQueryOptions = () =>
  queryOptions({
    queryKey: rebuildsKey(),
    queryFn: ({ signal }) => api('GET /api/admin/ops/rebuilds', listRebuilds.answer, { signal }),
    refetchInterval: REFRESH_MS,
  });

export const useRebuilds = () => useQuery(rebuildsQueryOptions());

/** Asks for a rebuild: the server records it and the rebuilds job works on it; the list shows its progress. */
export const requestRebuild = (projection: string) =>
  api('POST /api/admin/ops/rebuilds/{projection}', startRebuild.answer, { params: { projection } });
export const switchTo = (projection: string) =>
  api('POST /api/admin/ops/rebuilds/{projection}/switch', switchRebuild.answer, { params: { projection } });
export const dropOld = (projection: string) =>
  api('POST /api/admin/ops/rebuilds/{projection}/drop', dropRebuild.answer, { params: { projection } });
