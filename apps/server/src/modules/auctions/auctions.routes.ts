import { auctionsApi, buyerAuctionsApi } from '@sm/contract/routes';
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

  route(app, auctionsApi.create, async (req) => auctions.publish(authOf(req).accountId, req.body));

  route(app, auctionsApi.list, async (req) => auctions.list(authOf(req).accountId, req.query));

  route(app, auctionsApi.delete, async (req) => {
    await auctions.remove(authOf(req).accountId, req.params.id);
    return { ok: true as const };
  });

  route(app, auctionsApi.dashboard, async (req) => auctions.dashboard(authOf(req).accountId));

  route(app, auctionsApi.getLot, async (req) =>
    auctions.lotDetail(authOf(req).accountId, req.params.id),
  );

  route(app, auctionsApi.offerLot, async (req) =>
    auctions.offerReturned(authOf(req).accountId, req.params.id),
  );

  route(app, auctionsApi.relistLot, async (req) =>
    auctions.relistReturned(authOf(req).accountId, req.params.id),
  );
}

export async function buyerAuctionRoutes(app: FastifyInstance, { bids }: { bids: BidService }) {
  app.addHook('onRequest', app.requireBuyer);

  route(app, buyerAuctionsApi.lots, async (req) => bids.liveLots(authOf(req).accountId, req.query));

  route(app, buyerAuctionsApi.getLot, async (req) =>
    bids.lotForBuyer(authOf(req).accountId, req.params.id),
  );

  route(app, buyerAuctionsApi.bid, async (req) =>
    bids.placeBid(authOf(req).accountId, req.params.id, req.body),
  );

  route(app, buyerAuctionsApi.buyout, async (req) =>
    bids.buyout(authOf(req).accountId, req.params.id),
  );

  route(app, buyerAuctionsApi.bids, async (req) => bids.myBids(authOf(req).accountId));
}
