import { idParams, invoiceInfo } from '@sm/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { binaryBody, contentResponse, routeDoc } from '../../lib/route-doc.js';
import { authOf } from '../auth/auth.guard.js';
import type { InvoiceService } from './invoices.service.js';

const merchantDoc = routeDoc('Merchant orders', 'merchantSession');

const pdfQuery = z.object({
  /** `1`: save the file instead of showing it. */
  download: z.enum(['0', '1'], { error: 'BAD_REQUEST' }).optional(),
});

/**
 * POST /orders/:id/invoice, GET /orders/:id/invoice.pdf and credit-note.pdf, POST
 * /orders/:id/einvoice (and /credit-note/einvoice).
 */
export async function merchantInvoiceRoutes(
  app: FastifyInstance,
  { invoices }: { invoices: InvoiceService },
) {
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

  for (const kind of ['invoice', 'credit_note'] as const) {
    const name = kind === 'invoice' ? 'invoice' : 'credit-note';
    r.get(`/orders/:id/${name}.pdf`, {
      schema: {
        ...merchantDoc(
          kind === 'invoice'
            ? 'The invoice PDF: shown inline, or saved with ?download=1'
            : 'The credit note PDF of a refunded order (after its e-invoice could not be cancelled)',
          'Answers `application/pdf`, named after its number: as issued, or once its e-invoice is Valid the same document with the long ID and the validation QR.',
          ['NOT_FOUND'],
        ),
        params: idParams,
        querystring: pdfQuery,
        response: {
          200: contentResponse(kind === 'invoice' ? 'The invoice' : 'The credit note', {
            'application/pdf': binaryBody(),
          }),
        },
      },
      handler: async (req, reply) => {
        const { number, bytes } = await invoices.pdf(authOf(req).accountId, req.params.id, kind);
        const disposition = req.query.download === '1' ? 'attachment' : 'inline';
        return reply
          .type('application/pdf')
          .header('content-disposition', `${disposition}; filename="${number}.pdf"`)
          .header('cache-control', 'private, no-store')
          .send(bytes);
      },
    });
  }

  r.post('/orders/:id/einvoice', {
    schema: {
      ...merchantDoc(
        'Submit the e-invoice to MyInvois again, when it was not submitted or was Invalid',
        'A fresh document with today’s issue date and the store’s and buyer’s details as they are now. Without MyInvois credentials, or once accepted, the invoice is answered unchanged.',
      ),
      params: idParams,
      body: z.object({}).optional(),
      response: { 200: invoiceInfo },
    },
    handler: async (req) => invoices.resubmit(authOf(req).accountId, req.params.id),
  });

  r.post('/orders/:id/credit-note/einvoice', {
    schema: {
      ...merchantDoc(
        'Submit the credit note’s e-invoice to MyInvois again, when it was not submitted or was Invalid',
        undefined,
        ['NOT_FOUND', 'CREDIT_NOTE_NOT_ISSUED'],
      ),
      params: idParams,
      body: z.object({}).optional(),
      response: { 200: invoiceInfo },
    },
    handler: async (req) => invoices.resubmit(authOf(req).accountId, req.params.id, 'credit_note'),
  });
}
