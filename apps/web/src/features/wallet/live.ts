import type { MerchantEvent, MerchantEventType } from '@sm/contract';
import type { QueryClient } from '@tanstack/react-query';
import { refreshLiveLists } from '../../lib/infiniteLists';
import { walletKeys } from './api';

/** Money moved: an operator credit, a payout, a withdrawal requested or reviewed. */
const LEDGER_EVENTS: readonly MerchantEventType[] = [
  'wallet_changed',
  'payout_completed',
  'withdrawal_reviewed',
];
/**
 * The balance card also shows the bank account's status and the payouts still to come, which an
 * order reaching Completed adds to.
 */
const SUMMARY_EVENTS: readonly MerchantEventType[] = [
  ...LEDGER_EVENTS,
  'bank_account_reviewed',
  'order_updated',
];

/** Refreshes what a batch of events changed in the wallet; only queries on screen refetch. */
export function applyWalletEvents(queryClient: QueryClient, batch: MerchantEvent[]) {
  const types = new Set(batch.map((event) => event.type));
  if (SUMMARY_EVENTS.some((type) => types.has(type)))
    void queryClient.invalidateQueries({ queryKey: walletKeys.summary });
  if (!LEDGER_EVENTS.some((type) => types.has(type))) return;
  void queryClient.invalidateQueries({ queryKey: walletKeys.withdrawals });
  refreshLiveLists(queryClient, walletKeys.statements);
}

/** After a gap in the stream: everything the stream would have kept fresh. */
export function refreshWallet(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: walletKeys.all });
}
