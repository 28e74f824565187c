import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../lib/clock.js';
import type { OrderService } from '../modules/orders/orders.service.js';
import { startPoller, whenDue } from './poller.js';

/**
 * Settles unpaid orders past their deadline (PRODUCT.md §4a): charged from the buyer's wallet, or
 * canceled as a default; each once, whichever process runs. It sleeps until the next unpaid
 * order's deadline: a new order's is a day away, so no wake-up is needed for it.
 */
export function startPaymentDeadline(orders: OrderService, clock: Clock, log: FastifyBaseLogger) {
  return startPoller({
    name: 'payment deadline',
    clock,
    log,
    // An order that a payment (or another process) holds stays due until it commits.
    minIntervalMs: 2_000,
    tick: whenDue(
      clock,
      () => orders.nextPaymentDeadline(),
      async () => {
        const { charged, defaulted } = await orders.settleOverdue();
        if (charged + defaulted > 0) log.info({ charged, defaulted }, 'overdue orders settled');
      },
    ),
  });
}
