/** The sync manager's calls: each consumer's status (refreshed every few seconds), a consumer's dead letters, and their redrive; the suspicious plays. */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { listConsumers, listDeadLetters, redriveDeadLetters, suspiciousPlays, type RedriveBody } from '#contract/admin-ops.js';
import { api } from '../../../lib/http';

export type {
  ConsumerHealth,
  ConsumerStatus,
  DeadLetter,
  HeldStream,
  LagSample,
  RecentError,
  SuspiciousWindow,
} from '#contract/admin-ops.js';

/** How often the console asks again: often enough to watch a redrive drain, rarely enough to cost nothing. */
export const REFRESH_MS = 5_000;

export const opsKeys = {
  all: ['admin', 'ops'] as const,
  consumers: () => [...opsKeys.all, 'consumers'] as const,
  deadLetters: (consumer: string) => [...opsKeys.all, 'dead-letters', consumer] as const,
  suspiciousPlays: () => [...opsKeys.all, 'suspicious-plays'] as const,
};

export const consumersQueryOptions = () =>
  queryOptions({
    queryKey: opsKeys.consumers(),
    queryFn: ({ signal }) => api('GET /api/admin/ops/consumers', listConsumers.answer, { signal }),
    refetchInterval: REFRESH_MS,
  });

export const useConsumers = () => useQuery(consumersQueryOptions());

/** The play reports refused over the last hour and day, by reason; refreshed with the consumers. */
export const useSuspiciousPlays = () =>
  useQuery({
    queryKey: opsKeys.suspiciousPlays(),
    queryFn: ({ signal }) => api('GET /api/admin/ops/suspicious-plays', suspiciousPlays.answer, { signal }),
    refetchInterval: REFRESH_MS,
  });

export const deadLettersQueryOptions = (consumer: string) =>
  queryOptions({
    queryKey: opsKeys.deadLetters(consumer),
    queryFn: ({ signal }) =>
      api('GET /api/admin/ops/consumers/{name}/dead-letters', listDeadLetters.answer, { params: { name: consumer }, signal }),
    refetchInterval: REFRESH_MS,
  });

export const useDeadLetters = (consumer: string | null) =>
  useQuery({ ...deadLettersQueryOptions(consumer ?? ''), enabled: consumer !== null });

export const redrive = (consumer: string, body: RedriveBody) =>
  api('POST /api/admin/ops/consumers/{name}/dead-letters/redrive', redriveDeadLetters.answer, { params: { name: consumer }, body });

/** A redrive that moves messages: the consumer's dead letters and every status change. */
export function useRedrive(consumer: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: Omit<RedriveBody, 'dryRun'>) => redrive(consumer, { ...body, dryRun: false }),
    onSettled: () => client.invalidateQueries({ queryKey: opsKeys.all }),
  });
}
