import { describe, expect, it } from 'vitest';
import { shownAmount, winningTotals } from './winning';

describe('winning figures of a lot', () => {
  // A 100 kg lot: 50 kg at RM 13.00 win, 30 kg at RM 12.00 win, 50 kg at RM 11.00 win 20 kg.
  const bids = [
    { winningQuantity: 500, price: 1300, amount: 65_000 },
    { winningQuantity: 300, price: 1200, amount: 36_000 },
    { winningQuantity: 200, price: 1100, amount: 55_000 },
  ];

  it('adds up what the bids win, never more than the lot', () => {
    expect(winningTotals(bids)).toEqual({ quantity: 1000, amount: 65_000 + 36_000 + 22_000 });
    expect(winningTotals([])).toEqual({ quantity: 0, amount: 0 });
  });

  it('shows an ended bid at what it won, a live or losing one at what it asks', () => {
    expect(shownAmount(bids[2]!, false)).toBe(22_000);
    expect(shownAmount(bids[2]!, true)).toBe(55_000);
    expect(shownAmount({ winningQuantity: 0, price: 1000, amount: 10_000 }, false)).toBe(10_000);
  });
});
