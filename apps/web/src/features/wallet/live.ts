import type { MerchantEvent, MerchantEventType, StatementResponse } from '@sm/contract';
import type { InfiniteData, Query, QueryClient } from '@tanstack/react-query';
import { walletKeys } from './api';

/** Money moved: an operator credit, a payout, a withdrawal requested or reviewed. */
const LEDGER_EVENTS: readonly MerchantEventType[] = ['wallet_changed', 'withdrawal_reviewed'];
/**
 * The balance card also shows the bank account's status and the payouts still to come, which an
 * order reaching Completed adds to.
 */
const SUMMARY_EVENTS: readonly MerchantEventType[] = [
  ...LEDGER_EVENTS,
  'bank_account_reviewed',
  'order_updated',
];

/**
 * A statement scrolled this deep is not refetched on every event (each page it holds would be
 * asked again, one after another): it is marked stale, and pull to refresh brings it up to date.
 */
const LIVE_REFETCH_PAGES = 4;

const pagesOf = (query: Query) =>
  (query.state.data as InfiniteData<StatementResponse> | undefined)?.pages.length ?? 0;

/** Refreshes what a batch of events changed in the wallet; only queries on screen refetch. */
export function applyWalletEvents(queryClient: QueryClient, batch: MerchantEvent[]) {
  const types = new Set(batch.map((event) => event.type));
  if (SUMMARY_EVENTS.some((type) => types.has(type)))
    void queryClient.invalidateQueries({ queryKey: walletKeys.summary });
  if (!LEDGER_EVENTS.some((type) => types.has(type))) return;
  void queryClient.invalidateQueries({ queryKey: walletKeys.withdrawals });
  void queryClient.invalidateQueries({ queryKey: walletKeys.statements, refetchType: 'none' });
  void queryClient.refetchQueries({
    queryKey: walletKeys.statements,
    type: 'active',
    predicate: (query) => pagesOf(query) <= LIVE_REFETCH_PAGES,
  });
}

/** After a gap in the stream: everything the stream would have kept fresh. */
export function refreshWallet(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: walletKeys.all });
}
