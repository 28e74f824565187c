import {
  type FetchInfiniteQueryOptions,
  type FetchQueryOptions,
  type Query,
  QueryClient,
  type QueryKey,
} from '@tanstack/react-query';
import { apiErrorCode } from './request';

/**
 * How long data fetched ahead of its page (prefetchQuery) counts as fresh for the page that
 * then mounts: without it the page's own useQuery would ask again at once (staleTime 0).
 */
const PREFETCH_FRESH_MS = 5_000;
const prefetched = new WeakSet<Query>();

/** The app's one query cache: the provider's, and the one a route's data is prefetched into. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // A coded API answer (4xx/5xx with a code) will not change on retry; network trouble may.
      retry: (count, error) => apiErrorCode(error) === null && count < 2,
      staleTime: (query) => (prefetched.has(query) ? PREFETCH_FRESH_MS : 0),
    },
  },
});

// A prefetched query is fresh for the first page that reads it only: once that page has
// mounted (its check for a refetch comes right after), the query goes back to the defaults.
queryClient.getQueryCache().subscribe((event) => {
  if (event.type === 'observerAdded' && prefetched.has(event.query)) {
    setTimeout(() => prefetched.delete(event.query), 0);
  }
});

const mark = (queryKey: QueryKey) => {
  const query = queryClient.getQueryCache().find({ queryKey, exact: true });
  if (query) prefetched.add(query);
};

/**
 * Starts a page's queries before the page's code has arrived (app/prefetch.ts, asked for by
 * boot.ts), so the answers come in parallel with the chunks; the page's useQuery then finds
 * them in flight or done.
 */
export const prefetch = {
  query<TFnData, TError, TData, TKey extends QueryKey>(
    options: FetchQueryOptions<TFnData, TError, TData, TKey>,
  ): Promise<void> {
    const done = queryClient.prefetchQuery(options);
    mark(options.queryKey);
    return done;
  },
  infinite<TFnData, TError, TData, TKey extends QueryKey, TPage>(
    options: FetchInfiniteQueryOptions<TFnData, TError, TData, TKey, TPage>,
  ): Promise<void> {
    const done = queryClient.prefetchInfiniteQuery(options);
    mark(options.queryKey);
    return done;
  },
};
