import multipart from '@fastify/multipart';
import {
  idParams,
  MAX_SSM_DOCUMENT_BYTES,
  storeBasicInfoInput,
  storeCarouselInput,
  storeProfile,
  storeProfileInput,
  storeTaxDetails,
  storeTaxDetailsInput,
} from '@sm/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/errors.js';
import { routeDoc } from '../../lib/route-doc.js';
import { authOf } from '../auth/auth.guard.js';
import { fileOf } from '../media/media.http.js';
import { sendDocument, ssmDocumentResponse } from './store.http.js';
import type { StoreService } from './store.service.js';

const doc = routeDoc('Merchant store', 'merchantSession');
const MB = 1024 * 1024;

/** The form, for the OpenAPI document only: the handler streams the file itself. */
const ssmForm = z.object({
  file: z
    .file()
    .describe(
      `The SSM registration document: a PDF or a photo (JPEG, PNG or WebP), up to ${MAX_SSM_DOCUMENT_BYTES / MB} MB`,
    ),
});

/** GET/PUT /api/store…: the profile, basic info, description and announcements, carousel, SSM. */
export async function storeRoutes(app: FastifyInstance, { store }: { store: StoreService }) {
  // Scoped to this plugin, as media's is to its own.
  await app.register(multipart, {
    limits: {
      files: 1,
      // One byte over the limit, so "too large" is told apart from "exactly 10 MB".
      fileSize: MAX_SSM_DOCUMENT_BYTES + 1,
      fields: 4,
      fieldNameSize: 100,
      fieldSize: 1024,
      parts: 5,
      headerPairs: 20,
    },
  });
  const r = app.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', app.requireMerchant);

  r.get('/store', {
    schema: {
      ...doc(
        'The store profile, business status and latest SSM document',
        '`mapTiles` is the tile server the app draws its location map with (MAP_TILE_URL).',
      ),
      response: { 200: storeProfile },
    },
    handler: async (req) => store.get(authOf(req).accountId),
  });

  r.put('/store/basic-info', {
    schema: {
      ...doc(
        'Save the logo, business name, address and location (creates the store the first time)',
        'The whole basic info: what is left out is cleared. `logoMediaId` is a photo the merchant uploaded (POST /api/media); another merchant’s answers 404. Latitude −90..90 and longitude −180..180, both or neither.',
      ),
      body: storeBasicInfoInput,
      response: { 200: storeProfile },
    },
    handler: async (req) => store.saveBasicInfo(authOf(req).accountId, req.body),
  });

  r.put('/store/profile', {
    schema: {
      ...doc(
        'Save the description and the announcements',
        'Description up to 500 characters; up to 5 announcements of up to 140 characters each, in the order the notice bar shows them. Needs the basic info saved first.',
      ),
      body: storeProfileInput,
      response: { 200: storeProfile },
    },
    handler: async (req) => store.saveProfile(authOf(req).accountId, req.body),
  });

  r.get('/store/tax-details', {
    schema: {
      ...doc(
        'The store’s tax details for e-invoices (PRODUCT.md §5a), and what is still missing',
        '`missing` lists the fields an e-invoice still needs; empty when one can be issued. `sstNumber` null: not registered for SST.',
      ),
      response: { 200: storeTaxDetails },
    },
    handler: async (req) => store.taxDetails(authOf(req).accountId),
  });

  r.put('/store/tax-details', {
    schema: {
      ...doc(
        'Save the store’s tax details: TIN, SSM number, SST, MSIC code and activity, address',
        'All of them at once; each is checked in LHDN’s format (TIN with its type prefix, SSM 12 digits or the old form, SST like W10-1808-32000123 or null, MSIC on LHDN’s list, postcode 5 digits, state 01–16). Needs the basic info saved first.',
        [
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
      ),
      body: storeTaxDetailsInput,
      response: { 200: storeTaxDetails },
    },
    handler: async (req) => store.saveTaxDetails(authOf(req).accountId, req.body),
  });

  r.put('/store/carousel', {
    schema: {
      ...doc(
        'Set the carousel: up to 5 of the merchant’s photos, in order',
        'Reordering sends the new order; an empty list clears it.',
      ),
      body: storeCarouselInput,
      response: { 200: storeProfile },
    },
    handler: async (req) => store.saveCarousel(authOf(req).accountId, req.body),
  });

  r.post('/store/ssm', {
    schema: {
      ...doc(
        'Submit the SSM document for review (multipart/form-data, field `file`): Pending review',
        'The content decides the type, not the name. A Pending merchant may replace the document; a Verified one is refused (409 BUSINESS_ALREADY_VERIFIED).',
      ),
      consumes: ['multipart/form-data'],
      body: ssmForm,
      response: { 200: storeProfile },
    },
    preValidation: async (req) => {
      if (!req.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE');
    },
    // The multipart parser leaves the body empty until the handler reads the stream.
    validatorCompiler: () => (data) => ({ value: data }),
    handler: async (req) => {
      const part = await fileOf(req);
      return store.submitSsm(authOf(req).accountId, {
        fileName: part.filename,
        stream: part.file,
      });
    },
  });

  r.get('/store/ssm/:id', {
    schema: {
      ...doc(
        'Download one of the merchant’s SSM documents',
        'Another merchant’s document answers 404, as a missing one does.',
      ),
      params: idParams,
      response: { 200: ssmDocumentResponse },
    },
    handler: async (req, reply) =>
      sendDocument(reply, await store.openDocument(authOf(req).accountId, req.params.id)),
  });
}
