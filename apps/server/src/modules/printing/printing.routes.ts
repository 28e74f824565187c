import { printingApi } from '@sm/contract/routes';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { route } from '../../lib/route.js';
import { authOf } from '../auth/auth.guard.js';
import type { PrintingService } from './printing.service.js';

const FILE_FORMATS = {
  escpos: { type: 'application/octet-stream', ext: 'bin' },
  png: { type: 'image/png', ext: 'png' },
} as const;

/** The routes of each file format. */
const FILE_ROUTES = {
  escpos: { slip: printingApi.slipBin, testPage: printingApi.testPageBin },
  png: { slip: printingApi.slipPng, testPage: printingApi.testPagePng },
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
  app.addHook('onRequest', app.requireMerchant);

  route(app, printingApi.list, async (req) => printing.list(authOf(req).accountId));

  route(app, printingApi.create, async (req) => printing.create(authOf(req).accountId, req.body));

  route(app, printingApi.update, async (req) =>
    printing.update(authOf(req).accountId, req.params.id, req.body),
  );

  route(app, printingApi.delete, async (req) =>
    printing.remove(authOf(req).accountId, req.params.id),
  );

  route(app, printingApi.test, async (req) =>
    printing.testPrint(authOf(req).accountId, req.params.id, req.body?.lang ?? 'en'),
  );

  route(app, printingApi.print, async (req) =>
    printing.printSlip(authOf(req).accountId, req.params.id, req.body.orderId, req.body.lang),
  );

  route(app, printingApi.jobs, async (req) =>
    printing.cloud.jobs(authOf(req).accountId, req.query),
  );

  for (const format of ['escpos', 'png'] as const) {
    route(app, FILE_ROUTES[format].slip, async (req, reply) => {
      const { paperWidth, lang } = req.query;
      const slip = await printing.slip(
        authOf(req).accountId,
        req.params.id,
        paperWidth,
        lang,
        format,
      );
      return sendFile(reply, format, `slip-${slip.orderNumber}`, slip.data);
    });

    route(app, FILE_ROUTES[format].testPage, async (req, reply) => {
      const { name, paperWidth, lang } = req.query;
      const data = await printing.testPageFile(name ?? null, paperWidth, lang, format);
      return sendFile(reply, format, 'test-page', data);
    });
  }
}
