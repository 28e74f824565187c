// Generated from the route declarations by `npm run routes:table`: do not edit.
import type * as declared from '../index.js';
import { ref } from '../ref.js';

export const buyerTaxApi = {
  get: ref<typeof declared.buyerTaxApi.get>('GET', '/api/buyer/tax-details'),
  update: ref<typeof declared.buyerTaxApi.update>('PUT', '/api/buyer/tax-details'),
  delete: ref<typeof declared.buyerTaxApi.delete>('DELETE', '/api/buyer/tax-details'),
};
