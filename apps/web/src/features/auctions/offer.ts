import { amountOf, type LotAward, type OfferResponse } from '@sm/contract';

type NextBidder = LotAward['nextBidders'][number];
type OfferShare = NextBidder & { amount: number };

/**
 * What an offer of `returned` kg would give if every bidder's cover allowed it: the next bidders in
 * rank order, each up to the kg its bid did not get, until the returned kg run out. `more` counts
 * the bidders after them, asked only when a share above is not covered.
 */
export function offerPlan(returned: number, bidders: readonly NextBidder[]) {
  const shares: OfferShare[] = [];
  let left = returned;
  let asked = 0;
  for (const bidder of bidders) {
    if (left <= 0) break;
    asked += 1;
    const quantity = Math.min(bidder.quantity, left);
    if (quantity <= 0) continue;
    shares.push({ ...bidder, quantity, amount: amountOf(quantity, bidder.price) });
    left -= quantity;
  }
  return { shares, more: bidders.length - asked };
}

/** The kg an offer gave and the number of shares (one per bid) it gave them in. */
export const offerOutcome = (answer: OfferResponse) => ({
  quantity: answer.offered.reduce((sum, share) => sum + share.quantity, 0),
  bidders: answer.offered.length,
});
