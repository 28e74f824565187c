// Generated from the route declarations by `npm run routes:table`: do not edit.
import type * as declared from '../index.js';
import { ref } from '../ref.js';

export const ordersApi = {
  list: ref<typeof declared.ordersApi.list>('GET', '/api/orders'),
  export: ref<typeof declared.ordersApi.export>('GET', '/api/orders/export'),
  counts: ref<typeof declared.ordersApi.counts>('GET', '/api/orders/counts'),
  get: ref<typeof declared.ordersApi.get>('GET', '/api/orders/:id'),
  setStatus: ref<typeof declared.ordersApi.setStatus>('POST', '/api/orders/:id/status'),
  cancel: ref<typeof declared.ordersApi.cancel>('POST', '/api/orders/:id/cancel'),
};
