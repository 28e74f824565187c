import { z } from 'zod';
import { ORDER_STATUSES } from './order-fields.js';

/** Apart from orders.ts so that the lot's award (auctions.ts) can name them too. */
export const orderStatus = z.enum(ORDER_STATUSES);

/** Why a Canceled order was canceled (PRODUCT.md §4a): the buyer's default, or the merchant. */
export const cancelReason = z.enum(['default', 'merchant']);
export type CancelReason = z.infer<typeof cancelReason>;
