import { z } from 'zod';
import { requiredText } from './validation.js';

/**
 * Trust in the market (PRODUCT.md §4a): covered bids, buyers' records, defaults re-offered, no
 * self-dealing. The shapes here are shared by the buyer API, the merchant app and the operator.
 */

/** How long after a lot's end its losing bids stay binding, so its returned kg can be offered. */
export const OFFER_WINDOW_MS = 48 * 60 * 60_000;

/** A buyer's record across the market: what a merchant sees next to a bid or an order. */
export const buyerRecord = z.object({
  /** Orders the buyer has paid (by itself or charged at the deadline). */
  ordersPaid: z.number().int(),
  /** Of those, paid by the buyer before the deadline. */
  paidOnTime: z.number().int(),
  /** Orders canceled because the buyer's wallet could not pay them at the deadline. */
  defaults: z.number().int(),
});
export type BuyerRecord = z.infer<typeof buyerRecord>;
export const NO_RECORD: BuyerRecord = { ordersPaid: 0, paidOnTime: 0, defaults: 0 };

/**
 * A buyer's cover (sen): exposure is every standing bid on a live lot at its full amount plus every
 * order awaiting payment; a bid is accepted while exposure ≤ balance + credit limit.
 */
export const buyerCover = z.object({
  balance: z.number().int(),
  creditLimit: z.number().int(),
  exposure: z.number().int(),
  /** balance + credit limit − exposure: what a new bid may still add. */
  available: z.number().int(),
});
export type BuyerCover = z.infer<typeof buyerCover>;

/** One share of returned kg given to a next bidder: a new order awaiting payment. */
export const offeredShare = z.object({
  buyer: z.string(),
  quantity: z.number().int(),
  price: z.number().int(),
  amount: z.number().int(),
  orderNumber: z.string(),
});

export const offerResponse = z.object({
  offered: z.array(offeredShare),
  /** Kg still returned after the offer (no more bidders, or their cover did not allow it). */
  returnedQuantity: z.number().int(),
});
export type OfferResponse = z.infer<typeof offerResponse>;

export const relistResponse = z.object({
  auctionId: z.string(),
  lotId: z.string(),
  quantity: z.number().int(),
  endsAt: z.string(),
});
export type RelistResponse = z.infer<typeof relistResponse>;

// Operator

export const buyerRefParams = z.object({ buyer: z.string().trim().min(1).max(40) });

export const operatorBuyer = z.object({
  id: z.string(),
  phone: z.string(),
  name: z.string().nullable(),
  cover: buyerCover,
  record: buyerRecord,
  suspendedAt: z.string().nullable(),
  suspendedReason: z.string().nullable(),
  /** The merchant the operator linked this buyer to (same party: may not bid on its lots). */
  linkedMerchant: z.object({ id: z.string(), phone: z.string() }).nullable(),
  /** A merchant account on the same phone: the same party too. */
  samePhoneMerchantId: z.string().nullable(),
});
export type OperatorBuyer = z.infer<typeof operatorBuyer>;

/** The most credit the operator may grant one buyer: RM 1,000,000. */
export const MAX_CREDIT_LIMIT = 100_000_000;

export const creditLimitBody = z.object({
  amount: z
    .number({ error: 'INVALID_CREDIT_LIMIT' })
    .int('INVALID_CREDIT_LIMIT')
    .min(0, 'INVALID_CREDIT_LIMIT')
    .max(MAX_CREDIT_LIMIT, 'INVALID_CREDIT_LIMIT'),
});
export const suspendBody = z.object({ reason: requiredText(200) });
export const merchantLinkBody = z.object({
  /** A merchant's id or phone; null removes the link. */
  merchant: z.string().trim().min(1).max(40).nullable(),
});
