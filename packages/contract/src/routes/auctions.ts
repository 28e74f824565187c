import { z } from 'zod';
import {
  auctionListQuery,
  auctionListResponse,
  buyerBidsResponse,
  buyerLotDetail,
  buyerLotListQuery,
  buyerLotListResponse,
  createAuctionRequest,
  createAuctionResponse,
  dashboardResponse,
  idParams,
  lotDetail,
  offerResponse,
  okResponse,
  placeBidRequest,
  placedBidResponse,
  relistResponse,
} from '../index.js';
import { routeGroup } from './define.js';

const merchantRoute = routeGroup('Merchant auctions', 'merchantSession');
const buyerRoute = routeGroup('Buyer auctions', 'buyerSession');

export const auctionsApi = {
  create: merchantRoute({
    method: 'POST',
    path: '/api/auctions',
    summary:
      'Publish an auction: its lots go live for exactly 15 minutes (Verified merchants only)',
    body: createAuctionRequest,
    response: createAuctionResponse,
  }),
  list: merchantRoute({
    method: 'GET',
    path: '/api/auctions',
    summary: 'Live or ended auctions, newest first; search by name or species',
    query: auctionListQuery,
    response: auctionListResponse,
  }),
  delete: merchantRoute({
    method: 'DELETE',
    path: '/api/auctions/:id',
    summary: 'Delete an auction without bids, or hide an ended one (its orders stay)',
    params: idParams,
    response: okResponse,
  }),
  dashboard: merchantRoute({
    method: 'GET',
    path: '/api/dashboard',
    summary:
      'Live auctions; what the winning bids on live lots are worth; sales (orders Paid or later, not canceled); orders awaiting payment',
    response: dashboardResponse,
  }),
  getLot: merchantRoute({
    method: 'GET',
    path: '/api/lots/:id',
    summary: 'A lot with its bid ladder, or its award once ended',
    params: idParams,
    response: lotDetail,
  }),
  offerLot: merchantRoute({
    method: 'POST',
    path: '/api/lots/:id/offer',
    summary: 'Offer the lot’s returned kg to the next bidders in rank order at their own prices',
    description:
      'Each share that a bidder’s cover allows becomes a new order awaiting payment (PRODUCT.md §4a). Kg nobody could take stay returned.',
    errors: ['NOT_FOUND', 'NOTHING_RETURNED', 'OFFER_CLOSED'],
    params: idParams,
    body: z.object({}).optional(),
    response: offerResponse,
  }),
  relistLot: merchantRoute({
    method: 'POST',
    path: '/api/lots/:id/relist',
    summary: 'Relist the lot’s returned kg as a new lot, live for 15 minutes from now',
    description: 'The new lot has the same catch, photos and prices (PRODUCT.md §4a).',
    errors: ['NOT_FOUND', 'NOTHING_RETURNED', 'NOT_VERIFIED'],
    params: idParams,
    body: z.object({}).optional(),
    response: relistResponse,
  }),
};

export const buyerAuctionsApi = {
  lots: buyerRoute({
    method: 'GET',
    path: '/api/buyer/lots',
    summary: 'Live lots of every merchant, ending soonest first',
    query: buyerLotListQuery,
    response: buyerLotListResponse,
  }),
  getLot: buyerRoute({
    method: 'GET',
    path: '/api/buyer/lots/:id',
    summary: 'A lot with its ladder (buyers masked) and this buyer’s bid',
    errors: ['NOT_FOUND'],
    params: idParams,
    response: buyerLotDetail,
  }),
  bid: buyerRoute({
    method: 'POST',
    path: '/api/buyer/lots/:id/bids',
    summary:
      'Place or raise this buyer’s bid: kg (tenths) at a price per kg (sen, ≥ start, steps of RM 0.10)',
    description:
      'A bid is binding and must be covered (PRODUCT.md §4a): the buyer’s exposure after it (every standing bid on a live lot at its full amount, plus its orders awaiting payment) may not pass its wallet balance plus the credit limit the operator grants it. `INSUFFICIENT_BALANCE` carries `shortfall`, the sen missing. A buyer may not bid on the lots of a merchant on its own phone or linked to it, nor while suspended. The answer is this buyer’s bid with the kg it wins now and the lot’s figures, not the ladder: `GET /api/buyer/lots/:id` reads that.',
    errors: [
      'NOT_FOUND',
      'LOT_ENDED',
      'BID_BELOW_START',
      'BID_AT_BUYOUT',
      'BID_OVER_QUANTITY',
      'BID_NOT_RAISED',
      'INSUFFICIENT_BALANCE',
      'OWN_LOT',
      'BUYER_SUSPENDED',
      'INVALID_QUANTITY',
      'QUANTITY_DECIMALS',
      'INVALID_PRICE',
      'PRICE_STEP',
    ],
    params: idParams,
    body: placeBidRequest,
    response: placedBidResponse,
  }),
  buyout: buyerRoute({
    method: 'POST',
    path: '/api/buyer/lots/:id/buyout',
    summary: 'Take the whole lot at its buyout price; the lot ends now',
    description:
      'Covered like a bid (PRODUCT.md §4a): the lot’s whole quantity at the buyout price, replacing this buyer’s standing bid on the lot, must fit within its balance plus credit limit. The order it creates awaits payment. The answer is shaped as a bid’s.',
    errors: [
      'NOT_FOUND',
      'LOT_ENDED',
      'NO_BUYOUT',
      'INSUFFICIENT_BALANCE',
      'OWN_LOT',
      'BUYER_SUSPENDED',
    ],
    params: idParams,
    body: z.object({}).optional(),
    response: placedBidResponse,
  }),
  bids: buyerRoute({
    method: 'GET',
    path: '/api/buyer/bids',
    summary: 'This buyer’s standing bids and what they win',
    response: buyerBidsResponse,
  }),
};
