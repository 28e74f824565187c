import type { FastifyBaseLogger } from 'fastify';
import type { InvoiceService } from '../modules/invoices/invoices.service.js';
import { startPoller } from './poller.js';

/**
 * How often each process asks MyInvois about submitted e-invoices (Valid or Invalid) and settles
 * refunded orders' invoices (cancel, or a credit note). Every process runs it; each document is
 * held by one process at a time (invoices.repo takeDueCheck / takeDueRefund), so each is asked
 * once per turn, and MyInvois's rate limits are shared, not multiplied.
 */
const EINVOICE_INTERVAL_MS = 10_000;

export function startEInvoices(invoices: InvoiceService, log: FastifyBaseLogger) {
  return startPoller(
    'e-invoice job',
    EINVOICE_INTERVAL_MS,
    async () => {
      const done = await invoices.work();
      if (done > 0) log.info({ done }, 'e-invoice job');
    },
    log,
  );
}
