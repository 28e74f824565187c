import { z } from 'zod';
import {
  idParams,
  MAX_SSM_DOCUMENT_BYTES,
  SSM_DOCUMENT_TYPES,
  storeBasicInfoInput,
  storeCarouselInput,
  storeProfile,
  storeProfileInput,
  storeTaxDetails,
  storeTaxDetailsInput,
} from '../index.js';
import { binary, content, routeGroup } from './define.js';

const route = routeGroup('Merchant store', 'merchantSession');

const MB = 1024 * 1024;

const ssmForm = z.object({
  file: z
    .file()
    .describe(
      `The SSM registration document: a PDF or a photo (JPEG, PNG or WebP), up to ${MAX_SSM_DOCUMENT_BYTES / MB} MB`,
    ),
});
/** An SSM document as uploaded; the operator's review reads it too. */
export const ssmDocumentResponse = content(
  'The file as uploaded, of the type its content was found to be',
  Object.fromEntries(Object.keys(SSM_DOCUMENT_TYPES).map((type) => [type, binary()])),
);

export const storeApi = {
  get: route({
    method: 'GET',
    path: '/api/store',
    summary: 'The store profile, business status and latest SSM document',
    description:
      '`mapTiles` is the tile server the app draws its location map with (MAP_TILE_URL).',
    response: storeProfile,
  }),
  updateBasicInfo: route({
    method: 'PUT',
    path: '/api/store/basic-info',
    summary:
      'Save the logo, business name, address and location (creates the store the first time)',
    description:
      'The whole basic info: what is left out is cleared. `logoMediaId` is a photo the merchant uploaded (POST /api/media); another merchant’s answers 404. Latitude −90..90 and longitude −180..180, both or neither.',
    body: storeBasicInfoInput,
    response: storeProfile,
  }),
  updateProfile: route({
    method: 'PUT',
    path: '/api/store/profile',
    summary: 'Save the description and the announcements',
    description:
      'Description up to 500 characters; up to 5 announcements of up to 140 characters each, in the order the notice bar shows them. Needs the basic info saved first.',
    body: storeProfileInput,
    response: storeProfile,
  }),
  taxDetails: route({
    method: 'GET',
    path: '/api/store/tax-details',
    summary: 'The store’s tax details for e-invoices (PRODUCT.md §5a), and what is still missing',
    description:
      '`missing` lists the fields an e-invoice still needs; empty when one can be issued. `sstNumber` null: not registered for SST.',
    response: storeTaxDetails,
  }),
  updateTaxDetails: route({
    method: 'PUT',
    path: '/api/store/tax-details',
    summary: 'Save the store’s tax details: TIN, SSM number, SST, MSIC code and activity, address',
    description:
      'All of them at once; each is checked in LHDN’s format (TIN with its type prefix, SSM 12 digits or the old form, SST like W10-1808-32000123 or null, MSIC on LHDN’s list, postcode 5 digits, state 01–16). Needs the basic info saved first.',
    errors: [
      'TIN_REQUIRED',
      'TIN_INVALID',
      'REGISTRATION_REQUIRED',
      'REGISTRATION_INVALID',
      'SST_INVALID',
      'MSIC_REQUIRED',
      'MSIC_INVALID',
      'ACTIVITY_REQUIRED',
      'ACTIVITY_TOO_LONG',
      'ADDRESS_REQUIRED',
      'ADDRESS_LINE_TOO_LONG',
      'POSTCODE_INVALID',
      'CITY_REQUIRED',
      'CITY_TOO_LONG',
      'STATE_REQUIRED',
      'STORE_BASIC_INFO_REQUIRED',
    ],
    body: storeTaxDetailsInput,
    response: storeTaxDetails,
  }),
  updateCarousel: route({
    method: 'PUT',
    path: '/api/store/carousel',
    summary: 'Set the carousel: up to 5 of the merchant’s photos, in order',
    description: 'Reordering sends the new order; an empty list clears it.',
    body: storeCarouselInput,
    response: storeProfile,
  }),
  submitSsm: route({
    method: 'POST',
    path: '/api/store/ssm',
    summary:
      'Submit the SSM document for review (multipart/form-data, field `file`): Pending review',
    description:
      'The content decides the type, not the name. A Pending merchant may replace the document; a Verified one is refused (409 BUSINESS_ALREADY_VERIFIED).',
    multipart: true,
    body: ssmForm,
    response: storeProfile,
  }),
  ssmDocument: route({
    method: 'GET',
    path: '/api/store/ssm/:id',
    summary: 'Download one of the merchant’s SSM documents',
    description: 'Another merchant’s document answers 404, as a missing one does.',
    params: idParams,
    response: ssmDocumentResponse,
  }),
};
