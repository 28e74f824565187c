import {
  idParams,
  idempotencyHeaders,
  merchantWalletResponse,
  statementQuery,
  statementResponse,
  withdrawRequest,
  withdrawal,
} from '../index.js';
import { routeGroup } from './define.js';

const route = routeGroup('Merchant wallet', 'merchantSession');

export const walletApi = {
  get: route({
    method: 'GET',
    path: '/api/wallet',
    summary: 'Balance, the Pending withdrawal, when the next one is allowed, the bank account',
    response: merchantWalletResponse,
  }),
  statement: route({
    method: 'GET',
    path: '/api/wallet/statement',
    summary: 'Ledger entries, newest first, optionally of one type (cursor pages)',
    query: statementQuery,
    response: statementResponse,
  }),
  withdraw: route({
    method: 'POST',
    path: '/api/wallet/withdrawals',
    summary: 'Withdraw to the verified bank account (sen, at least RM 10.00)',
    description:
      'The amount leaves the balance now (Pending) and returns as Refund Received if the operator rejects it. One every 24 h, none while one is Pending. Send an Idempotency-Key: the same key answers the first answer again.',
    headers: idempotencyHeaders,
    body: withdrawRequest,
    response: withdrawal,
  }),
  getWithdrawal: route({
    method: 'GET',
    path: '/api/wallet/withdrawals/:id',
    summary: 'One of this merchant’s withdrawals',
    params: idParams,
    response: withdrawal,
  }),
};
