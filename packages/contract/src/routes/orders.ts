import { z } from 'zod';
import {
  buyerOrder,
  buyerOrdersResponse,
  buyerWalletResponse,
  idParams,
  idempotencyHeaders,
  orderCountsResponse,
  orderDetail,
  orderExportQuery,
  orderFilter,
  orderListQuery,
  orderListResponse,
  topUpRequest,
  updateOrderStatusRequest,
} from '../index.js';
import { binary, content, routeGroup } from './define.js';

const merchantRoute = routeGroup('Merchant orders', 'merchantSession');
const buyerRoute = routeGroup('Buyer orders and wallet', 'buyerSession');

const EXPORT_TYPES = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;

export const ordersApi = {
  list: merchantRoute({
    method: 'GET',
    path: '/api/orders',
    summary: 'Orders, newest first, by tab, period (Kuala Lumpur days) and search',
    query: orderListQuery,
    response: orderListResponse,
  }),
  export: merchantRoute({
    method: 'GET',
    path: '/api/orders/export',
    summary: 'The orders that tab, period and search select, as a CSV or XLSX download (streamed)',
    query: orderExportQuery,
    response: content('CSV (UTF-8 with a byte-order mark) or XLSX, as `format` asks', {
      'text/csv': z.string(),
      [EXPORT_TYPES.xlsx]: binary(),
    }),
  }),
  counts: merchantRoute({
    method: 'GET',
    path: '/api/orders/counts',
    summary: 'Orders per tab under the same period and search',
    query: orderFilter,
    response: orderCountsResponse,
  }),
  get: merchantRoute({
    method: 'GET',
    path: '/api/orders/:id',
    summary: 'An order: items to prepare, money, payout, timeline, buyer, invoice',
    params: idParams,
    response: orderDetail,
  }),
  setStatus: merchantRoute({
    method: 'POST',
    path: '/api/orders/:id/status',
    summary:
      'Ready for Pickup, Handed to Driver (In Transit) or Mark Completed; asking again changes nothing',
    params: idParams,
    body: updateOrderStatusRequest,
    response: orderDetail,
  }),
  cancel: merchantRoute({
    method: 'POST',
    path: '/api/orders/:id/cancel',
    summary:
      'Cancel: unpaid → Canceled; Paid or Ready for Pickup → Canceled & Refunded to the buyer wallet',
    params: idParams,
    body: z.object({}).optional(),
    response: orderDetail,
  }),
};

export const buyerOrdersApi = {
  list: buyerRoute({
    method: 'GET',
    path: '/api/buyer/orders',
    summary: 'This buyer’s orders: one per lot won',
    response: buyerOrdersResponse,
  }),
  get: buyerRoute({
    method: 'GET',
    path: '/api/buyer/orders/:id',
    summary: 'One of this buyer’s orders',
    errors: ['NOT_FOUND'],
    params: idParams,
    response: buyerOrder,
  }),
  pay: buyerRoute({
    method: 'POST',
    path: '/api/buyer/orders/:id/pay',
    summary:
      'Pay an order from the buyer wallet within 24 h of its creation. Send an Idempotency-Key: the same key answers the first answer again',
    description:
      'An order still unpaid at its deadline is charged from the wallet when the balance covers it; otherwise it is canceled as a default, which the buyer’s record shows to merchants (PRODUCT.md §4a).',
    errors: [
      'NOT_FOUND',
      'INSUFFICIENT_BALANCE',
      'PAYMENT_EXPIRED',
      'ORDER_STATUS_CONFLICT',
      'IDEMPOTENCY_KEY_REQUIRED',
      'IDEMPOTENCY_KEY_REUSED',
    ],
    params: idParams,
    headers: idempotencyHeaders,
    body: z.object({}).optional(),
    response: buyerOrder,
  }),
  wallet: buyerRoute({
    method: 'GET',
    path: '/api/buyer/wallet',
    summary:
      'Balance, cover (credit limit, exposure of standing bids and unpaid orders, what bids may still add) and the newest wallet entries',
    response: buyerWalletResponse,
  }),
  topUpWallet: buyerRoute({
    method: 'POST',
    path: '/api/buyer/wallet/top-up',
    summary: 'Demo and test servers only: add money (sen) to this buyer’s wallet',
    errors: ['FORBIDDEN', 'INVALID_AMOUNT', 'IDEMPOTENCY_KEY_REQUIRED', 'IDEMPOTENCY_KEY_REUSED'],
    headers: idempotencyHeaders,
    body: topUpRequest,
    response: buyerWalletResponse,
  }),
};
