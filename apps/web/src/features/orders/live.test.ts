import type { MerchantEvent, OrderListResponse } from '@sm/contract';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { allOrderCountsQueryOptions } from '../../lib/orderTodo';
import { orderKeys } from './api';
import { DEFAULT_FILTER } from './filter';
import { applyOrderEvents, refreshOrders } from './live';

const event = (fields: Partial<MerchantEvent>): MerchantEvent => ({
  type: 'order_paid',
  auctionId: null,
  lotId: 'l1',
  orderId: 'o1',
  at: '2026-11-21T00:00:00Z',
  ...fields,
});

const page = (n: number): OrderListResponse => ({ items: [], nextCursor: `c${n}` });

function cache() {
  const client = new QueryClient();
  const pages = (count: number) => ({
    pages: Array.from({ length: count }, (_, i) => page(i)),
    pageParams: Array.from({ length: count }, (_, i) => (i === 0 ? '' : `c${i - 1}`)),
  });
  client.setQueryData(orderKeys.list(DEFAULT_FILTER), pages(2));
  client.setQueryData(orderKeys.list({ ...DEFAULT_FILTER, tab: 'paid' }), pages(40));
  client.setQueryData(orderKeys.count(DEFAULT_FILTER), { counts: {} });
  client.setQueryData(orderKeys.detail('o1'), { id: 'o1' });
  client.setQueryData(orderKeys.detail('o2'), { id: 'o2' });
  return client;
}

const stale = (client: QueryClient) =>
  client
    .getQueryCache()
    .getAll()
    .filter((query) => query.isStale())
    .map((query) => JSON.stringify(query.queryKey))
    .sort();

describe('applyOrderEvents', () => {
  it('marks the lists, the counts and the named order stale; other orders stay fresh', () => {
    const client = cache();
    applyOrderEvents(client, [event({ type: 'order_paid', orderId: 'o1' })]);
    expect(stale(client)).toEqual(
      [
        orderKeys.count(DEFAULT_FILTER),
        orderKeys.detail('o1'),
        orderKeys.list(DEFAULT_FILTER),
        orderKeys.list({ ...DEFAULT_FILTER, tab: 'paid' }),
      ]
        .map((key) => JSON.stringify(key))
        .sort(),
    );
  });

  it('refreshes a default (canceled at the deadline) as it refreshes a merchant’s cancel', () => {
    const staleAfter = (type: MerchantEvent['type']) => {
      const client = cache();
      applyOrderEvents(client, [event({ type, orderId: 'o2' })]);
      return stale(client);
    };
    expect(staleAfter('order_defaulted')).toEqual(staleAfter('order_canceled'));
    expect(staleAfter('order_defaulted')).toContain(JSON.stringify(orderKeys.detail('o2')));
  });

  it('refreshes lists and counts when a lot ends on time or by a buyout (orders appear)', () => {
    for (const type of ['lot_ended', 'buyout'] as const) {
      const client = cache();
      applyOrderEvents(client, [event({ type, auctionId: 'a1', orderId: null })]);
      expect(stale(client)).toEqual(
        [
          orderKeys.count(DEFAULT_FILTER),
          orderKeys.list(DEFAULT_FILTER),
          orderKeys.list({ ...DEFAULT_FILTER, tab: 'paid' }),
        ]
          .map((key) => JSON.stringify(key))
          .sort(),
      );
    }
  });

  it('keeps Home’s to-do and the Orders tab’s badge live: they read the unfiltered counts', () => {
    const todo = allOrderCountsQueryOptions().queryKey;
    for (const type of ['order_paid', 'order_updated', 'order_canceled', 'lot_ended'] as const) {
      const client = cache();
      // One cache entry: the page unfiltered, Home and the tab bar show the same figures.
      expect(client.getQueryData(todo)).toBe(client.getQueryData(orderKeys.count(DEFAULT_FILTER)));
      applyOrderEvents(client, [event({ type })]);
      expect(client.getQueryState(todo)?.isInvalidated).toBe(true);
    }
  });

  it('ignores bids and the other auction events', () => {
    const client = cache();
    applyOrderEvents(client, [
      event({ type: 'bid', auctionId: 'a1', orderId: null }),
      event({ type: 'auction_published', auctionId: 'a1', lotId: null, orderId: null }),
    ]);
    expect(stale(client)).toEqual([]);
  });

  it('does nothing without events; a gap in the stream refreshes every order query', () => {
    const client = cache();
    applyOrderEvents(client, []);
    expect(stale(client)).toEqual([]);
    refreshOrders(client);
    expect(stale(client)).toHaveLength(5);
  });
});
