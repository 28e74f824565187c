// Generated from the route declarations by `npm run routes:table`: do not edit.
import type * as declared from '../index.js';
import { ref } from '../ref.js';

export const cloudPrntApi = {
  poll: ref<typeof declared.cloudPrntApi.poll>('POST', '/api/cloudprnt'),
  fetchJob: ref<typeof declared.cloudPrntApi.fetchJob>('GET', '/api/cloudprnt'),
  confirmJob: ref<typeof declared.cloudPrntApi.confirmJob>('DELETE', '/api/cloudprnt'),
};
