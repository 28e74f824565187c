// Generated from the route declarations by `npm run routes:table`: do not edit.
import type * as declared from '../index.js';
import { ref } from '../ref.js';

export const walletApi = {
  getWallet: ref<typeof declared.walletApi.getWallet>('GET', '/api/wallet'),
  getWalletStatement: ref<typeof declared.walletApi.getWalletStatement>(
    'GET',
    '/api/wallet/statement',
  ),
  postWalletWithdrawals: ref<typeof declared.walletApi.postWalletWithdrawals>(
    'POST',
    '/api/wallet/withdrawals',
  ),
  getWalletWithdrawalsById: ref<typeof declared.walletApi.getWalletWithdrawalsById>(
    'GET',
    '/api/wallet/withdrawals/:id',
  ),
};
