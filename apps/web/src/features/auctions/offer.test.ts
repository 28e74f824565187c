import { NO_RECORD } from '@sm/contract';
import { describe, expect, it } from 'vitest';
import { offerOutcome, offerPlan } from './offer';

const bidder = (buyer: string, quantity: number, price: number) => ({
  buyer,
  quantity,
  price,
  record: NO_RECORD,
});

describe('offerPlan', () => {
  it('gives the returned kg to the next bidders in rank order, each up to what it bid', () => {
    const plan = offerPlan(80, [
      bidder('A', 50, 1230),
      bidder('B', 50, 1200),
      bidder('C', 10, 1100),
    ]);
    expect(plan.shares.map((s) => [s.buyer, s.quantity, s.amount])).toEqual([
      ['A', 50, 6150],
      ['B', 30, 3600],
    ]);
    expect(plan.more).toBe(1);
  });

  it('lists every bidder when their kg do not cover the returned kg', () => {
    const plan = offerPlan(100, [bidder('A', 20, 1230), bidder('B', 5, 1200)]);
    expect(plan.shares.map((s) => s.quantity)).toEqual([20, 5]);
    expect(plan.more).toBe(0);
  });

  it('asks nobody without returned kg or bidders', () => {
    expect(offerPlan(0, [bidder('A', 20, 1230)])).toEqual({ shares: [], more: 1 });
    expect(offerPlan(50, [])).toEqual({ shares: [], more: 0 });
  });
});

describe('offerOutcome', () => {
  it('adds up the kg offered and counts the shares', () => {
    const share = { buyer: 'A', quantity: 30, price: 1230, amount: 3690, orderNumber: 'SO1' };
    expect(
      offerOutcome({
        offered: [share, { ...share, buyer: 'B', quantity: 20 }],
        returnedQuantity: 0,
      }),
    ).toEqual({ quantity: 50, bidders: 2 });
    expect(offerOutcome({ offered: [], returnedQuantity: 50 })).toEqual({
      quantity: 0,
      bidders: 0,
    });
  });
});
