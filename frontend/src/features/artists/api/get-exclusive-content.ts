/** GET /api/exclusive-content?tier=…: what Toko+ members get beyond the albums (title and kind of each item). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { type ExclusiveItem, listExclusiveContentAnswer } from '#contract/membership.js';
import { api, type ApiInput } from '../../../lib/http';

/** The tiers the route lists content for, as its contract names them. */
type Tier = NonNullable<NonNullable<ApiInput<'GET /api/exclusive-content'>['query']>['tier']>;

const getExclusiveContent = (tier: Tier, signal?: AbortSignal): Promise<ExclusiveItem[]> =>
  api('GET /api/exclusive-content', listExclusiveContentAnswer, { query: { tier }, signal }).then((answer) => answer.items);

const exclusiveContentQueryOptions = (tier: Tier) =>
  queryOptions({ queryKey: ['exclusive-content', tier] as const, queryFn: ({ signal }) => getExclusiveContent(tier, signal) });

export const useExclusiveContent = (tier: Tier, enabled: boolean) => useQuery({ ...exclusiveContentQueryOptions(tier), enabled });
