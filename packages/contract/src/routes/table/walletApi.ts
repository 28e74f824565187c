// Generated from the route declarations by `npm run routes:table`: do not edit.
import type * as declared from '../index.js';
import { ref } from '../ref.js';

export const walletApi = {
  get: ref<typeof declared.walletApi.get>('GET', '/api/wallet'),
  statement: ref<typeof declared.walletApi.statement>('GET', '/api/wallet/statement'),
  withdraw: ref<typeof declared.walletApi.withdraw>('POST', '/api/wallet/withdrawals'),
  getWithdrawal: ref<typeof declared.walletApi.getWithdrawal>('GET', '/api/wallet/withdrawals/:id'),
};
