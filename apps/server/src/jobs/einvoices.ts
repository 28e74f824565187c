import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../lib/clock.js';
import type { InvoiceService } from '../modules/invoices/invoices.service.js';
import { startPoller, whenDue } from './poller.js';

/**
 * Asks MyInvois about submitted e-invoices (Valid or Invalid) and settles refunded orders'
 * invoices (cancel, or a credit note), each when its document says it is due; merchant events
 * (a refund is one) wake it (jobs.ts). Every process runs it; each document is held by one process
 * at a time (invoices.repo takeDueCheck / takeDueRefund), so each is asked once per turn, and
 * MyInvois's rate limits are shared, not multiplied.
 */
export function startEInvoices(invoices: InvoiceService, clock: Clock, log: FastifyBaseLogger) {
  return startPoller({
    name: 'e-invoice job',
    clock,
    log,
    minIntervalMs: 10_000,
    tick: whenDue(
      clock,
      () => invoices.nextWorkAt(),
      async () => {
        const done = await invoices.work();
        if (done > 0) log.info({ done }, 'e-invoice job');
      },
    ),
  });
}
