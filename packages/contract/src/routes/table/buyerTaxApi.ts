// Generated from the route declarations by `npm run routes:table`: do not edit.
import type * as declared from '../index.js';
import { ref } from '../ref.js';

export const buyerTaxApi = {
  getBuyerTaxDetails: ref<typeof declared.buyerTaxApi.getBuyerTaxDetails>(
    'GET',
    '/api/buyer/tax-details',
  ),
  putBuyerTaxDetails: ref<typeof declared.buyerTaxApi.putBuyerTaxDetails>(
    'PUT',
    '/api/buyer/tax-details',
  ),
  deleteBuyerTaxDetails: ref<typeof declared.buyerTaxApi.deleteBuyerTaxDetails>(
    'DELETE',
    '/api/buyer/tax-details',
  ),
};
