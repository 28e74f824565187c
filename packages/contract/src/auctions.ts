import { z } from 'zod';
import {
  DESCRIPTION_MAX_LENGTH,
  LANDING_LEEWAY_MS,
  LANDING_MAX_AGE_DAYS,
  MAX_LOT_PHOTOS,
  MAX_LOT_VIDEOS,
  MAX_LOTS_PER_AUCTION,
  TEXT_MAX_LENGTH,
} from './constants.js';
import { buyerRecord } from './market.js';
import { cancelReason, orderStatus } from './order-status.js';
import { mediaItem } from './media.js';
import { MAX_PRICE, MAX_QUANTITY, MIN_PRICE, MIN_QUANTITY, PRICE_STEP } from './money.js';
import { SPECIES_CODES } from './species.js';
import { optionalText, requiredId, requiredOrBad, requiredText } from './validation.js';

export const freshness = z.enum(['fresh', 'frozen'], { error: requiredOrBad });
export type Freshness = z.infer<typeof freshness>;
export const speciesSchema = z.enum(SPECIES_CODES, { error: requiredOrBad });

/** Tenths of a kg: a fraction of a tenth is a second decimal of kg. */
export const quantitySchema = z
  .number({ error: requiredOrBad })
  .int('QUANTITY_DECIMALS')
  .min(MIN_QUANTITY, 'INVALID_QUANTITY')
  .max(MAX_QUANTITY, 'INVALID_QUANTITY');

/** Sen per kg, in steps of RM 0.10 (a fraction of a sen is off the step too). */
export const priceSchema = z
  .number({ error: requiredOrBad })
  .int('PRICE_STEP')
  .min(MIN_PRICE, 'INVALID_PRICE')
  .max(MAX_PRICE, 'INVALID_PRICE')
  .refine((p) => p % PRICE_STEP === 0, 'PRICE_STEP');

const isoDateTime = () =>
  z.iso.datetime({
    offset: true,
    error: (i) => (requiredOrBad(i) === 'REQUIRED_FIELDS' ? 'REQUIRED_FIELDS' : 'INVALID_DATE'),
  });

/** The two prices of a lot, for judging one against the other. */
const lotPrices = z.object({ startPrice: priceSchema, buyoutPrice: priceSchema.nullish() });

/**
 * What is wrong with a landing time at `now`, or null: not in the future (beyond the leeway), and
 * not more than LANDING_MAX_AGE_DAYS back. The form checks it on the phone's clock, the server on
 * its own.
 */
export function landingProblem(
  landedAt: Date,
  now: Date,
): 'LANDING_IN_FUTURE' | 'LANDING_TOO_OLD' | null {
  const at = landedAt.getTime();
  if (at > now.getTime() + LANDING_LEEWAY_MS) return 'LANDING_IN_FUTURE';
  if (at < now.getTime() - LANDING_MAX_AGE_DAYS * 24 * 60 * 60_000) return 'LANDING_TOO_OLD';
  return null;
}

/**
 * One lot of the Create Auction form (spec §3, §5). The server also checks what needs the clock or
 * the database: the landing time (landingProblem), the boat and the media are this merchant's.
 */
export const lotInput = z
  .object({
    boatId: requiredId(),
    harbor: requiredText(),
    freshness,
    landedAt: isoDateTime(),
    name: requiredText(TEXT_MAX_LENGTH, 'LOT_NAME_TOO_LONG'),
    species: speciesSchema,
    quantity: quantitySchema,
    startPrice: priceSchema,
    buyoutPrice: priceSchema.nullish(),
    description: optionalText(DESCRIPTION_MAX_LENGTH),
    notes: z
      .object({ size: optionalText(), icing: optionalText(), packaging: optionalText() })
      .default({ size: undefined, icing: undefined, packaging: undefined }),
    photoIds: z
      .array(requiredId(), { error: requiredOrBad })
      .min(1, 'PHOTO_REQUIRED')
      .max(MAX_LOT_PHOTOS, 'TOO_MANY_PHOTOS'),
    videoIds: z.array(requiredId()).max(MAX_LOT_VIDEOS, 'TOO_MANY_VIDEOS').default([]),
  })
  .refine((lot) => lot.buyoutPrice == null || lot.buyoutPrice > lot.startPrice, {
    message: 'BUYOUT_NOT_ABOVE_START',
    path: ['buyoutPrice'],
    // Judged whenever both prices are good, whatever else is missing: the form tells it at once.
    when: (payload) => lotPrices.safeParse(payload.value).success,
  });
