/** The event log's calls: streams found by id or e-mail, a stream's events page by page, and a correlation id's trace. */
import { queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { findStreams, readStreamEvents, traceCorrelation } from '#contract/admin-ops.js';
import { api } from '../../../lib/http';
import { opsKeys } from './ops-api';

export type { FoundStream, LoggedEvent, TracedEvent } from '#contract/admin-ops.js';

/** Events per page of a stream. */
export const EVENTS_PAGE = 50;

export const eventLogKeys = {
  streams: (q: string) => [...opsKeys.all, 'streams', q] as const,
  events: (streamId: string) => [...opsKeys.all, 'events', streamId] as const,
  trace: (correlationId: string) => [...opsKeys.all, 'trace', correlationId] as const,
};

export const streamsQueryOptions = (q: string) =>
  queryOptions({
    queryKey: eventLogKeys.streams(q),
    queryFn: ({ signal }) => api('GET /api/admin/ops/streams', findStreams.answer, { query: { q }, signal }),
    retry: false,
  });

export const useStreams = (q: string) => useQuery({ ...streamsQueryOptions(q), enabled: q !== '' });

/** A stream's events, oldest first, a page at a time (each page starts after the version the one before ended at). */
export const useStreamEvents = (streamId: string) =>
  useInfiniteQuery({
    queryKey: eventLogKeys.events(streamId),
    queryFn: ({ pageParam, signal }) =>
      api('GET /api/admin/ops/events', readStreamEvents.answer, {
        query: { stream: streamId, after: pageParam, limit: EVENTS_PAGE },
        signal,
      }),
    initialPageParam: 0,
    getNextPageParam: (page) => page.nextAfter ?? undefined,
    enabled: streamId !== '',
    retry: false,
  });

export const traceQueryOptions = (correlationId: string) =>
  queryOptions({
    queryKey: eventLogKeys.trace(correlationId),
    queryFn: ({ signal }) => api('GET /api/admin/ops/traces/{id}', traceCorrelation.answer, { params: { id: correlationId }, signal }),
    retry: false,
  });

export const useTrace = (correlationId: string) => useQuery({ ...traceQueryOptions(correlationId), enabled: correlationId !== '' });
