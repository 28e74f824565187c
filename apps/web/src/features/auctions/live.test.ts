import type { MerchantEvent } from '@sm/contract';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { auctionKeys } from './api';
import { applyMerchantEvents, refreshAllLive } from './live';

const event = (type: string, auctionId: string | null, lotId: string | null) =>
  ({
    type,
    auctionId,
    lotId,
    orderId: null,
    at: '2025-03-01T00:00:00.000Z',
  }) as MerchantEvent;

function cache() {
  const client = new QueryClient();
  client.setQueryData(auctionKeys.dashboard(), { liveAuctions: 1 });
  client.setQueryData(auctionKeys.list('live', ''), { pages: [], pageParams: [] });
  client.setQueryData(auctionKeys.lot('l1'), { id: 'l1', auctionId: 'a1' });
  client.setQueryData(auctionKeys.lot('l2'), { id: 'l2', auctionId: 'a1' });
  client.setQueryData(auctionKeys.lot('l9'), { id: 'l9', auctionId: 'a9' });
  client.setQueryData(auctionKeys.boats, { items: [] });
  const stale = (key: readonly unknown[]) => client.getQueryState(key)?.isInvalidated;
  return { client, stale };
}

describe('applyMerchantEvents', () => {
  it("refreshes Home and the lot's detail, its siblings included, and nothing else", () => {
    const { client, stale } = cache();
    applyMerchantEvents(client, [event('bid', 'a1', 'l1')]);
    expect(stale(auctionKeys.dashboard())).toBe(true);
    expect(stale(auctionKeys.list('live', ''))).toBe(true);
    expect(stale(auctionKeys.lot('l1'))).toBe(true);
    expect(stale(auctionKeys.lot('l2'))).toBe(true);
    expect(stale(auctionKeys.lot('l9'))).toBe(false);
    expect(stale(auctionKeys.boats)).toBe(false);
  });

  it("refreshes Home and the order's lot when an order moves (sales, returned kg)", () => {
    const { client, stale } = cache();
    applyMerchantEvents(client, [{ ...event('order_defaulted', null, 'l1'), orderId: 'o1' }]);
    expect(stale(auctionKeys.dashboard())).toBe(true);
    expect(stale(auctionKeys.lot('l1'))).toBe(true);
    expect(stale(auctionKeys.lot('l2'))).toBe(false);
    expect(stale(auctionKeys.lot('l9'))).toBe(false);
  });

  it('leaves everything alone for events of neither an auction nor a lot', () => {
    const { client, stale } = cache();
    applyMerchantEvents(client, [event('wallet_changed', null, null)]);
    expect(stale(auctionKeys.dashboard())).toBe(false);
    expect(stale(auctionKeys.lot('l1'))).toBe(false);
  });

  it('does nothing for an empty batch; a gap in the stream refreshes every lot', () => {
    const { client, stale } = cache();
    applyMerchantEvents(client, []);
    expect(stale(auctionKeys.dashboard())).toBe(false);
    refreshAllLive(client);
    expect(stale(auctionKeys.lot('l9'))).toBe(true);
    expect(stale(auctionKeys.boats)).toBe(false);
  });
});
