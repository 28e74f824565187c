import { z } from 'zod';
import {
  idParams,
  slipQuery,
  testPageQuery,
  printJobList,
  printJobListQuery,
  printResult,
  printSlipRequest,
  printer,
  printerInput,
  printerListResponse,
  testPrintRequest,
} from '../index.js';
import { binary, content, routeGroup } from './define.js';

const route = routeGroup('Merchant printing', 'merchantSession');

/** The files a slip or a test page comes as: the handlers send a Buffer of that type. */
const ESCPOS = content('ESC/POS: ESC @, GS v 0 raster bands, feed, partial cut', {
  'application/octet-stream': binary(),
});
const PNG = content('PNG, 1-bit, as wide as the paper in printer dots', {
  'image/png': binary(),
});
const FOR_BLUETOOTH = 'a Bluetooth printer';
const FOR_SYSTEM = 'the system print dialog';

export const printingApi = {
  list: route({
    method: 'GET',
    path: '/api/printers',
    summary: 'This merchant’s printers, oldest first',
    response: printerListResponse,
  }),
  create: route({
    method: 'POST',
    path: '/api/printers',
    summary: 'Add a printer',
    description:
      'A network printer needs a host; its port defaults to 9100. A cloud printer (Star CloudPRNT) needs its MAC address, once per merchant (PRINTER_MAC_TAKEN); its `cloud.pollPath` is what to enter, after this server’s origin, as its CloudPRNT server URL. Bluetooth and system printers keep no address.',
    body: printerInput,
    response: printer,
  }),
  update: route({
    method: 'PUT',
    path: '/api/printers/:id',
    summary: 'Change a printer (the whole of it, as when adding)',
    params: idParams,
    body: printerInput,
    response: printer,
  }),
  delete: route({
    method: 'DELETE',
    path: '/api/printers/:id',
    summary: 'Remove a printer',
    params: idParams,
    response: z.object({ ok: z.literal(true) }),
  }),
  test: route({
    method: 'POST',
    path: '/api/printers/:id/test',
    summary: 'Print the test page on a network or cloud printer',
    description:
      'Network: sent over TCP; no connection or no progress within 5 s is PRINTER_UNREACHABLE; answers the bytes sent. Cloud: queued for the printer to fetch at its next poll; answers the job at once (see GET /api/print-jobs). A Bluetooth or system printer is printed by the app (GET /api/printers/test-page.bin or .png): here it is BAD_REQUEST at field `kind`.',
    params: idParams,
    body: testPrintRequest.optional(),
    response: printResult,
  }),
  print: route({
    method: 'POST',
    path: '/api/printers/:id/print',
    summary: 'Print an order’s pick-up slip on a network or cloud printer',
    description:
      'As the test page: over TCP, PRINTER_UNREACHABLE when the printer does not answer; or queued for a cloud printer.',
    params: idParams,
    body: printSlipRequest,
    response: printResult,
  }),
  jobs: route({
    method: 'GET',
    path: '/api/print-jobs',
    summary: 'This merchant’s latest cloud print jobs, newest first',
    description:
      'Of one order or one printer if asked (another merchant’s id finds none). A job is queued, sent (the printer fetched it), printed (it confirmed) or failed (`error`: not_fetched, not_confirmed, or the status code the printer reported).',
    query: printJobListQuery,
    response: printJobList,
  }),
  slipBin: route({
    method: 'GET',
    path: '/api/orders/:id/slip.bin',
    summary: `An order’s pick-up slip for ${FOR_BLUETOOTH}`,
    params: idParams,
    query: slipQuery,
    response: ESCPOS,
  }),
  slipPng: route({
    method: 'GET',
    path: '/api/orders/:id/slip.png',
    summary: `An order’s pick-up slip for ${FOR_SYSTEM}`,
    params: idParams,
    query: slipQuery,
    response: PNG,
  }),
  testPageBin: route({
    method: 'GET',
    path: '/api/printers/test-page.bin',
    summary: `A printer’s test page for ${FOR_BLUETOOTH}`,
    query: testPageQuery,
    response: ESCPOS,
  }),
  testPagePng: route({
    method: 'GET',
    path: '/api/printers/test-page.png',
    summary: `A printer’s test page for ${FOR_SYSTEM}`,
    query: testPageQuery,
    response: PNG,
  }),
};
