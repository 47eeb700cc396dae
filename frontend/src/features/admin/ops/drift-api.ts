/** The drift detector's and the heal's calls: the latest drift check, a check now, and one stream re-projected in a projection. */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { checkDrift, healStream, latestDrift } from '#contract/admin-ops.js';
import { api } from '../../../lib/http';
import { opsKeys } from './ops-api';

export type { DriftReport, ProjectionDrift, ViewDifference } from '#contract/admin-ops.js';

export const driftKeys = { latest: () => [...opsKeys.all, 'drift'] as const };

export const latestDriftQueryOptions = () =>
  queryOptions({
    queryKey: driftKeys.latest(),
    queryFn: ({ signal }) => api('GET /api/admin/ops/drift', latestDrift.answer, { signal }),
  });

export const useLatestDrift = () => useQuery(latestDriftQueryOptions());

/** A drift check now, of a sample of every projection's streams; its result becomes the latest. */
export function useCheckDrift() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api('POST /api/admin/ops/drift/check', checkDrift.answer, { body: {} }),
    onSuccess: (report) => client.setQueryData(driftKeys.latest(), { report }),
  });
}

/** Re-projects one stream into one projection's live views; every ops figure may change. */
export function useHealStream() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ projection, streamId }: { projection: string; streamId: string }) =>
      api('POST /api/admin/ops/projections/{projection}/streams/{streamId}/heal', healStream.answer, {
        params: { projection, streamId },
      }),
    onSettled: () => client.invalidateQueries({ queryKey: opsKeys.consumers() }),
  });
}
