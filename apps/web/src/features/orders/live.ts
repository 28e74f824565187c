import type { MerchantEvent, MerchantEventType, OrderListResponse } from '@sm/contract';
import type { InfiniteData, Query, QueryClient } from '@tanstack/react-query';
import { orderKeys } from './api';

/** The events that change orders: a lot's end (on time or by a buyout) creates them, the rest move one. */
const ORDER_EVENT_TYPES: readonly MerchantEventType[] = [
  'lot_ended',
  'buyout',
  'order_paid',
  'order_canceled',
  'order_updated',
];

/**
 * A list scrolled this deep is not refetched on every event: refetching an infinite list asks
 * again for each page it holds, one after another. It is marked stale instead, and pull to
 * refresh (or the next visit) brings it up to date.
 */
const LIVE_REFETCH_PAGES = 4;

const pagesOf = (query: Query) =>
  (query.state.data as InfiniteData<OrderListResponse> | undefined)?.pages.length ?? 0;

/**
 * Refreshes what a batch of events changed: the lists and tab counts (an order appeared or
 * changed tab) and the detail of each order named. Only queries on screen refetch; bids and the
 * other auction events change nothing here.
 */
export function applyOrderEvents(queryClient: QueryClient, batch: MerchantEvent[]) {
  const events = batch.filter((event) => ORDER_EVENT_TYPES.includes(event.type));
  if (events.length === 0) return;
  void queryClient.invalidateQueries({ queryKey: orderKeys.counts });
  void queryClient.invalidateQueries({ queryKey: orderKeys.lists, refetchType: 'none' });
  void queryClient.refetchQueries({
    queryKey: orderKeys.lists,
    type: 'active',
    predicate: (query) => pagesOf(query) <= LIVE_REFETCH_PAGES,
  });
  for (const id of new Set(events.flatMap((event) => (event.orderId ? [event.orderId] : [])))) {
    void queryClient.invalidateQueries({ queryKey: orderKeys.detail(id) });
  }
}

/** After a gap in the stream: everything the stream would have kept fresh. */
export function refreshOrders(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: orderKeys.all });
}
