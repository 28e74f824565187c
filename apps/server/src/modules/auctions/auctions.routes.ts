import { auctionsApi } from '@sm/contract/routes';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route.js';
import { authOf } from '../auth/auth.guard.js';
import type { AuctionService } from './auctions.service.js';
import type { BidService } from './bids.service.js';

export async function merchantAuctionRoutes(
  app: FastifyInstance,
  { auctions }: { auctions: AuctionService },
) {
  app.addHook('onRequest', app.requireMerchant);

  route(app, auctionsApi.postAuctions, async (req) =>
    auctions.publish(authOf(req).accountId, req.body),
  );

  route(app, auctionsApi.getAuctions, async (req) =>
    auctions.list(authOf(req).accountId, req.query),
  );

  route(app, auctionsApi.deleteAuctionsById, async (req) => {
    await auctions.remove(authOf(req).accountId, req.params.id);
    return { ok: true as const };
  });

  route(app, auctionsApi.getDashboard, async (req) => auctions.dashboard(authOf(req).accountId));

  route(app, auctionsApi.getLotsById, async (req) =>
    auctions.lotDetail(authOf(req).accountId, req.params.id),
  );

  route(app, auctionsApi.postLotsByIdOffer, async (req) =>
    auctions.offerReturned(authOf(req).accountId, req.params.id),
  );

  route(app, auctionsApi.postLotsByIdRelist, async (req) =>
    auctions.relistReturned(authOf(req).accountId, req.params.id),
  );
}

export async function buyerAuctionRoutes(app: FastifyInstance, { bids }: { bids: BidService }) {
  app.addHook('onRequest', app.requireBuyer);

  route(app, auctionsApi.getBuyerLots, async (req) =>
    bids.liveLots(authOf(req).accountId, req.query),
  );

  route(app, auctionsApi.getBuyerLotsById, async (req) =>
    bids.lotForBuyer(authOf(req).accountId, req.params.id),
  );

  route(app, auctionsApi.postBuyerLotsByIdBids, async (req) =>
    bids.placeBid(authOf(req).accountId, req.params.id, req.body),
  );

  route(app, auctionsApi.postBuyerLotsByIdBuyout, async (req) =>
    bids.buyout(authOf(req).accountId, req.params.id),
  );

  route(app, auctionsApi.getBuyerBids, async (req) => bids.myBids(authOf(req).accountId));
}
