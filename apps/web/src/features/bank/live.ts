import type { MerchantEvent } from '@sm/contract';
import type { QueryClient } from '@tanstack/react-query';
import { bankKeys } from './api';

/** The operator verified or rejected the bank account: its page shows the new status. */
export function applyBankEvents(queryClient: QueryClient, batch: MerchantEvent[]) {
  if (batch.some((event) => event.type === 'bank_account_reviewed'))
    void queryClient.invalidateQueries({ queryKey: bankKeys.account });
}

/** After a gap in the stream: everything the stream would have kept fresh. */
export function refreshBank(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: bankKeys.account });
}
