import { invoicesApi } from '@sm/contract/routes';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route.js';
import { authOf } from '../auth/auth.guard.js';
import type { InvoiceService } from './invoices.service.js';

/**
 * POST /orders/:id/invoice, GET /orders/:id/invoice.pdf and credit-note.pdf, POST
 * /orders/:id/einvoice (and /credit-note/einvoice).
 */
export async function merchantInvoiceRoutes(
  app: FastifyInstance,
  { invoices }: { invoices: InvoiceService },
) {
  app.addHook('onRequest', app.requireMerchant);

  route(app, invoicesApi.create, async (req) =>
    invoices.generate(authOf(req).accountId, req.params.id),
  );

  const PDF_ROUTES = {
    invoice: invoicesApi.pdf,
    credit_note: invoicesApi.creditNotePdf,
  };
  for (const kind of ['invoice', 'credit_note'] as const) {
    route(app, PDF_ROUTES[kind], async (req, reply) => {
      const { number, bytes } = await invoices.pdf(authOf(req).accountId, req.params.id, kind);
      const disposition = req.query.download === '1' ? 'attachment' : 'inline';
      return reply
        .type('application/pdf')
        .header('content-disposition', `${disposition}; filename="${number}.pdf"`)
        .header('cache-control', 'private, no-store')
        .send(bytes);
    });
  }

  route(app, invoicesApi.submitEinvoice, async (req) =>
    invoices.resubmit(authOf(req).accountId, req.params.id),
  );

  route(app, invoicesApi.submitCreditNoteEinvoice, async (req) =>
    invoices.resubmit(authOf(req).accountId, req.params.id, 'credit_note'),
  );
}
