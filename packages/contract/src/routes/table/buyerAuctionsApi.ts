// Generated from the route declarations by `npm run routes:table`: do not edit.
import type * as declared from '../index.js';
import { ref } from '../ref.js';

export const buyerAuctionsApi = {
  lots: ref<typeof declared.buyerAuctionsApi.lots>('GET', '/api/buyer/lots'),
  getLot: ref<typeof declared.buyerAuctionsApi.getLot>('GET', '/api/buyer/lots/:id'),
  bid: ref<typeof declared.buyerAuctionsApi.bid>('POST', '/api/buyer/lots/:id/bids'),
  buyout: ref<typeof declared.buyerAuctionsApi.buyout>('POST', '/api/buyer/lots/:id/buyout'),
  bids: ref<typeof declared.buyerAuctionsApi.bids>('GET', '/api/buyer/bids'),
};
