import type { MerchantEvent } from '@sm/contract';
import type { QueryClient } from '@tanstack/react-query';
import { meQueryOptions } from '../../lib/session';
import { storeProfileKey } from '../../lib/storeProfile';

/** The operator verified or rejected the business: Home, Profile and the store show it. */
export function applyStoreEvents(queryClient: QueryClient, batch: MerchantEvent[]) {
  if (batch.some((event) => event.type === 'business_reviewed')) refreshStore(queryClient);
}

/** After a gap in the stream: everything the stream would have kept fresh. */
export function refreshStore(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: meQueryOptions().queryKey });
  void queryClient.invalidateQueries({ queryKey: storeProfileKey });
}
