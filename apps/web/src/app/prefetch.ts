import {
  auctionListParams,
  auctionListQueryOptions,
  dashboardQueryOptions,
  lotQueryOptions,
} from '../features/auctions/api';
import { orderCountsQueryOptions, orderListQueryOptions } from '../features/orders/api';
import { readFilter as readOrderFilter } from '../features/orders/filter';
import { statementQueryOptions, walletQueryOptions } from '../features/wallet/api';
import { readFilter as readStatementFilter } from '../features/wallet/statement';
import { allOrderCountsQueryOptions } from '../lib/orderTodo';
import { PATHS } from '../lib/paths';
import { prefetch } from '../lib/queryClient';
import { meQueryOptions } from '../lib/session';
import { storeProfileQueryOptions } from '../lib/storeProfile';

/**
 * The queries a signed-in first page asks for as it mounts, started by the boot as soon as it
 * knows the route and that there is a session, in parallel with the page's chunks (each the
 * same options the page's components use, read from the same query, so they find these in
 * flight or done). The shell's own: the profile's refresh and the Orders tab's count. A page
 * left out here asks for its data once its code has run, after the app's chunk. Answers once
 * the page's own answers are in, failed or not (at once for a page with none here).
 */
export function prefetchRoute(path: string, query: URLSearchParams): Promise<unknown> {
  void prefetch.query(meQueryOptions());
  const counts = prefetch.query(allOrderCountsQueryOptions());
  // What the page draws, which the first render waits for (main.tsx): the shell's own are not.
  const asked: Promise<void>[] = [];
  if (path === PATHS.home || path === PATHS.index) {
    const { status, q } = auctionListParams(query);
    asked.push(
      counts, // home's to-do
      prefetch.query(storeProfileQueryOptions()),
      prefetch.query(dashboardQueryOptions()),
      prefetch.infinite(auctionListQueryOptions(status, q)),
    );
  } else if (path === PATHS.orders) {
    const filter = readOrderFilter(Object.fromEntries(query));
    asked.push(
      prefetch.infinite(orderListQueryOptions(filter)),
      prefetch.query(orderCountsQueryOptions(filter)),
    );
  } else if (path === PATHS.wallet) {
    asked.push(
      prefetch.query(walletQueryOptions()),
      prefetch.infinite(statementQueryOptions(readStatementFilter(query.get('type') ?? undefined))),
    );
  } else if (path === PATHS.lotDetail) {
    const id = query.get('id');
    if (id) asked.push(prefetch.query(lotQueryOptions(id)));
  }
  // Settled, whatever the answers (prefetchQuery never rejects).
  return Promise.all(asked);
}
