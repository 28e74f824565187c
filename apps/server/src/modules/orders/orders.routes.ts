import { buyerOrdersApi, ordersApi } from '@sm/contract/routes';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route.js';
import { authOf } from '../auth/auth.guard.js';
import type { WalletService } from '../wallet/wallet.service.js';
import type { OrderService } from './orders.service.js';

const EXPORT_TYPES = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;

export async function merchantOrderRoutes(
  app: FastifyInstance,
  { orders }: { orders: OrderService },
) {
  app.addHook('onRequest', app.requireMerchant);

  route(app, ordersApi.list, async (req) => orders.list(authOf(req).accountId, req.query));

  route(app, ordersApi.export, async (req, reply) => {
    const { fileName, stream } = await orders.exportFile(authOf(req).accountId, req.query);
    return reply
      .type(EXPORT_TYPES[req.query.format])
      .header('content-disposition', `attachment; filename="${fileName}"`)
      .header('cache-control', 'no-store')
      .send(stream);
  });

  route(app, ordersApi.counts, async (req) => ({
    counts: await orders.counts(authOf(req).accountId, req.query),
  }));

  route(app, ordersApi.get, async (req) => orders.detail(authOf(req).accountId, req.params.id));

  route(app, ordersApi.setStatus, async (req) =>
    orders.advance(authOf(req).accountId, req.params.id, req.body.status),
  );

  route(app, ordersApi.cancel, async (req) => orders.cancel(authOf(req).accountId, req.params.id));
}

export async function buyerOrderRoutes(
  app: FastifyInstance,
  { orders, wallet }: { orders: OrderService; wallet: WalletService },
) {
  app.addHook('onRequest', app.requireBuyer);

  route(app, buyerOrdersApi.list, async (req) => orders.buyerOrders(authOf(req).accountId));

  route(app, buyerOrdersApi.get, async (req) =>
    orders.buyerOrder(authOf(req).accountId, req.params.id),
  );

  route(app, buyerOrdersApi.pay, async (req) =>
    orders.pay(authOf(req).accountId, req.params.id, req.headers['idempotency-key']),
  );

  route(app, buyerOrdersApi.wallet, async (req) => wallet.wallet(authOf(req).accountId));

  route(app, buyerOrdersApi.topUpWallet, async (req) =>
    wallet.topUp(authOf(req).accountId, req.body.amount, req.headers['idempotency-key']),
  );
}
