import {
  idParams,
  printer,
  printerInput,
  printerListResponse,
  printJobList,
  printJobListQuery,
  printResult,
  printSlipRequest,
  slipQuery,
  testPageQuery,
  testPrintRequest,
} from '@sm/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { routeDoc } from '../../lib/route-doc.js';
import { authOf } from '../auth/auth.guard.js';
import type { PrintingService } from './printing.service.js';

const doc = routeDoc('Merchant printing', 'merchantSession');

const FILE_FORMATS = {
  escpos: { type: 'application/octet-stream', ext: 'bin' },
  png: { type: 'image/png', ext: 'png' },
} as const;

/**
 * For the OpenAPI document only: the handlers send a Buffer, which Fastify never serializes. A
 * `content` entry gives the answer its own media type (the error answers stay JSON).
 */
const fileSchema = (format: keyof typeof FILE_FORMATS, description: string) =>
  z.file().meta({
    description,
    content: { [FILE_FORMATS[format].type]: { schema: { type: 'string', format: 'binary' } } },
  });
const FILE_SCHEMAS = {
  escpos: fileSchema('escpos', 'ESC/POS: ESC @, GS v 0 raster bands, feed, partial cut'),
  png: fileSchema('png', 'PNG, 1-bit, as wide as the paper in printer dots'),
};

/** A slip names a buyer: the browser keeps it for printing, no cache keeps it afterwards. */
function sendFile(
  reply: FastifyReply,
  format: keyof typeof FILE_FORMATS,
  name: string,
  data: Buffer,
) {
  const { type, ext } = FILE_FORMATS[format];
  return reply
    .type(type)
    .header('cache-control', 'no-store')
    .header('content-disposition', `inline; filename="${name}.${ext}"`)
    .send(data);
}

export async function printingRoutes(
  app: FastifyInstance,
  { printing }: { printing: PrintingService },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', app.requireMerchant);

  r.get('/printers', {
    schema: {
      ...doc('This merchant’s printers, oldest first'),
      response: { 200: printerListResponse },
    },
    handler: async (req) => printing.list(authOf(req).accountId),
  });

  r.post('/printers', {
    schema: {
      ...doc(
        'Add a printer',
        'A network printer needs a host; its port defaults to 9100. A cloud printer (Star CloudPRNT) needs its MAC address, once per merchant (PRINTER_MAC_TAKEN); its `cloud.pollPath` is what to enter, after this server’s origin, as its CloudPRNT server URL. Bluetooth and system printers keep no address.',
      ),
      body: printerInput,
      response: { 200: printer },
    },
    handler: async (req) => printing.create(authOf(req).accountId, req.body),
  });

  r.put('/printers/:id', {
    schema: {
      ...doc('Change a printer (the whole of it, as when adding)'),
      params: idParams,
      body: printerInput,
      response: { 200: printer },
    },
    handler: async (req) => printing.update(authOf(req).accountId, req.params.id, req.body),
  });

  r.delete('/printers/:id', {
    schema: {
      ...doc('Remove a printer'),
      params: idParams,
      response: { 200: z.object({ ok: z.literal(true) }) },
    },
    handler: async (req) => printing.remove(authOf(req).accountId, req.params.id),
  });

  r.post('/printers/:id/test', {
    schema: {
      ...doc(
        'Print the test page on a network or cloud printer',
        'Network: sent over TCP; no connection or no progress within 5 s is PRINTER_UNREACHABLE; answers the bytes sent. Cloud: queued for the printer to fetch at its next poll; answers the job at once (see GET /api/print-jobs). A Bluetooth or system printer is printed by the app (GET /api/printers/test-page.bin or .png): here it is BAD_REQUEST at field `kind`.',
      ),
      params: idParams,
      body: testPrintRequest.optional(),
      response: { 200: printResult },
    },
    handler: async (req) =>
      printing.testPrint(authOf(req).accountId, req.params.id, req.body?.lang ?? 'en'),
  });

  r.post('/printers/:id/print', {
    schema: {
      ...doc(
        'Print an order’s pick-up slip on a network or cloud printer',
        'As the test page: over TCP, PRINTER_UNREACHABLE when the printer does not answer; or queued for a cloud printer.',
      ),
      params: idParams,
      body: printSlipRequest,
      response: { 200: printResult },
    },
    handler: async (req) =>
      printing.printSlip(authOf(req).accountId, req.params.id, req.body.orderId, req.body.lang),
  });

  r.get('/print-jobs', {
    schema: {
      ...doc(
        'This merchant’s latest cloud print jobs, newest first',
        'Of one order or one printer if asked (another merchant’s id finds none). A job is queued, sent (the printer fetched it), printed (it confirmed) or failed (`error`: not_fetched, not_confirmed, or the status code the printer reported).',
      ),
      querystring: printJobListQuery,
      response: { 200: printJobList },
    },
    handler: async (req) => printing.cloud.jobs(authOf(req).accountId, req.query),
  });

  for (const format of ['escpos', 'png'] as const) {
    const { ext } = FILE_FORMATS[format];
    const file = FILE_SCHEMAS[format];
    const use = format === 'png' ? 'the system print dialog' : 'a Bluetooth printer';

    r.get(`/orders/:id/slip.${ext}`, {
      schema: {
        ...doc(`An order’s pick-up slip for ${use}`),
        params: idParams,
        querystring: slipQuery,
        response: { 200: file },
      },
      handler: async (req, reply) => {
        const { paperWidth, lang } = req.query;
        const slip = await printing.slip(
          authOf(req).accountId,
          req.params.id,
          paperWidth,
          lang,
          format,
        );
        return sendFile(reply, format, `slip-${slip.orderNumber}`, slip.data);
      },
    });

    r.get(`/printers/test-page.${ext}`, {
      schema: {
        ...doc(`A printer’s test page for ${use}`),
        querystring: testPageQuery,
        response: { 200: file },
      },
      handler: async (req, reply) => {
        const { name, paperWidth, lang } = req.query;
        const data = await printing.testPageFile(name ?? null, paperWidth, lang, format);
        return sendFile(reply, format, 'test-page', data);
      },
    });
  }
}
