import { type BuyerTaxDetails } from '@sm/contract';
import { buyerTaxApi } from '@sm/contract/routes';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route.js';
import { authOf } from '../auth/auth.guard.js';
import type { BuyerTaxService } from './buyers.service.js';

/**
 * GET/PUT/DELETE /api/buyer/tax-details (PRODUCT.md §5a): a buyer that gives its tax details is
 * e-invoiced in its own name from its next invoice on; without them, as LHDN's consolidated
 * general public buyer. Invoices already issued keep what they were issued with.
 */
export async function buyerTaxRoutes(
  app: FastifyInstance,
  { buyerTax }: { buyerTax: BuyerTaxService },
) {
  app.addHook('onRequest', app.requireBuyer);
  const answer = (taxDetails: BuyerTaxDetails | null) => ({ taxDetails });

  route(app, buyerTaxApi.get, async (req) =>
    answer(await buyerTax.taxDetails(authOf(req).accountId)),
  );

  route(app, buyerTaxApi.update, async (req) =>
    answer(await buyerTax.save(authOf(req).accountId, req.body)),
  );

  route(app, buyerTaxApi.delete, async (req) =>
    answer(await buyerTax.forget(authOf(req).accountId)),
  );
}