export type LotInput = z.input<typeof lotInput>;

export const createAuctionRequest = z.object({
  lots: z
    .array(lotInput, { error: requiredOrBad })
    .min(1, 'REQUIRED_FIELDS')
    .max(MAX_LOTS_PER_AUCTION, 'TOO_MANY_LOTS'),
});
export type CreateAuctionRequest = z.input<typeof createAuctionRequest>;

export const createAuctionResponse = z.object({
  id: z.string(),
  lotIds: z.array(z.string()),
  endsAt: z.string(),
});

export const lotStatus = z.enum(['live', 'ended']);
export type LotStatus = z.infer<typeof lotStatus>;
export const endReason = z.enum(['time', 'buyout']);

/** A standing bid as a merchant sees it (the buyer's phone masked). */
export const bidEntry = z.object({
  id: z.string(),
  buyer: z.string(),
  quantity: z.number().int(),
  price: z.number().int(),
  amount: z.number().int(),
  at: z.string(),
  /** Live: the kg this bid would win if the lot ended now. Ended: the kg it won. */
  winningQuantity: z.number().int(),
});
export type BidEntry = z.infer<typeof bidEntry>;

/** A standing bid as the lot's merchant sees it: with the bidder's record (PRODUCT.md §4a). */
export const merchantBidEntry = bidEntry.extend({ record: buyerRecord });
export type MerchantBidEntry = z.infer<typeof merchantBidEntry>;

export const awardWinner = z.object({
  buyer: z.string(),
  quantity: z.number().int(),
  price: z.number().int(),
  amount: z.number().int(),
  orderNumber: z.string(),
  orderId: z.string(),
  /** The order's status now: a default shows as canceled with cancelReason 'default'. */
  status: orderStatus,
  cancelReason: cancelReason.nullable(),
  /** True for a share of returned kg offered to a next bidder. */
  offered: z.boolean(),
  record: buyerRecord,
});

export const lotAward = z.object({
  /**
   * Kg in the lot's orders, less those a default or a cancel before payment gave back (a
   * cancel-and-refund of a paid order keeps its kg here: PRODUCT.md §4a returns only unpaid kg).
   */
  awardedQuantity: z.number().int(),
  awardedAmount: z.number().int(),
  /** Kg no bid ever took. */
  unsoldQuantity: z.number().int(),
  /** Kg a default or a cancel gave back, not yet offered again or relisted (PRODUCT.md §4a). */
  returnedQuantity: z.number().int(),
  /** Kg relisted as new lots, with those lots. */
  relistedQuantity: z.number().int(),
  relistedLots: z.array(z.object({ id: z.string(), quantity: z.number().int() })),
  /**
   * Returned kg may be offered to the next bidders until then (the losing bids' binding window);
   * null when nothing is returned or the window has passed.
   */
  offerUntil: z.string().nullable(),
  /** Bidders the offer would ask, in rank order (kg they bid and did not get). */
  nextBidders: z.array(
    z.object({
      buyer: z.string(),
      quantity: z.number().int(),
      price: z.number().int(),
      record: buyerRecord,
    }),
  ),
  serviceFee: z.number().int(),
  projectedSettlement: z.number().int(),
  winners: z.array(awardWinner),
  buyout: z
    .object({ buyer: z.string(), price: z.number().int(), amount: z.number().int() })
    .nullable(),
});
export type LotAward = z.infer<typeof lotAward>;

const lotFacts = {
  id: z.string(),
  auctionId: z.string(),
  name: z.string(),
  species: speciesSchema,
  freshness,
  harbor: z.string(),
  landedAt: z.string(),
  quantity: z.number().int(),
  startPrice: z.number().int(),
  buyoutPrice: z.number().int().nullable(),
  description: z.string().nullable(),
  notes: z.object({
    size: z.string().nullable(),
    icing: z.string().nullable(),
    packaging: z.string().nullable(),
  }),
  photos: z.array(mediaItem),
  video: mediaItem.nullable(),
  status: lotStatus,
  publishedAt: z.string(),
  endsAt: z.string(),
  endedAt: z.string().nullable(),
  endReason: endReason.nullable(),
};

