import { type BuyerTaxDetails, buyerTaxDetailsInput, buyerTaxDetailsResponse } from '@sm/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { routeDoc } from '../../lib/route-doc.js';
import { authOf } from '../auth/auth.guard.js';
import type { BuyerTaxService } from './buyers.service.js';

const doc = routeDoc('Buyer tax details', 'buyerSession');

/**
 * GET/PUT/DELETE /api/buyer/tax-details (PRODUCT.md §5a): a buyer that gives its tax details is
 * e-invoiced in its own name from its next invoice on; without them, as LHDN's consolidated
 * general public buyer. Invoices already issued keep what they were issued with.
 */
export async function buyerTaxRoutes(
  app: FastifyInstance,
  { buyerTax }: { buyerTax: BuyerTaxService },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', app.requireBuyer);
  const answer = (taxDetails: BuyerTaxDetails | null) => ({ taxDetails });

  r.get('/tax-details', {
    schema: {
      ...doc('This buyer’s tax details for e-invoices; null: invoiced as the general public'),
      response: { 200: buyerTaxDetailsResponse },
    },
    handler: async (req) => answer(await buyerTax.taxDetails(authOf(req).accountId)),
  });

  r.put('/tax-details', {
    schema: {
      ...doc(
        'Give the tax details to be e-invoiced in this name: registered name, TIN, ID, SST, address',
        'All at once, in LHDN’s formats: TIN with its type prefix; `idType` BRN (SSM number), NRIC, PASSPORT or ARMY with its number; SST like W10-1808-32000123 or null; up to 3 address lines, 5-digit postcode, city, LHDN state code 01–17.',
        [
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
      ),
      body: buyerTaxDetailsInput,
      response: { 200: buyerTaxDetailsResponse },
    },
    handler: async (req) => answer(await buyerTax.save(authOf(req).accountId, req.body)),
  });

  r.delete('/tax-details', {
    schema: {
      ...doc('Forget the tax details: invoiced as the general public from now on'),
      response: { 200: buyerTaxDetailsResponse },
    },
    handler: async (req) => answer(await buyerTax.forget(authOf(req).accountId)),
  });
}
