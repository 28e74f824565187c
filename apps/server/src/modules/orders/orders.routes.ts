import {
  buyerOrder,
  buyerOrdersResponse,
  buyerWalletResponse,
  idempotencyHeaders,
  idParams,
  orderCountsResponse,
  orderDetail,
  orderExportQuery,
  orderFilter,
  orderListQuery,
  orderListResponse,
  topUpRequest,
  updateOrderStatusRequest,
} from '@sm/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { binaryBody, contentResponse, routeDoc } from '../../lib/route-doc.js';
import { authOf } from '../auth/auth.guard.js';
import type { WalletService } from '../wallet/wallet.service.js';
import type { OrderService } from './orders.service.js';

const merchantDoc = routeDoc('Merchant orders', 'merchantSession');
const buyerDoc = routeDoc('Buyer orders and wallet', 'buyerSession');

const EXPORT_TYPES = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;

export async function merchantOrderRoutes(
  app: FastifyInstance,
  { orders }: { orders: OrderService },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', app.requireMerchant);

  r.get('/orders', {
    schema: {
      ...merchantDoc('Orders, newest first, by tab, period (Kuala Lumpur days) and search'),
      querystring: orderListQuery,
      response: { 200: orderListResponse },
    },
    handler: async (req) => orders.list(authOf(req).accountId, req.query),
  });

  r.get('/orders/export', {
    schema: {
      ...merchantDoc(
        'The orders that tab, period and search select, as a CSV or XLSX download (streamed)',
      ),
      querystring: orderExportQuery,
      response: {
        200: contentResponse('CSV (UTF-8 with a byte-order mark) or XLSX, as `format` asks', {
          'text/csv': z.string(),
          [EXPORT_TYPES.xlsx]: binaryBody(),
        }),
      },
    },
    handler: async (req, reply) => {
      const { fileName, stream } = await orders.exportFile(authOf(req).accountId, req.query);
      return reply
        .type(EXPORT_TYPES[req.query.format])
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'no-store')
        .send(stream);
    },
  });

  r.get('/orders/counts', {
    schema: {
      ...merchantDoc('Orders per tab under the same period and search'),
      querystring: orderFilter,
      response: { 200: orderCountsResponse },
    },
    handler: async (req) => ({ counts: await orders.counts(authOf(req).accountId, req.query) }),
  });

  r.get('/orders/:id', {
    schema: {
      ...merchantDoc('An order: items to prepare, money, payout, timeline, buyer, invoice'),
      params: idParams,
      response: { 200: orderDetail },
    },
    handler: async (req) => orders.detail(authOf(req).accountId, req.params.id),
  });

  r.post('/orders/:id/status', {
    schema: {
      ...merchantDoc(
        'Ready for Pickup, Handed to Driver (In Transit) or Mark Completed; asking again changes nothing',
      ),
      params: idParams,
      body: updateOrderStatusRequest,
      response: { 200: orderDetail },
    },
    handler: async (req) => orders.advance(authOf(req).accountId, req.params.id, req.body.status),
  });

  r.post('/orders/:id/cancel', {
    schema: {
      ...merchantDoc(
        'Cancel: unpaid → Canceled; Paid or Ready for Pickup → Canceled & Refunded to the buyer wallet',
      ),
      params: idParams,
      body: z.object({}).optional(),
      response: { 200: orderDetail },
    },
    handler: async (req) => orders.cancel(authOf(req).accountId, req.params.id),
  });
}

export async function buyerOrderRoutes(
  app: FastifyInstance,
  { orders, wallet }: { orders: OrderService; wallet: WalletService },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', app.requireBuyer);

  r.get('/orders', {
    schema: {
      ...buyerDoc('This buyer’s orders: one per lot won'),
      response: { 200: buyerOrdersResponse },
    },
    handler: async (req) => orders.buyerOrders(authOf(req).accountId),
  });

  r.get('/orders/:id', {
    schema: {
      ...buyerDoc('One of this buyer’s orders', undefined, ['NOT_FOUND']),
      params: idParams,
      response: { 200: buyerOrder },
    },
    handler: async (req) => orders.buyerOrder(authOf(req).accountId, req.params.id),
  });

  r.post('/orders/:id/pay', {
    schema: {
      ...buyerDoc(
        'Pay an order from the buyer wallet within 24 h of its creation. Send an Idempotency-Key: the same key answers the first answer again',
        'An order still unpaid at its deadline is charged from the wallet when the balance covers it; otherwise it is canceled as a default, which the buyer’s record shows to merchants (PRODUCT.md §4a).',
        [
          'NOT_FOUND',
          'INSUFFICIENT_BALANCE',
          'PAYMENT_EXPIRED',
          'ORDER_STATUS_CONFLICT',
          'IDEMPOTENCY_KEY_REQUIRED',
          'IDEMPOTENCY_KEY_REUSED',
        ],
      ),
      params: idParams,
      headers: idempotencyHeaders,
      body: z.object({}).optional(),
      response: { 200: buyerOrder },
    },
    handler: async (req) =>
      orders.pay(authOf(req).accountId, req.params.id, req.headers['idempotency-key']),
  });

  r.get('/wallet', {
    schema: {
      ...buyerDoc(
        'Balance, cover (credit limit, exposure of standing bids and unpaid orders, what bids may still add) and the newest wallet entries',
      ),
      response: { 200: buyerWalletResponse },
    },
    handler: async (req) => wallet.wallet(authOf(req).accountId),
  });

  r.post('/wallet/top-up', {
    schema: {
      ...buyerDoc('Demo and test servers only: add money (sen) to this buyer’s wallet', undefined, [
        'FORBIDDEN',
        'INVALID_AMOUNT',
        'IDEMPOTENCY_KEY_REQUIRED',
        'IDEMPOTENCY_KEY_REUSED',
      ]),
      headers: idempotencyHeaders,
      body: topUpRequest,
      response: { 200: buyerWalletResponse },
    },
    handler: async (req) =>
      wallet.topUp(authOf(req).accountId, req.body.amount, req.headers['idempotency-key']),
  });
}
