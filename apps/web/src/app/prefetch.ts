import {
  auctionListParams,
  auctionListQueryOptions,
  dashboardQueryOptions,
} from '../features/auctions/api';
import { allOrderCountsQueryOptions } from '../lib/orderTodo';
import { PATHS } from '../lib/paths';
import { prefetch } from '../lib/queryClient';
import { meQueryOptions } from '../lib/session';
import { storeProfileQueryOptions } from '../lib/storeProfile';

/**
 * The queries a signed-in first page asks for as it mounts, started by the boot as soon as it
 * knows the route and that there is a session, in parallel with the page's chunks (each the
 * same options the page's components use, so they find these in flight or done). The shell's
 * own: the profile's refresh and the Orders tab's count.
 */
export function prefetchRoute(path: string, query: URLSearchParams): void {
  prefetch.query(meQueryOptions());
  prefetch.query(allOrderCountsQueryOptions());
  if (path === PATHS.home || path === PATHS.index) {
    const { status, q } = auctionListParams(query);
    prefetch.query(storeProfileQueryOptions());
    prefetch.query(dashboardQueryOptions());
    prefetch.infinite(auctionListQueryOptions(status, q));
  }
}
