import type { LotDetail, MerchantEvent } from '@sm/contract';
import type { QueryClient } from '@tanstack/react-query';
import { auctionKeys } from './api';

/**
 * Refreshes what a batch of events changed: Home's dashboard and lists, and each affected lot's
 * detail, including its siblings (a lot's page shows whether the others of its auction ended).
 * An order's move counts too: Home's sales and awaiting payment are orders (PRODUCT.md §4a), and
 * a default or a cancel gives kg back to the order's lot. Only queries on screen refetch; the rest
 * are marked stale for their next visit. Events of neither an auction nor a lot (wallet, reviews)
 * change nothing here.
 */
export function applyMerchantEvents(queryClient: QueryClient, batch: MerchantEvent[]) {
  const events = batch.filter((event) => event.auctionId !== null || event.lotId !== null);
  if (events.length === 0) return;
  const lots = new Set(events.flatMap((event) => (event.lotId ? [event.lotId] : [])));
  const auctions = new Set(events.flatMap((event) => (event.auctionId ? [event.auctionId] : [])));
  void queryClient.invalidateQueries({ queryKey: auctionKeys.overview });
  void queryClient.invalidateQueries({
    queryKey: auctionKeys.lots,
    predicate: (query) => {
      const id = query.queryKey[1];
      const lot = query.state.data as LotDetail | undefined;
      return (typeof id === 'string' && lots.has(id)) || (!!lot && auctions.has(lot.auctionId));
    },
  });
}

/** After a gap in the stream: everything the stream would have kept fresh. */
export function refreshAllLive(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: auctionKeys.overview });
  void queryClient.invalidateQueries({ queryKey: auctionKeys.lots });
}
