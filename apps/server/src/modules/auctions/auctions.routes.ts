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
  relistResponse,
} from '@sm/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { routeDoc } from '../../lib/route-doc.js';
import { authOf } from '../auth/auth.guard.js';
import type { AuctionService } from './auctions.service.js';
import type { BidService } from './bids.service.js';

const merchantDoc = routeDoc('Merchant auctions', 'merchantSession');
const buyerDoc = routeDoc('Buyer auctions', 'buyerSession');

export async function merchantAuctionRoutes(
  app: FastifyInstance,
  { auctions }: { auctions: AuctionService },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', app.requireMerchant);

  r.post('/auctions', {
    schema: {
      ...merchantDoc(
        'Publish an auction: its lots go live for exactly 15 minutes (Verified merchants only)',
      ),
      body: createAuctionRequest,
      response: { 200: createAuctionResponse },
    },
    handler: async (req) => auctions.publish(authOf(req).accountId, req.body),
  });

  r.get('/auctions', {
    schema: {
      ...merchantDoc('Live or ended auctions, newest first; search by name or species'),
      querystring: auctionListQuery,
      response: { 200: auctionListResponse },
    },
    handler: async (req) => auctions.list(authOf(req).accountId, req.query),
  });

  r.delete('/auctions/:id', {
    schema: {
      ...merchantDoc('Delete an auction without bids, or hide an ended one (its orders stay)'),
      params: idParams,
      response: { 200: okResponse },
    },
    handler: async (req) => {
      await auctions.remove(authOf(req).accountId, req.params.id);
      return { ok: true as const };
    },
  });

  r.get('/dashboard', {
    schema: {
      ...merchantDoc(
        'Live auctions; what the winning bids on live lots are worth; sales (orders Paid or later, not canceled); orders awaiting payment',
      ),
      response: { 200: dashboardResponse },
    },
    handler: async (req) => auctions.dashboard(authOf(req).accountId),
  });

  r.get('/lots/:id', {
    schema: {
      ...merchantDoc('A lot with its bid ladder, or its award once ended'),
      params: idParams,
      response: { 200: lotDetail },
    },
    handler: async (req) => auctions.lotDetail(authOf(req).accountId, req.params.id),
  });

  r.post('/lots/:id/offer', {
    schema: {
      ...merchantDoc(
        'Offer the lot’s returned kg to the next bidders in rank order at their own prices',
        'Each share that a bidder’s cover allows becomes a new order awaiting payment (PRODUCT.md §4a). Kg nobody could take stay returned.',
        ['NOT_FOUND', 'NOTHING_RETURNED', 'OFFER_CLOSED'],
      ),
      params: idParams,
      body: z.object({}).optional(),
      response: { 200: offerResponse },
    },
    handler: async (req) => auctions.offerReturned(authOf(req).accountId, req.params.id),
  });

  r.post('/lots/:id/relist', {
    schema: {
      ...merchantDoc(
        'Relist the lot’s returned kg as a new lot, live for 15 minutes from now',
        'The new lot has the same catch, photos and prices (PRODUCT.md §4a).',
        ['NOT_FOUND', 'NOTHING_RETURNED', 'NOT_VERIFIED'],
      ),
      params: idParams,
      body: z.object({}).optional(),
      response: { 200: relistResponse },
    },
    handler: async (req) => auctions.relistReturned(authOf(req).accountId, req.params.id),
  });
}

export async function buyerAuctionRoutes(app: FastifyInstance, { bids }: { bids: BidService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', app.requireBuyer);

  r.get('/lots', {
    schema: {
      ...buyerDoc('Live lots of every merchant, ending soonest first'),
      querystring: buyerLotListQuery,
      response: { 200: buyerLotListResponse },
    },
    handler: async (req) => bids.liveLots(authOf(req).accountId, req.query),
  });

  r.get('/lots/:id', {
    schema: {
      ...buyerDoc('A lot with its ladder (buyers masked) and this buyer’s bid', undefined, [
        'NOT_FOUND',
      ]),
      params: idParams,
      response: { 200: buyerLotDetail },
    },
    handler: async (req) => bids.lotForBuyer(authOf(req).accountId, req.params.id),
  });

  r.post('/lots/:id/bids', {
    schema: {
      ...buyerDoc(
        'Place or raise this buyer’s bid: kg (tenths) at a price per kg (sen, ≥ start, steps of RM 0.10)',
        'A bid is binding and must be covered (PRODUCT.md §4a): the buyer’s exposure after it (every standing bid on a live lot at its full amount, plus its orders awaiting payment) may not pass its wallet balance plus the credit limit the operator grants it. `INSUFFICIENT_BALANCE` carries `shortfall`, the sen missing. A buyer may not bid on the lots of a merchant on its own phone or linked to it, nor while suspended.',
        [
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
      ),
      params: idParams,
      body: placeBidRequest,
      response: { 200: buyerLotDetail },
    },
    handler: async (req) => bids.placeBid(authOf(req).accountId, req.params.id, req.body),
  });

  r.post('/lots/:id/buyout', {
    schema: {
      ...buyerDoc(
        'Take the whole lot at its buyout price; the lot ends now',
        'Covered like a bid (PRODUCT.md §4a): the lot’s whole quantity at the buyout price, replacing this buyer’s standing bid on the lot, must fit within its balance plus credit limit. The order it creates awaits payment.',
        [
          'NOT_FOUND',
          'LOT_ENDED',
          'NO_BUYOUT',
          'INSUFFICIENT_BALANCE',
          'OWN_LOT',
          'BUYER_SUSPENDED',
        ],
      ),
      params: idParams,
      body: z.object({}).optional(),
      response: { 200: buyerLotDetail },
    },
    handler: async (req) => bids.buyout(authOf(req).accountId, req.params.id),
  });

  r.get('/bids', {
    schema: {
      ...buyerDoc('This buyer’s standing bids and what they win'),
      response: { 200: buyerBidsResponse },
    },
    handler: async (req) => bids.myBids(authOf(req).accountId),
  });
}
