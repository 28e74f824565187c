// Generated from the route declarations by `npm run routes:table`: do not edit.
import type * as declared from '../index.js';
import { ref } from '../ref.js';

export const ordersApi = {
  getOrders: ref<typeof declared.ordersApi.getOrders>('GET', '/api/orders'),
  getOrdersExport: ref<typeof declared.ordersApi.getOrdersExport>('GET', '/api/orders/export'),
  getOrdersCounts: ref<typeof declared.ordersApi.getOrdersCounts>('GET', '/api/orders/counts'),
  getOrdersById: ref<typeof declared.ordersApi.getOrdersById>('GET', '/api/orders/:id'),
  postOrdersByIdStatus: ref<typeof declared.ordersApi.postOrdersByIdStatus>(
    'POST',
    '/api/orders/:id/status',
  ),
  postOrdersByIdCancel: ref<typeof declared.ordersApi.postOrdersByIdCancel>(
    'POST',
    '/api/orders/:id/cancel',
  ),
  getBuyerOrders: ref<typeof declared.ordersApi.getBuyerOrders>('GET', '/api/buyer/orders'),
  getBuyerOrdersById: ref<typeof declared.ordersApi.getBuyerOrdersById>(
    'GET',
    '/api/buyer/orders/:id',
  ),
  postBuyerOrdersByIdPay: ref<typeof declared.ordersApi.postBuyerOrdersByIdPay>(
    'POST',
    '/api/buyer/orders/:id/pay',
  ),
  getBuyerWallet: ref<typeof declared.ordersApi.getBuyerWallet>('GET', '/api/buyer/wallet'),
  postBuyerWalletTopUp: ref<typeof declared.ordersApi.postBuyerWalletTopUp>(
    'POST',
    '/api/buyer/wallet/top-up',
  ),
};
