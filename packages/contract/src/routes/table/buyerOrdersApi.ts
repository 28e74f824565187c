// Generated from the route declarations by `npm run routes:table`: do not edit.
import type * as declared from '../index.js';
import { ref } from '../ref.js';

export const buyerOrdersApi = {
  list: ref<typeof declared.buyerOrdersApi.list>('GET', '/api/buyer/orders'),
  get: ref<typeof declared.buyerOrdersApi.get>('GET', '/api/buyer/orders/:id'),
  pay: ref<typeof declared.buyerOrdersApi.pay>('POST', '/api/buyer/orders/:id/pay'),
  wallet: ref<typeof declared.buyerOrdersApi.wallet>('GET', '/api/buyer/wallet'),
  topUpWallet: ref<typeof declared.buyerOrdersApi.topUpWallet>('POST', '/api/buyer/wallet/top-up'),
};
