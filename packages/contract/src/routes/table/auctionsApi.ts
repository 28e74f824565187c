// Generated from the route declarations by `npm run routes:table`: do not edit.
import type * as declared from '../index.js';
import { ref } from '../ref.js';

export const auctionsApi = {
  create: ref<typeof declared.auctionsApi.create>('POST', '/api/auctions'),
  list: ref<typeof declared.auctionsApi.list>('GET', '/api/auctions'),
  delete: ref<typeof declared.auctionsApi.delete>('DELETE', '/api/auctions/:id'),
  dashboard: ref<typeof declared.auctionsApi.dashboard>('GET', '/api/dashboard'),
  getLot: ref<typeof declared.auctionsApi.getLot>('GET', '/api/lots/:id'),
  offerLot: ref<typeof declared.auctionsApi.offerLot>('POST', '/api/lots/:id/offer'),
  relistLot: ref<typeof declared.auctionsApi.relistLot>('POST', '/api/lots/:id/relist'),
};
