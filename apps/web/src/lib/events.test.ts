import { describe, expect, it } from 'vitest';
import { parseMerchantEvent } from './events';

const event = (fields: Record<string, unknown>) => ({
  type: 'bid',
  auctionId: 'a1',
  lotId: 'l1',
  orderId: null,
  at: '2025-03-01T00:00:00.000Z',
  ...fields,
});

describe('parseMerchantEvent', () => {
  it('reads a merchant event of the contract', () => {
    expect(parseMerchantEvent(JSON.stringify(event({})))).toEqual(event({}));
    expect(
      parseMerchantEvent(JSON.stringify(event({ type: 'auction_deleted', lotId: null }))),
    ).toMatchObject({ lotId: null });
  });

  it('reads the events that create or move orders, with or without an order id', () => {
    const paid = event({ type: 'order_paid', auctionId: null, orderId: 'o1' });
    expect(parseMerchantEvent(JSON.stringify(paid))).toEqual(paid);
    expect(
      parseMerchantEvent(JSON.stringify(event({ type: 'lot_ended', orderId: null }))),
    ).toMatchObject({ type: 'lot_ended', orderId: null });
  });

  it('ignores anything else', () => {
    for (const data of [
      'not json',
      'null',
      '[]',
      JSON.stringify(event({ type: 'party' })),
      JSON.stringify(event({ type: 'x' })),
      JSON.stringify({ type: 'bid', lotId: 'l1', orderId: null }),
      JSON.stringify(event({ lotId: 7 })),
      JSON.stringify(event({ type: 'order_updated', orderId: 7 })),
    ])
      expect(parseMerchantEvent(data), data).toBeNull();
  });
});
