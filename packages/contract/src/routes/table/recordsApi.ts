// Generated from the route declarations by `npm run routes:table`: do not edit.
import type * as declared from '../index.js';
import { ref } from '../ref.js';

export const recordsApi = {
  getBusinessRecords: ref<typeof declared.recordsApi.getBusinessRecords>(
    'GET',
    '/api/business-records',
  ),
  getBusinessRecordsExport: ref<typeof declared.recordsApi.getBusinessRecordsExport>(
    'GET',
    '/api/business-records/export',
  ),
};
