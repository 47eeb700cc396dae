/**
 * An admin list read page by page with the server's cursors (`?cursor=`), for lists of thousands of rows: the
 * table shows what has arrived and asks for the next page on "Load more". Filters and sort are part of the key,
 * so changing one starts again from the first page.
 */
import { useInfiniteQuery, type QueryKey } from '@tanstack/react-query';

export interface CursorPage<Row> {
  items: Row[];
  /** Null on the last page. */
  nextCursor: string | null;
}

export function useCursorPages<Row, Page extends CursorPage<Row> = CursorPage<Row>>(
  queryKey: QueryKey,
  fetchPage: (cursor: string | null, signal: AbortSignal) => Promise<Page>,
) {
  const query = useInfiniteQuery({
    queryKey,
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => fetchPage(pageParam, signal),
    getNextPageParam: (last) => last.nextCursor,
  });
  return {
    rows: query.data?.pages.flatMap((page) => page.items) ?? [],
    /** The first page as answered: what a list says about all its rows (counts, totals). */
    firstPage: query.data?.pages[0],
    status: query.status,
    error: query.error,
    refetch: () => void query.refetch(),
    hasMore: query.hasNextPage,
    loadingMore: query.isFetchingNextPage,
    loadMore: () => void query.fetchNextPage(),
  };
}
