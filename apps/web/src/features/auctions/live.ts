import { type LotDetail, MERCHANT_EVENT_TYPES, type MerchantEvent } from '@sm/contract';
import type { QueryClient } from '@tanstack/react-query';
import { auctionKeys } from './api';

/**
 * A message of the merchant's event stream, or null for anything else. A plain check, not the
 * contract's zod schema: the stream opens on every signed-in page and zod is not worth loading
 * for four fields.
 */
export function parseMerchantEvent(data: string): MerchantEvent | null {
  let value: unknown;
  try {
    value = JSON.parse(data);
  } catch {
    return null;
  }
  const event = value as Partial<MerchantEvent> | null;
  if (
    typeof event !== 'object' ||
    event === null ||
    !(MERCHANT_EVENT_TYPES as readonly string[]).includes(event.type as string) ||
    typeof event.auctionId !== 'string' ||
    !(event.lotId === null || typeof event.lotId === 'string')
  )
    return null;
  return event as MerchantEvent;
}

/**
 * Refreshes what a batch of events changed: Home's dashboard and lists, and each affected lot's
 * detail, including its siblings (a lot's page shows whether the others of its auction ended).
 * Only queries on screen refetch; the rest are marked stale for their next visit.
 */
export function applyMerchantEvents(queryClient: QueryClient, events: MerchantEvent[]) {
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
