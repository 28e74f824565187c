// Generated from the route declarations by `npm run routes:table`: do not edit.
import type * as declared from '../index.js';
import { ref } from '../ref.js';

export const bankApi = {
  get: ref<typeof declared.bankApi.get>('GET', '/api/bank-account'),
  update: ref<typeof declared.bankApi.update>('PUT', '/api/bank-account'),
};
