import { idParams, invoiceInfo } from '@sm/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { routeDoc } from '../../lib/route-doc.js';
import { authOf } from '../auth/auth.guard.js';
import { eInvoiceClientFor } from './einvoice.client.js';
import { createInvoiceService } from './invoices.service.js';

export interface InvoiceRoutesOptions {
  db: Db;
  clock: Clock;
  config: Pick<Config, 'invoicesDir' | 'myinvois'>;
}

const merchantDoc = routeDoc('Merchant orders', 'merchantSession');

const pdfQuery = z.object({
  /** `1`: save the file instead of showing it. */
  download: z.enum(['0', '1'], { error: 'BAD_REQUEST' }).optional(),
});

/** POST /orders/:id/invoice, GET /orders/:id/invoice.pdf, POST /orders/:id/einvoice. */
export async function merchantInvoiceRoutes(app: FastifyInstance, options: InvoiceRoutesOptions) {
  // Nothing else uses the service, so the plugin builds it: app.ts registers invoices in one line.
  const invoices = createInvoiceService({
    db: options.db,
    clock: options.clock,
    invoicesDir: options.config.invoicesDir,
    einvoice: eInvoiceClientFor(options.config.myinvois),
    log: app.log,
  });
  const r = app.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', app.requireMerchant);

  r.post('/orders/:id/invoice', {
    schema: {
      ...merchantDoc(
        'Generate the invoice of a paid order, once; asking again answers the same invoice',
        'The PDF is kept and never regenerated. Its e-invoice (MyInvois UBL 2.1) is built with it and submitted when the operator has configured MyInvois; otherwise it stays not_submitted.',
      ),
      params: idParams,
      body: z.object({}).optional(),
      response: { 200: invoiceInfo },
    },
    handler: async (req) => invoices.generate(authOf(req).accountId, req.params.id),
  });

  r.get('/orders/:id/invoice.pdf', {
    schema: {
      ...merchantDoc(
        'The invoice PDF: shown inline, or saved with ?download=1',
        'Answers `application/pdf`, named after the invoice number.',
      ),
      params: idParams,
      querystring: pdfQuery,
    },
    handler: async (req, reply) => {
      const { number, bytes } = await invoices.pdf(authOf(req).accountId, req.params.id);
      const disposition = req.query.download === '1' ? 'attachment' : 'inline';
      return reply
        .type('application/pdf')
        .header('content-disposition', `${disposition}; filename="${number}.pdf"`)
        .header('cache-control', 'private, no-store')
        .send(bytes);
    },
  });

  r.post('/orders/:id/einvoice', {
    schema: {
      ...merchantDoc(
        'Submit the e-invoice to MyInvois again, when it was not submitted or was rejected',
        'Without MyInvois credentials, or once accepted, the invoice is answered unchanged.',
      ),
      params: idParams,
      body: z.object({}).optional(),
      response: { 200: invoiceInfo },
    },
    handler: async (req) => invoices.resubmit(authOf(req).accountId, req.params.id),
  });
}
