import { z } from 'zod';
import { idParams, invoiceInfo } from '../index.js';
import { binary, content, routeGroup } from './define.js';

const merchantRoute = routeGroup('Merchant orders', 'merchantSession');

const pdfQuery = z.object({
  /** `1`: save the file instead of showing it. */
  download: z.enum(['0', '1'], { error: 'BAD_REQUEST' }).optional(),
});
const PDF_NOTE =
  'Answers `application/pdf`, named after its number: as issued, or once its e-invoice is Valid the same document with the long ID and the validation QR.';

export const invoicesApi = {
  create: merchantRoute({
    method: 'POST',
    path: '/api/orders/:id/invoice',
    summary: 'Generate the invoice of a paid order, once; asking again answers the same invoice',
    description:
      'The PDF is kept and never regenerated. Its e-invoice (MyInvois UBL 2.1) is built with it and submitted when the operator has configured MyInvois; otherwise it stays not_submitted.',
    params: idParams,
    body: z.object({}).optional(),
    response: invoiceInfo,
  }),
  pdf: merchantRoute({
    method: 'GET',
    path: '/api/orders/:id/invoice.pdf',
    summary: 'The invoice PDF: shown inline, or saved with ?download=1',
    description: PDF_NOTE,
    errors: ['NOT_FOUND'],
    params: idParams,
    query: pdfQuery,
    response: content('The invoice', { 'application/pdf': binary() }),
  }),
  creditNotePdf: merchantRoute({
    method: 'GET',
    path: '/api/orders/:id/credit-note.pdf',
    summary: 'The credit note PDF of a refunded order (after its e-invoice could not be cancelled)',
    description: PDF_NOTE,
    errors: ['NOT_FOUND'],
    params: idParams,
    query: pdfQuery,
    response: content('The credit note', { 'application/pdf': binary() }),
  }),
  submitEinvoice: merchantRoute({
    method: 'POST',
    path: '/api/orders/:id/einvoice',
    summary: 'Submit the e-invoice to MyInvois again, when it was not submitted or was Invalid',
    description:
      'A fresh document with today’s issue date and the store’s and buyer’s details as they are now. Without MyInvois credentials, or once accepted, the invoice is answered unchanged.',
    params: idParams,
    body: z.object({}).optional(),
    response: invoiceInfo,
  }),
  submitCreditNoteEinvoice: merchantRoute({
    method: 'POST',
    path: '/api/orders/:id/credit-note/einvoice',
    summary:
      'Submit the credit note’s e-invoice to MyInvois again, when it was not submitted or was Invalid',
    errors: ['NOT_FOUND', 'CREDIT_NOTE_NOT_ISSUED'],
    params: idParams,
    body: z.object({}).optional(),
    response: invoiceInfo,
  }),
};
