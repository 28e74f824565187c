// Generated from the route declarations by `npm run routes:table`: do not edit.
import type * as declared from '../index.js';
import { ref } from '../ref.js';

export const printingApi = {
  getPrinters: ref<typeof declared.printingApi.getPrinters>('GET', '/api/printers'),
  postPrinters: ref<typeof declared.printingApi.postPrinters>('POST', '/api/printers'),
  putPrintersById: ref<typeof declared.printingApi.putPrintersById>('PUT', '/api/printers/:id'),
  deletePrintersById: ref<typeof declared.printingApi.deletePrintersById>(
    'DELETE',
    '/api/printers/:id',
  ),
  postPrintersByIdTest: ref<typeof declared.printingApi.postPrintersByIdTest>(
    'POST',
    '/api/printers/:id/test',
  ),
  postPrintersByIdPrint: ref<typeof declared.printingApi.postPrintersByIdPrint>(
    'POST',
    '/api/printers/:id/print',
  ),
  getPrintJobs: ref<typeof declared.printingApi.getPrintJobs>('GET', '/api/print-jobs'),
  getOrdersByIdSlipBin: ref<typeof declared.printingApi.getOrdersByIdSlipBin>(
    'GET',
    '/api/orders/:id/slip.bin',
  ),
  getOrdersByIdSlipPng: ref<typeof declared.printingApi.getOrdersByIdSlipPng>(
    'GET',
    '/api/orders/:id/slip.png',
  ),
  getPrintersTestPageBin: ref<typeof declared.printingApi.getPrintersTestPageBin>(
    'GET',
    '/api/printers/test-page.bin',
  ),
  getPrintersTestPagePng: ref<typeof declared.printingApi.getPrintersTestPagePng>(
    'GET',
    '/api/printers/test-page.png',
  ),
};
