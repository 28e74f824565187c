import type { MerchantEvent, MerchantEventType } from '@sm/contract';
import type { QueryClient } from '@tanstack/react-query';
import { refreshLiveLists } from '../../lib/infiniteLists';
import { orderKeys } from './api';

/** The events that change orders: a lot's end (on time or by a buyout) creates them, the rest move one. */
const ORDER_EVENT_TYPES: readonly MerchantEventType[] = [
  'lot_ended',
  'buyout',
  'order_paid',
  'order_canceled',
  'order_defaulted',
  'order_updated',
];

/**
 * Refreshes what a batch of events changed: the lists and tab counts (an order appeared or
 * changed tab) and the detail of each order named. Only queries on screen refetch; bids and the
 * other auction events change nothing here.
 */
export function applyOrderEvents(queryClient: QueryClient, batch: MerchantEvent[]) {
  const events = batch.filter((event) => ORDER_EVENT_TYPES.includes(event.type));
  if (events.length === 0) return;
  void queryClient.invalidateQueries({ queryKey: orderKeys.counts });
  refreshLiveLists(queryClient, orderKeys.lists);
  for (const id of new Set(events.flatMap((event) => (event.orderId ? [event.orderId] : [])))) {
    void queryClient.invalidateQueries({ queryKey: orderKeys.detail(id) });
  }
}

/** After a gap in the stream: everything the stream would have kept fresh. */
export function refreshOrders(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: orderKeys.all });
}
