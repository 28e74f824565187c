import { z } from 'zod';
import { businessRecordsQuery, businessRecordsResponse } from '../index.js';
import { content, routeGroup } from './define.js';

const route = routeGroup('Business records', 'merchantSession');

const RANGE_RULES =
  'Sales are orders at Paid, Ready for Pickup, In Transit or Completed, on the Kuala Lumpur day they were created. `from` and `to` (YYYY-MM-DD, inclusive) come together; without them: the last 30 days, 12 weeks (Monday to Sunday) or 12 months. At most 366 days, 104 weeks or 60 months: RECORDS_RANGE_TOO_LONG; from after to: INVALID_DATE_RANGE; a bad day: INVALID_DATE.';

export const recordsApi = {
  list: route({
    method: 'GET',
    path: '/api/business-records',
    summary:
      'Sales per day, week or month: orders, kg sold, gross sales, service fees and net, with totals',
    description: RANGE_RULES,
    query: businessRecordsQuery,
    response: businessRecordsResponse,
  }),
  export: route({
    method: 'GET',
    path: '/api/business-records/export',
    summary: 'The same records as a CSV file (UTF-8 with a byte-order mark; English headers)',
    description: RANGE_RULES,
    query: businessRecordsQuery,
    response: content('The CSV file', { 'text/csv': z.string() }),
  }),
};
