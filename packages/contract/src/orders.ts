import { z } from 'zod';
import { freshness, speciesSchema } from './auctions.js';

/** PRODUCT.md §5. */
export const ORDER_STATUSES = [
  'pending_payment',
  'paid',
  'ready_for_pickup',
  'in_transit',
  'completed',
  'canceled',
  'canceled_refunded',
] as const;
export const orderStatus = z.enum(ORDER_STATUSES);
export type OrderStatus = z.infer<typeof orderStatus>;

/** Hours a buyer has to pay an order before it is canceled. */
export const PAYMENT_WINDOW_MS = 24 * 60 * 60_000;
/** Service fee when the operator has set none, basis points (5 %). */
export const DEFAULT_SERVICE_FEE_BPS = 500;

export const orderItem = z.object({
  species: speciesSchema,
  name: z.string(),
  grade: z.string().nullable(),
  freshness,
  harbor: z.string(),
  boatNumber: z.string(),
  landedAt: z.string(),
  quantity: z.number().int(),
  price: z.number().int(),
  amount: z.number().int(),
});

/** An order as its buyer sees it. */
export const buyerOrder = z.object({
  id: z.string(),
  number: z.string(),
  lotId: z.string(),
  status: orderStatus,
  item: orderItem,
  subtotal: z.number().int(),
  createdAt: z.string(),
  payBy: z.string(),
});
export type BuyerOrder = z.infer<typeof buyerOrder>;

export const buyerOrdersResponse = z.object({ items: z.array(buyerOrder) });
