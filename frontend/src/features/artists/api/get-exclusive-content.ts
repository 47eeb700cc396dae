/** GET /api/exclusive-content?tier=…: what Toko+ members get beyond the albums (title and kind of each item). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { idSchema } from '../../../lib/api-id';
import { HttpError, request } from '../../../lib/http';

const exclusiveItemSchema = z.object({ id: idSchema, title: z.string(), contentType: z.nullish(z.string()) });
export type ExclusiveItem = z.infer<typeof exclusiveItemSchema>;

// The list, bare or wrapped as { items }.
const answerSchema = z.union([z.array(exclusiveItemSchema), z.object({ items: z.array(exclusiveItemSchema) })]);

export async function getExclusiveContent(tier: string, signal?: AbortSignal): Promise<ExclusiveItem[]> {
  try {
    const answer = await request(`/api/exclusive-content?tier=${encodeURIComponent(tier)}`, answerSchema, { signal });
    return Array.isArray(answer) ? answer : answer.items;
  } catch (error) {
    // A server without exclusive content yet has none to list.
    if (error instanceof HttpError && error.status === 404) return [];
    throw error;
  }
}

export const exclusiveContentQueryOptions = (tier: string) =>
  queryOptions({ queryKey: ['exclusive-content', tier] as const, queryFn: ({ signal }) => getExclusiveContent(tier, signal) });

export const useExclusiveContent = (tier: string, enabled: boolean) => useQuery({ ...exclusiveContentQueryOptions(tier), enabled });
