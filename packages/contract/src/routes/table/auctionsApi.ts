// Generated from the route declarations by `npm run routes:table`: do not edit.
import type * as declared from '../index.js';
import { ref } from '../ref.js';

export const auctionsApi = {
  postAuctions: ref<typeof declared.auctionsApi.postAuctions>('POST', '/api/auctions'),
  getAuctions: ref<typeof declared.auctionsApi.getAuctions>('GET', '/api/auctions'),
  deleteAuctionsById: ref<typeof declared.auctionsApi.deleteAuctionsById>(
    'DELETE',
    '/api/auctions/:id',
  ),
  getDashboard: ref<typeof declared.auctionsApi.getDashboard>('GET', '/api/dashboard'),
  getLotsById: ref<typeof declared.auctionsApi.getLotsById>('GET', '/api/lots/:id'),
  postLotsByIdOffer: ref<typeof declared.auctionsApi.postLotsByIdOffer>(
    'POST',
    '/api/lots/:id/offer',
  ),
  postLotsByIdRelist: ref<typeof declared.auctionsApi.postLotsByIdRelist>(
    'POST',
    '/api/lots/:id/relist',
  ),
  getBuyerLots: ref<typeof declared.auctionsApi.getBuyerLots>('GET', '/api/buyer/lots'),
  getBuyerLotsById: ref<typeof declared.auctionsApi.getBuyerLotsById>('GET', '/api/buyer/lots/:id'),
  postBuyerLotsByIdBids: ref<typeof declared.auctionsApi.postBuyerLotsByIdBids>(
    'POST',
    '/api/buyer/lots/:id/bids',
  ),
  postBuyerLotsByIdBuyout: ref<typeof declared.auctionsApi.postBuyerLotsByIdBuyout>(
    'POST',
    '/api/buyer/lots/:id/buyout',
  ),
  getBuyerBids: ref<typeof declared.auctionsApi.getBuyerBids>('GET', '/api/buyer/bids'),
};
