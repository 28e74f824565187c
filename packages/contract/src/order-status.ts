import { z } from 'zod';

/** PRODUCT.md §5. Apart from orders.ts so that the lot's award (auctions.ts) can name them too. */
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

/** Why a Canceled order was canceled (PRODUCT.md §4a): the buyer's default, or the merchant. */
export const cancelReason = z.enum(['default', 'merchant']);
export type CancelReason = z.infer<typeof cancelReason>;
