// Generated from the route declarations by `npm run routes:table`: do not edit.
import type * as declared from '../index.js';
import { ref } from '../ref.js';

export const bankApi = {
  getBankAccount: ref<typeof declared.bankApi.getBankAccount>('GET', '/api/bank-account'),
  putBankAccount: ref<typeof declared.bankApi.putBankAccount>('PUT', '/api/bank-account'),
};
