// Generated from the route declarations by `npm run routes:table`: do not edit.
import type * as declared from '../index.js';
import { ref } from '../ref.js';

export const storeApi = {
  getStore: ref<typeof declared.storeApi.getStore>('GET', '/api/store'),
  putStoreBasicInfo: ref<typeof declared.storeApi.putStoreBasicInfo>(
    'PUT',
    '/api/store/basic-info',
  ),
  putStoreProfile: ref<typeof declared.storeApi.putStoreProfile>('PUT', '/api/store/profile'),
  getStoreTaxDetails: ref<typeof declared.storeApi.getStoreTaxDetails>(
    'GET',
    '/api/store/tax-details',
  ),
  putStoreTaxDetails: ref<typeof declared.storeApi.putStoreTaxDetails>(
    'PUT',
    '/api/store/tax-details',
  ),
  putStoreCarousel: ref<typeof declared.storeApi.putStoreCarousel>('PUT', '/api/store/carousel'),
  postStoreSsm: ref<typeof declared.storeApi.postStoreSsm>('POST', '/api/store/ssm'),
  getStoreSsmById: ref<typeof declared.storeApi.getStoreSsmById>('GET', '/api/store/ssm/:id'),
};
