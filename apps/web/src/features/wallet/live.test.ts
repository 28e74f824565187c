import type { MerchantEvent, StatementResponse } from '@sm/contract';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { walletKeys } from './api';
import { applyWalletEvents, refreshWallet } from './live';

const event = (type: MerchantEvent['type']): MerchantEvent => ({
  type,
  auctionId: null,
  lotId: null,
  orderId: null,
  at: '2026-11-21T00:00:00Z',
});

const page = (n: number): StatementResponse => ({ items: [], nextCursor: `c${n}` });

function cache() {
  const client = new QueryClient();
  client.setQueryData(walletKeys.summary, { balance: 0 });
  client.setQueryData(walletKeys.statement('all'), { pages: [page(0)], pageParams: [''] });
  client.setQueryData(walletKeys.statement('withdrawal'), { pages: [page(0)], pageParams: [''] });
  client.setQueryData(walletKeys.withdrawal('w1'), { id: 'w1' });
  return client;
}

const stale = (client: QueryClient) =>
  client
    .getQueryCache()
    .getAll()
    .filter((query) => query.isStale())
    .map((query) => JSON.stringify(query.queryKey))
    .sort();

const keys = (...list: readonly (readonly string[])[]) =>
  list.map((key) => JSON.stringify(key)).sort();

describe('applyWalletEvents', () => {
  it('refreshes the balance, the statements and the withdrawals when money moves', () => {
    for (const type of ['wallet_changed', 'withdrawal_reviewed'] as const) {
      const client = cache();
      applyWalletEvents(client, [event(type)]);
      expect(stale(client)).toEqual(
        keys(
          walletKeys.summary,
          walletKeys.statement('all'),
          walletKeys.statement('withdrawal'),
          walletKeys.withdrawal('w1'),
        ),
      );
    }
  });

  it('refreshes only the balance card for a bank review or an order’s move (payouts to come)', () => {
    for (const type of ['bank_account_reviewed', 'order_updated'] as const) {
      const client = cache();
      applyWalletEvents(client, [event(type)]);
      expect(stale(client)).toEqual(keys(walletKeys.summary));
    }
  });

  it('leaves the wallet alone for bids and other auction events', () => {
    const client = cache();
    applyWalletEvents(client, [event('bid'), event('auction_published'), event('order_paid')]);
    expect(stale(client)).toEqual([]);
  });

  it('refreshes everything after a gap in the stream', () => {
    const client = cache();
    refreshWallet(client);
    expect(stale(client)).toHaveLength(4);
  });
});
