import { bankApi } from '@sm/contract/routes';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route.js';
import { authOf } from '../auth/auth.guard.js';
import type { BankService } from './bank.service.js';

export async function bankRoutes(app: FastifyInstance, { bank }: { bank: BankService }) {
  app.addHook('onRequest', app.requireMerchant);

  route(app, bankApi.get, async (req) => ({
    bankAccount: await bank.get(authOf(req).accountId),
  }));

  route(app, bankApi.update, async (req) => ({
    bankAccount: await bank.save(authOf(req).accountId, req.body),
  }));
}
