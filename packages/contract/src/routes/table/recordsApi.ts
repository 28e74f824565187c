// Generated from the route declarations by `npm run routes:table`: do not edit.
import type * as declared from '../index.js';
import { ref } from '../ref.js';

export const recordsApi = {
  list: ref<typeof declared.recordsApi.list>('GET', '/api/business-records'),
  export: ref<typeof declared.recordsApi.export>('GET', '/api/business-records/export'),
};
