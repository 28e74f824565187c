import type { FastifyBaseLogger } from 'fastify';
import type { OrderService } from '../modules/orders/orders.service.js';
import { startPoller } from './poller.js';

/** How often each process looks for orders left unpaid 24 h after their creation. */
const PAYMENT_DEADLINE_INTERVAL_MS = 2_000;

/** Cancels unpaid orders past their deadline (PRODUCT.md §5); each once, whichever process runs. */
export function startPaymentDeadline(orders: OrderService, log: FastifyBaseLogger) {
  return startPoller(
    'payment deadline',
    PAYMENT_DEADLINE_INTERVAL_MS,
    async () => {
      const canceled = await orders.cancelOverdue();
      if (canceled > 0) log.info({ canceled }, 'unpaid orders canceled');
    },
    log,
  );
}
