// Generated from the route declarations by `npm run routes:table`: do not edit.
import type * as declared from '../index.js';
import { ref } from '../ref.js';

export const invoicesApi = {
  create: ref<typeof declared.invoicesApi.create>('POST', '/api/orders/:id/invoice'),
  pdf: ref<typeof declared.invoicesApi.pdf>('GET', '/api/orders/:id/invoice.pdf'),
  creditNotePdf: ref<typeof declared.invoicesApi.creditNotePdf>(
    'GET',
    '/api/orders/:id/credit-note.pdf',
  ),
  submitEinvoice: ref<typeof declared.invoicesApi.submitEinvoice>(
    'POST',
    '/api/orders/:id/einvoice',
  ),
  submitCreditNoteEinvoice: ref<typeof declared.invoicesApi.submitCreditNoteEinvoice>(
    'POST',
    '/api/orders/:id/credit-note/einvoice',
  ),
};
