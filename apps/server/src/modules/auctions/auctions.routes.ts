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
  okResponse,
  placeBidRequest,
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
      ...merchantDoc('Live auctions, value of standing bids on live lots, value awarded so far'),
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
      ...buyerDoc('A lot with its ladder (buyers masked) and this buyer’s bid'),
      params: idParams,
      response: { 200: buyerLotDetail },
    },
    handler: async (req) => bids.lotForBuyer(authOf(req).accountId, req.params.id),
  });

  r.post('/lots/:id/bids', {
    schema: {
      ...buyerDoc(
        'Place or raise this buyer’s bid: kg (tenths) at a price per kg (sen, ≥ start, steps of RM 0.10)',
      ),
      params: idParams,
      body: placeBidRequest,
      response: { 200: buyerLotDetail },
    },
    handler: async (req) => bids.placeBid(authOf(req).accountId, req.params.id, req.body),
  });

  r.post('/lots/:id/buyout', {
    schema: {
      ...buyerDoc('Take the whole lot at its buyout price; the lot ends now'),
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
