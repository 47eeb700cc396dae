/**
 * What this tab saved lately, laid over the lists it reads. A command answers with the new state, but a list is read
 * from a view that follows the event log a moment later: reloaded at once after "Video added", it may not hold the new
 * video yet, and the admin would see their change vanish. For a minute after a save the list shows the answer instead
 * of the view's older row, or beside it when the view has no row yet; after that the view has long caught up. An item
 * deleted lately is left out of the reads the same way.
 */
import type { QueryClient } from '@tanstack/react-query';

export const RECENT_SAVE_MS = 60_000;

/** Each list's recent saves by id: the item as saved, or null for one deleted. */
const recent = new Map<string, Map<string, { item: unknown; at: number }>>();

function remember(list: string, id: string, item: unknown, now: number): void {
  const saved = recent.get(list) ?? new Map<string, { item: unknown; at: number }>();
  saved.set(id, { item, at: now });
  recent.set(list, saved);
}

/** Remembers `item` as saved now in the list named `list`. */
export function rememberSaved<T extends { id: string }>(list: string, item: T, now = Date.now()): void {
  remember(list, item.id, item, now);
}

/** Remembers the item of this id as deleted now from the list named `list`. */
function rememberDeleted(list: string, id: string, now = Date.now()): void {
  remember(list, id, null, now);
}

/**
 * `items` as read, with this tab's recent saves in place of their rows, and those the read lacks first, or where
 * `order` puts them.
 */
export function withRecentSaves<T extends { id: string }>(list: string, items: T[], order?: (a: T, b: T) => number, now = Date.now()): T[] {
  const saved = recent.get(list);
  if (!saved?.size) return items;
  for (const [id, { at }] of saved) if (now - at > RECENT_SAVE_MS) saved.delete(id);
  const savedItem = (id: string) => saved.get(id)?.item as T | null | undefined;
  const read = new Set(items.map((item) => item.id));
  const missing = [...saved.keys()].filter((id) => !read.has(id)).flatMap((id) => savedItem(id) ?? []);
  const merged = [...missing, ...items.flatMap((item) => (savedItem(item.id) === null ? [] : (savedItem(item.id) ?? item)))];
  return order ? merged.sort(order) : merged;
}

/**
 * One cached list with its recent saves: `overlay` lays them over a read (its `queryFn` calls it), `show` remembers a
 * save, lays it over the cached list at once and reloads. The list is named by its query key, and `field` is the answer's
 * array: `{ [field]: T[] }`.
 */
export function savedList<T extends { id: string }, F extends string>(
  queryKey: readonly unknown[],
  field: F,
  order?: (a: T, b: T) => number,
) {
  const list = JSON.stringify(queryKey);
  const overlay = (items: T[]) => withRecentSaves(list, items, order);
  return {
    overlay,
    show(queryClient: QueryClient, item: T) {
      rememberSaved(list, item);
      queryClient.setQueryData<Record<F, T[]>>(queryKey, (answer) => answer && { ...answer, [field]: overlay(answer[field]) });
      return queryClient.invalidateQueries({ queryKey });
    },
    /** Forgets a deleted item: it leaves the cached list at once and stays out of the reads until the view drops it. */
    drop(queryClient: QueryClient, id: string) {
      rememberDeleted(list, id);
      queryClient.setQueryData<Record<F, T[]>>(queryKey, (answer) => answer && { ...answer, [field]: overlay(answer[field]) });
      return queryClient.invalidateQueries({ queryKey });
    },
  };
}

/** Forgets every list's saves (between unit tests). */
export function forgetRecentSaves(): void {
  recent.clear();
}
