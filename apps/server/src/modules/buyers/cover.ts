import { type BuyerCover, ERROR_CODES, formatRM } from '@sm/contract';
import type { Tx } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import { coverOf, lockBuyerCover } from './buyers.repo.js';

/** What the buyer's bids may still add: balance + credit limit − exposure. */
export async function buyerCover(tx: Tx, buyerId: string): Promise<BuyerCover> {
  const c = await coverOf(tx, buyerId);
  return { ...c, available: c.balance + c.creditLimit - c.exposure };
}

/**
 * PRODUCT.md §4a, in the bid's own transaction (the lot already locked): the buyer may bid on this
 * merchant's lot, and its exposure after the bid, which replaces a standing bid of `replaces` sen
 * with one of `amount` sen, stays within its balance plus credit limit. The buyer's account stays
 * locked until the transaction ends, so concurrent bids of one buyer are checked one after another
 * and together can never exceed its cover.
 */
export async function assertCovered(
  tx: Tx,
  bid: { buyerId: string; merchantId: string; amount: number; replaces: number },
): Promise<void> {
  const cover = await lockBuyerCover(tx, bid.buyerId, bid.merchantId);
  if (!cover) throw new AppError('FORBIDDEN');
  if (cover.suspended) throw new AppError('BUYER_SUSPENDED');
  if (cover.sameParty) throw new AppError('OWN_LOT');
  const shortfall =
    cover.exposure - bid.replaces + bid.amount - (cover.balance + cover.creditLimit);
  if (shortfall > 0) throw insufficientBalance(shortfall);
}

/** The refusal of a bid or buyout its buyer cannot cover, with what is missing, in sen. */
export const insufficientBalance = (shortfall: number) =>
  new AppError('INSUFFICIENT_BALANCE', {
    shortfall,
    message: `${ERROR_CODES.INSUFFICIENT_BALANCE.message}: ${formatRM(shortfall)} missing`,
  });
