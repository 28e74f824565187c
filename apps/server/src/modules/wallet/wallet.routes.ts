import {
  idempotencyHeaders,
  idParams,
  merchantWalletResponse,
  statementQuery,
  statementResponse,
  withdrawal,
  withdrawRequest,
} from '@sm/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { routeDoc } from '../../lib/route-doc.js';
import { authOf } from '../auth/auth.guard.js';
import type { MerchantWalletService } from './merchant-wallet.service.js';

const doc = routeDoc('Merchant wallet', 'merchantSession');

export async function merchantWalletRoutes(
  app: FastifyInstance,
  { wallet }: { wallet: MerchantWalletService },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', app.requireMerchant);

  r.get('/wallet', {
    schema: {
      ...doc('Balance, the Pending withdrawal, when the next one is allowed, the bank account'),
      response: { 200: merchantWalletResponse },
    },
    handler: async (req) => wallet.wallet(authOf(req).accountId),
  });

  r.get('/wallet/statement', {
    schema: {
      ...doc('Ledger entries, newest first, optionally of one type (cursor pages)'),
      querystring: statementQuery,
      response: { 200: statementResponse },
    },
    handler: async (req) => wallet.statement(authOf(req).accountId, req.query),
  });

  r.post('/wallet/withdrawals', {
    schema: {
      ...doc(
        'Withdraw to the verified bank account (sen, at least RM 10.00)',
        'The amount leaves the balance now (Pending) and returns as Refund Received if the operator rejects it. One every 24 h, none while one is Pending. Send an Idempotency-Key: the same key answers the first answer again.',
      ),
      headers: idempotencyHeaders,
      body: withdrawRequest,
      response: { 200: withdrawal },
    },
    handler: async (req) =>
      wallet.withdraw(authOf(req).accountId, req.body.amount, req.headers['idempotency-key']),
  });

  r.get('/wallet/withdrawals/:id', {
    schema: {
      ...doc('One of this merchant’s withdrawals'),
      params: idParams,
      response: { 200: withdrawal },
    },
    handler: async (req) => wallet.withdrawal(authOf(req).accountId, req.params.id),
  });
}
