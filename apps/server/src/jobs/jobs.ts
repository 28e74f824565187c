import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../lib/clock.js';
import { RESYNC } from '../modules/events/index.js';
import type { Services } from '../services.js';
import { startCloudPrintSweep } from './cloud-print.js';
import { startEInvoices } from './einvoices.js';
import { startHousekeeping } from './housekeeping.js';
import { startLotCloser } from './lot-closer.js';
import { startPaymentDeadline } from './payment-deadline.js';
import { startPayouts } from './payouts.js';
import type { Poller } from './poller.js';
import { startPush } from './push.js';

interface Jobs {
  /** Every job looks again at once: the clock moved (TEST_CLOCK), or notifications were lost. */
  wakeAll(): void;
  stop(): Promise<void>;
}

/**
 * The jobs of one process, on the services its routes use. Each sleeps until its next work is due
 * (poller.ts); the merchant events' NOTIFY, from any process, wakes those whose work a change
 * creates: a published lot (the lot closer), a notification (push: one comes with an event), a
 * refund (e-invoices: each event, at most once in their interval).
 */
export function startJobs(
  services: Services,
  clock: Clock,
  log: FastifyBaseLogger,
  /** The database's own upkeep (PGlite's vacuum), hourly after the purges. */
  upkeep?: () => Promise<void>,
): Jobs {
  const stopHousekeeping = startHousekeeping(
    [
      services.auth.purgeExpired,
      services.events.purgeExpired,
      services.idempotency.purgeExpired,
      services.notifications.purgeExpired,
      services.printing.cloud.purgeExpired,
    ],
    log,
    upkeep,
  );
  const lotCloser = startLotCloser(services.auctions, clock, log);
  const push = startPush(services.push, clock, log);
  const einvoices = startEInvoices(services.invoices, clock, log);
  const pollers: Poller[] = [
    lotCloser,
    push,
    einvoices,
    startPaymentDeadline(services.orders, clock, log),
    startPayouts(services.payouts, clock, log),
    startCloudPrintSweep(services.printing.cloud, clock, log),
  ];
  const wakeAll = () => pollers.forEach((poller) => poller.wake());

  // Heard through the process's event hub, which LISTENs already: no connection of their own.
  const unsubscribe = services.events.onEveryEvent((event) => {
    if (event === RESYNC) return wakeAll();
    if (event.type === 'auction_published') lotCloser.wake();
    push.wake();
    einvoices.wake();
  });

  return {
    wakeAll,
    async stop() {
      stopHousekeeping();
      unsubscribe();
      await Promise.all(pollers.map((poller) => poller.stop()));
    },
  };
}
