import type { FastifyBaseLogger } from 'fastify';
import type { OrderService } from '../modules/orders/orders.service.js';
import { startPoller } from './poller.js';

/** How often each process looks for orders left unpaid 24 h after their creation. */
const PAYMENT_DEADLINE_INTERVAL_MS = 2_000;

/**
 * Settles unpaid orders past their deadline (PRODUCT.md §4a): charged from the buyer's wallet, or
 * canceled as a default; each once, whichever process runs.
 */
export function startPaymentDeadline(orders: OrderService, log: FastifyBaseLogger) {
  return startPoller(
    'payment deadline',
    PAYMENT_DEADLINE_INTERVAL_MS,
    async () => {
      const { charged, defaulted } = await orders.settleOverdue();
      if (charged + defaulted > 0) log.info({ charged, defaulted }, 'overdue orders settled');
    },
    log,
  );
}
