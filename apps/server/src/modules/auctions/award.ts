/** A standing bid, as the award rule needs it. */
export interface RankableBid {
  id: string;
  /** Acceptance order, for bids placed in the same millisecond. */
  seq: number;
  quantity: number;
  price: number;
  createdAt: Date;
}

/** Highest price first, then earliest (by time, then by the order the server took them). */
export function rankBids<T extends RankableBid>(bids: readonly T[]): T[] {
  return [...bids].sort(
    (a, b) => b.price - a.price || a.createdAt.getTime() - b.createdAt.getTime() || a.seq - b.seq,
  );
}

/**
 * PRODUCT.md §4, multi-unit pay-as-bid: in rank order each bid gets its quantity until the lot is
 * used up; the last winner may get part of its quantity. Returns the quantity won per bid id (0 for
 * a losing bid), in rank order.
 */
export function allocate<T extends RankableBid>(
  bids: readonly T[],
  lotQuantity: number,
): { bid: T; quantity: number }[] {
  let left = lotQuantity;
  return rankBids(bids).map((bid) => {
    const quantity = Math.min(bid.quantity, left);
    left -= quantity;
    return { bid, quantity };
  });
}
