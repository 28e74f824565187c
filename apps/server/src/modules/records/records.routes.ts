import { recordsApi } from '@sm/contract/routes';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route.js';
import { authOf } from '../auth/auth.guard.js';
import type { RecordsService } from './records.service.js';

export async function recordsRoutes(
  app: FastifyInstance,
  { records }: { records: RecordsService },
) {
  app.addHook('onRequest', app.requireMerchant);

  route(app, recordsApi.list, async (req) => records.records(authOf(req).accountId, req.query));

  route(app, recordsApi.export, async (req, reply) => {
    const { fileName, body } = await records.exportCsv(authOf(req).accountId, req.query);
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${fileName}"`)
      .header('cache-control', 'no-store')
      .send(body);
  });
}
