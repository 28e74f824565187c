// Generated from the route declarations by `npm run routes:table`: do not edit.
import type * as declared from '../index.js';
import { ref } from '../ref.js';

export const storeApi = {
  get: ref<typeof declared.storeApi.get>('GET', '/api/store'),
  updateBasicInfo: ref<typeof declared.storeApi.updateBasicInfo>('PUT', '/api/store/basic-info'),
  updateProfile: ref<typeof declared.storeApi.updateProfile>('PUT', '/api/store/profile'),
  taxDetails: ref<typeof declared.storeApi.taxDetails>('GET', '/api/store/tax-details'),
  updateTaxDetails: ref<typeof declared.storeApi.updateTaxDetails>('PUT', '/api/store/tax-details'),
  updateCarousel: ref<typeof declared.storeApi.updateCarousel>('PUT', '/api/store/carousel'),
  submitSsm: ref<typeof declared.storeApi.submitSsm>('POST', '/api/store/ssm'),
  ssmDocument: ref<typeof declared.storeApi.ssmDocument>('GET', '/api/store/ssm/:id'),
};
