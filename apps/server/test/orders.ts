import { randomUUID } from 'node:crypto';
import { type BuyerOrder, LOT_DURATION_MS, type LotInput } from '@sm/contract';
import { expect } from 'vitest';
import type { Client, TestApp } from './helpers.js';
import { lotInput, publish } from './auctions.js';

/**
 * Publishes one lot of the demo store, lets each buyer bid, ends the lot on the test clock and
 * returns each bidder's order (in the order of `bids`; a losing bid has none).
 */
export async function wonOrders(
  t: TestApp,
  merchant: Client,
  bids: { buyer: Client; quantity: number; price: number }[],
  lot: Partial<LotInput> = {},
): Promise<(BuyerOrder | undefined)[]> {
  const auction = await publish(merchant, [await lotInput(merchant, t, lot)]);
  const lotId = auction.lotIds[0] as string;
  for (const bid of bids) {
    const res = await bid.buyer.post(`/api/buyer/lots/${lotId}/bids`, {
      quantity: bid.quantity,
      price: bid.price,
    });
    expect(res.statusCode, res.body).toBe(200);
  }
  t.clock.advance(LOT_DURATION_MS);
  await t.app.services.auctions.closeDueLots();
  const orders: (BuyerOrder | undefined)[] = [];
  for (const bid of bids) {
    const mine = (await bid.buyer.get('/api/buyer/orders')).json() as { items: BuyerOrder[] };
    orders.push(mine.items.find((o) => o.lotId === lotId));
  }
  return orders;
}

/** One order won by one buyer: `quantity` tenths of a kg at `price` sen per kg. */
export async function wonOrder(
  t: TestApp,
  merchant: Client,
  buyer: Client,
  quantity = 100,
  price = 2000,
): Promise<BuyerOrder> {
  const [order] = await wonOrders(t, merchant, [{ buyer, quantity, price }]);
  if (!order) throw new Error('the bid won no order');
  return order;
}

export async function payOrder(buyer: Client, orderId: string, key: string = randomUUID()) {
  return buyer.request('POST', `/api/buyer/orders/${orderId}/pay`, {}, { 'idempotency-key': key });
}

export async function balanceOf(buyer: Client): Promise<number> {
  const res = await buyer.get('/api/buyer/wallet');
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { balance: number }).balance;
}
