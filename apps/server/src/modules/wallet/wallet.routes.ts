import { walletApi } from '@sm/contract/routes';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route.js';
import { authOf } from '../auth/auth.guard.js';
import type { MerchantWalletService } from './merchant-wallet.service.js';

export async function merchantWalletRoutes(
  app: FastifyInstance,
  { wallet }: { wallet: MerchantWalletService },
) {
  app.addHook('onRequest', app.requireMerchant);

  route(app, walletApi.get, async (req) => wallet.wallet(authOf(req).accountId));

  route(app, walletApi.statement, async (req) =>
    wallet.statement(authOf(req).accountId, req.query),
  );

  route(app, walletApi.withdraw, async (req) =>
    wallet.withdraw(authOf(req).accountId, req.body.amount, req.headers['idempotency-key']),
  );

  route(app, walletApi.getWithdrawal, async (req) =>
    wallet.withdrawal(authOf(req).accountId, req.params.id),
  );
}