/** GET /api/lots/:id: everything the lot detail page shows. */
export const lotDetail = z.object({
  ...lotFacts,
  position: z.number().int(),
  boat: z.object({ id: z.string(), boatNumber: z.string(), ownerName: z.string() }),
  /** Standing bids, best first (price, then earliest). */
  bids: z.array(merchantBidEntry),
  bidQuantity: z.number().int(),
  bidAmount: z.number().int(),
  /** Basis points of the service fee that the lot's orders take (500 = 5 %). */
  serviceFeeRate: z.number().int(),
  /** Awarded (or, while live, currently winning) amount minus the service fee. */
  projectedSettlement: z.number().int(),
  /** Null while live, and in the moment between the end and the award. */
  award: lotAward.nullable(),
  /** The lot whose returned kg this lot relists. */
  relistedFrom: z.string().nullable(),
  /** The auction's lots, this one included, in form order. */
  siblings: z.array(z.object({ id: z.string(), name: z.string(), status: lotStatus })),
  /** The server's time, so a phone with a wrong clock still counts down right. */
  serverNow: z.string(),
});
export type LotDetail = z.infer<typeof lotDetail>;

export const auctionSummary = z.object({
  id: z.string(),
  /** The first lot's name. */
  name: z.string(),
  species: z.array(speciesSchema),
  lotCount: z.number().int(),
  firstLotId: z.string(),
  thumbUrl: z.string().nullable(),
  totalQuantity: z.number().int(),
  bidQuantity: z.number().int(),
  bidAmount: z.number().int(),
  status: lotStatus,
  publishedAt: z.string(),
  endsAt: z.string(),
  awardedQuantity: z.number().int(),
  awardedAmount: z.number().int(),
  projectedSettlement: z.number().int(),
  /** PRODUCT.md §4: no bids, or ended. */
  canDelete: z.boolean(),
});
export type AuctionSummary = z.infer<typeof auctionSummary>;

export const auctionListQuery = z.object({
  status: lotStatus.default('live'),
  /** Name or species, in any of the three languages. */
  q: z.string().trim().max(TEXT_MAX_LENGTH, 'TEXT_TOO_LONG').optional(),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});

export const auctionListResponse = z.object({
  items: z.array(auctionSummary),
  nextCursor: z.string().nullable(),
  serverNow: z.string(),
});
export type AuctionListResponse = z.infer<typeof auctionListResponse>;

export const dashboardResponse = z.object({
  liveAuctions: z.number().int(),
  /** What the currently winning bids on live lots are worth (the award rule applied now), sen. */
  totalBidSales: z.number().int(),
  /** Orders Paid or later and not canceled (PRODUCT.md §4a "Sales"), sen. */
  totalSales: z.number().int(),
  /** Orders awaiting payment, shown apart from sales, sen. */
  awaitingPayment: z.number().int(),
});
export type Dashboard = z.infer<typeof dashboardResponse>;

// Buyer side

export const placeBidRequest = z
  .object({ quantity: quantitySchema, price: priceSchema })
  // 12.5 kg at RM 8.40 per kg (RM 105.00).
  .meta({ examples: [{ quantity: 125, price: 840 }] });

const myBid = z.object({
  quantity: z.number().int(),
  price: z.number().int(),
  amount: z.number().int(),
  at: z.string(),
  winningQuantity: z.number().int(),
});

/** A lot as a buyer sees it. */
export const buyerLot = z.object({
  ...lotFacts,
  storeName: z.string().nullable(),
  boatNumber: z.string(),
  bidCount: z.number().int(),
  highestPrice: z.number().int().nullable(),
  myBid: myBid.nullable(),
});
export type BuyerLot = z.infer<typeof buyerLot>;

export const buyerLotDetail = buyerLot.extend({ bids: z.array(bidEntry), serverNow: z.string() });

/**
 * What a bid or a buyout did, without the ladder (a bid is the market's hottest call): this
 * buyer's bid with the kg it wins now, and the lot's status and figures after it.
 */
export const placedBidResponse = z.object({
  lotId: z.string(),
  status: lotStatus,
  bidCount: z.number().int(),
  highestPrice: z.number().int().nullable(),
  myBid,
  serverNow: z.string(),
});
export type PlacedBid = z.infer<typeof placedBidResponse>;

export const buyerLotListQuery = z.object({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});
export const buyerLotListResponse = z.object({
  items: z.array(buyerLot),
  nextCursor: z.string().nullable(),
  serverNow: z.string(),
});

export const buyerBidsResponse = z.object({
  items: z.array(
    myBid.extend({
      lotId: z.string(),
      lotName: z.string(),
      species: speciesSchema,
      lotStatus,
      endsAt: z.string(),
      /** Null while live; the kg won once the lot is awarded. */
      awardedQuantity: z.number().int().nullable(),
    }),
  ),
});
