import type { InfiniteData, Query, QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * A list scrolled this deep is not refetched on every live event: refetching an infinite list
 * asks again for each page it holds, one after another. It is marked stale instead, and pull to
 * refresh (or the next visit) brings it up to date.
 */
const LIVE_REFETCH_PAGES = 4;

const pagesOf = (query: Query) =>
  (query.state.data as InfiniteData<unknown> | undefined)?.pages.length ?? 0;

/** Live events changed the infinite lists under `queryKey`: stale, and those on screen refetch. */
export function refreshLiveLists(queryClient: QueryClient, queryKey: QueryKey) {
  void queryClient.invalidateQueries({ queryKey, refetchType: 'none' });
  void queryClient.refetchQueries({
    queryKey,
    type: 'active',
    predicate: (query) => pagesOf(query) <= LIVE_REFETCH_PAGES,
  });
}

/**
 * Keeps only an infinite list's first page, so the next fetch asks one page instead of every
 * page scrolled through: pull to refresh starts the list again from the top.
 */
export function keepFirstPage(queryClient: QueryClient, queryKey: QueryKey) {
  queryClient.setQueryData<InfiniteData<unknown>>(
    queryKey,
    (data) => data && { pages: data.pages.slice(0, 1), pageParams: data.pageParams.slice(0, 1) },
  );
}
