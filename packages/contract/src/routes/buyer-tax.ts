import { buyerTaxDetailsInput, buyerTaxDetailsResponse } from '../index.js';
import { routeGroup } from './define.js';

const route = routeGroup('Buyer tax details', 'buyerSession');

export const buyerTaxApi = {
  get: route({
    method: 'GET',
    path: '/api/buyer/tax-details',
    summary: 'This buyer’s tax details for e-invoices; null: invoiced as the general public',
    response: buyerTaxDetailsResponse,
  }),
  update: route({
    method: 'PUT',
    path: '/api/buyer/tax-details',
    summary:
      'Give the tax details to be e-invoiced in this name: registered name, TIN, ID, SST, address',
    description:
      'All at once, in LHDN’s formats: TIN with its type prefix; `idType` BRN (SSM number), NRIC, PASSPORT or ARMY with its number; SST like W10-1808-32000123 or null; up to 3 address lines, 5-digit postcode, city, LHDN state code 01–17.',
    errors: [
      'TAX_NAME_REQUIRED',
      'TAX_NAME_TOO_LONG',
      'TIN_REQUIRED',
      'TIN_INVALID',
      'ID_TYPE_INVALID',
      'ID_NUMBER_REQUIRED',
      'ID_NUMBER_INVALID',
      'SST_INVALID',
      'EMAIL_INVALID',
      'ADDRESS_REQUIRED',
      'ADDRESS_LINE_TOO_LONG',
      'POSTCODE_INVALID',
      'CITY_REQUIRED',
      'CITY_TOO_LONG',
      'STATE_REQUIRED',
    ],
    body: buyerTaxDetailsInput,
    response: buyerTaxDetailsResponse,
  }),
  delete: route({
    method: 'DELETE',
    path: '/api/buyer/tax-details',
    summary: 'Forget the tax details: invoiced as the general public from now on',
    response: buyerTaxDetailsResponse,
  }),
};
