import type { LotDetail, MerchantEvent } from '@sm/contract';
import type { QueryClient } from '@tanstack/react-query';
import { auctionKeys } from './api';

/**
 * Refreshes what a batch of events changed: Home's dashboard and lists, and each affected lot's
 * detail, including its siblings (a lot's page shows whether the others of its auction ended).
 * Only queries on screen refetch; the rest are marked stale for their next visit. Events of no
 * auction (an order moving) change nothing here.
 */
export function applyMerchantEvents(queryClient: QueryClient, batch: MerchantEvent[]) {
  const events = batch.filter((event) => event.auctionId !== null);
  if (events.length === 0) return;
  const lots = new Set(events.flatMap((event) => (event.lotId ? [event.lotId] : [])));
  const auctions = new Set(events.map((event) => event.auctionId));
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
