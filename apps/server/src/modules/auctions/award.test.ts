import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allocate } from './award.js';

const at = (s: number) => new Date(Date.UTC(2026, 0, 15, 1, 0, s));

describe('award: multi-unit, pay-as-bid', () => {
  it('ranks by price, then earliest, and gives the last winner part', () => {
    const result = allocate(
      [
        { id: 'a', seq: 1, quantity: 50, price: 1200, createdAt: at(1) },
        { id: 'b', seq: 2, quantity: 40, price: 1300, createdAt: at(2) },
        { id: 'c', seq: 3, quantity: 30, price: 1200, createdAt: at(0) },
        { id: 'd', seq: 4, quantity: 10, price: 1100, createdAt: at(0) },
      ],
      100,
    );
    expect(result.map((r) => [r.bid.id, r.quantity])).toEqual([
      ['b', 40],
      ['c', 30],
      ['a', 30],
      ['d', 0],
    ]);
  });

  it('leaves the rest unsold when bids do not cover the lot', () => {
    const result = allocate(
      [{ id: 'a', seq: 1, quantity: 20, price: 1000, createdAt: at(0) }],
      100,
    );
    expect(result[0]?.quantity).toBe(20);
  });

  it('holds for any bids: never more than the lot, each within its bid, best bids first', () => {
    const bid = fc.record({
      quantity: fc.integer({ min: 1, max: 500 }),
      price: fc.integer({ min: 1, max: 50 }).map((p) => p * 10),
      second: fc.integer({ min: 0, max: 59 }),
    });
    fc.assert(
      fc.property(
        fc.array(bid, { maxLength: 30 }),
        fc.integer({ min: 1, max: 2000 }),
        (raw, lot) => {
          const bids = raw.map((b, i) => ({ ...b, id: `b${i}`, seq: i, createdAt: at(b.second) }));
          const result = allocate(bids, lot);
          const total = result.reduce((s, r) => s + r.quantity, 0);
          const demand = bids.reduce((s, b) => s + b.quantity, 0);
          expect(total).toBe(Math.min(lot, demand));
          for (const r of result) expect(r.quantity).toBeLessThanOrEqual(r.bid.quantity);
          // Once a bid is cut short, every bid after it gets nothing.
          const cut = result.findIndex((r) => r.quantity < r.bid.quantity);
          if (cut >= 0) expect(result.slice(cut + 1).every((r) => r.quantity === 0)).toBe(true);
          // No winner ranks below a loser.
          for (let i = 1; i < result.length; i++) {
            const [prev, cur] = [result[i - 1]!, result[i]!];
            expect(
              prev.bid.price > cur.bid.price ||
                (prev.bid.price === cur.bid.price &&
                  prev.bid.createdAt.getTime() <= cur.bid.createdAt.getTime()),
            ).toBe(true);
          }
        },
      ),
    );
  });
});
