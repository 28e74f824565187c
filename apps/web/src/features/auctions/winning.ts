import { amountOf, type MerchantBidEntry } from '@sm/contract';

/**
 * The kg a lot's bids win if it ended now (or won, once it has) and what those kg are worth at each
 * bid's own price: never more than the lot, unlike the sum of what the bids ask for.
 */
export function winningTotals(
  bids: readonly Pick<MerchantBidEntry, 'winningQuantity' | 'price'>[],
) {
  return bids.reduce(
    (sum, bid) => ({
      quantity: sum.quantity + bid.winningQuantity,
      amount: sum.amount + amountOf(bid.winningQuantity, bid.price),
    }),
    { quantity: 0, amount: 0 },
  );
}

/** What a bid's row shows as its amount: what it won once the lot has ended and it won kg. */
export function shownAmount(
  bid: Pick<MerchantBidEntry, 'winningQuantity' | 'price' | 'amount'>,
  live: boolean,
): number {
  return !live && bid.winningQuantity > 0 ? amountOf(bid.winningQuantity, bid.price) : bid.amount;
}
