// Generated from the route declarations by `npm run routes:table`: do not edit.
import type * as declared from '../index.js';
import { ref } from '../ref.js';

export const invoicesApi = {
  postOrdersByIdInvoice: ref<typeof declared.invoicesApi.postOrdersByIdInvoice>(
    'POST',
    '/api/orders/:id/invoice',
  ),
  getOrdersByIdInvoicePdf: ref<typeof declared.invoicesApi.getOrdersByIdInvoicePdf>(
    'GET',
    '/api/orders/:id/invoice.pdf',
  ),
  getOrdersByIdCreditNotePdf: ref<typeof declared.invoicesApi.getOrdersByIdCreditNotePdf>(
    'GET',
    '/api/orders/:id/credit-note.pdf',
  ),
  postOrdersByIdEinvoice: ref<typeof declared.invoicesApi.postOrdersByIdEinvoice>(
    'POST',
    '/api/orders/:id/einvoice',
  ),
  postOrdersByIdCreditNoteEinvoice: ref<
    typeof declared.invoicesApi.postOrdersByIdCreditNoteEinvoice
  >('POST', '/api/orders/:id/credit-note/einvoice'),
};
