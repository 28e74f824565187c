import { bankAccountInput, bankAccountResponse } from '@sm/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { routeDoc } from '../../lib/route-doc.js';
import { authOf } from '../auth/auth.guard.js';
import type { BankService } from './bank.service.js';

const doc = routeDoc('Merchant bank account', 'merchantSession');

export async function bankRoutes(app: FastifyInstance, { bank }: { bank: BankService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', app.requireMerchant);

  r.get('/bank-account', {
    schema: {
      ...doc('The bank account withdrawals go to, or null'),
      response: { 200: bankAccountResponse },
    },
    handler: async (req) => ({ bankAccount: await bank.get(authOf(req).accountId) }),
  });

  r.put('/bank-account', {
    schema: {
      ...doc(
        'Add or change the bank account',
        'Account number: digits once spaces and dashes are removed, 10 to 16 of them. Any change sets it back to Unverified.',
      ),
      body: bankAccountInput,
      response: { 200: bankAccountResponse },
    },
    handler: async (req) => ({ bankAccount: await bank.save(authOf(req).accountId, req.body) }),
  });
}
