import { businessRecordsQuery, businessRecordsResponse } from '@sm/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contentResponse, routeDoc } from '../../lib/route-doc.js';
import { authOf } from '../auth/auth.guard.js';
import type { RecordsService } from './records.service.js';

const doc = routeDoc('Business records', 'merchantSession');

const RANGE_RULES =
  'Sales are orders at Paid, Ready for Pickup, In Transit or Completed, on the Kuala Lumpur day they were created. `from` and `to` (YYYY-MM-DD, inclusive) come together; without them: the last 30 days, 12 weeks (Monday to Sunday) or 12 months. At most 366 days, 104 weeks or 60 months: RECORDS_RANGE_TOO_LONG; from after to: INVALID_DATE_RANGE; a bad day: INVALID_DATE.';

export async function recordsRoutes(
  app: FastifyInstance,
  { records }: { records: RecordsService },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', app.requireMerchant);

  r.get('/business-records', {
    schema: {
      ...doc(
        'Sales per day, week or month: orders, kg sold, gross sales, service fees and net, with totals',
        RANGE_RULES,
      ),
      querystring: businessRecordsQuery,
      response: { 200: businessRecordsResponse },
    },
    handler: async (req) => records.records(authOf(req).accountId, req.query),
  });

  r.get('/business-records/export', {
    schema: {
      ...doc(
        'The same records as a CSV file (UTF-8 with a byte-order mark; English headers)',
        RANGE_RULES,
      ),
      querystring: businessRecordsQuery,
      response: { 200: contentResponse('The CSV file', { 'text/csv': z.string() }) },
    },
    handler: async (req, reply) => {
      const { fileName, body } = await records.exportCsv(authOf(req).accountId, req.query);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'no-store')
        .send(body);
    },
  });
}
