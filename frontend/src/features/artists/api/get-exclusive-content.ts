/** GET /api/exclusive-content?tier=…: what Toko+ members get beyond the albums (title and kind of each item). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { type ExclusiveItem, listExclusiveContentAnswer } from '#contract/membership.js';
import { request } from '../../../lib/http';

export const getExclusiveContent = (tier: string, signal?: AbortSignal): Promise<ExclusiveItem[]> =>
  request(`/api/exclusive-content?tier=${encodeURIComponent(tier)}`, listExclusiveContentAnswer, { signal }).then((answer) => answer.items);

export const exclusiveContentQueryOptions = (tier: string) =>
  queryOptions({ queryKey: ['exclusive-content', tier] as const, queryFn: ({ signal }) => getExclusiveContent(tier, signal) });

export const useExclusiveContent = (tier: string, enabled: boolean) => useQuery({ ...exclusiveContentQueryOptions(tier), enabled });
