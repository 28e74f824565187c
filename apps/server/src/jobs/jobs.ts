import type { MerchantEventType } from '@sm/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client.js';
import type { Clock } from '../lib/clock.js';
// The channel every merchant event is NOTIFYed on (sm_notify_event: insertEvents, a bid).
import { EVENTS_CHANNEL } from '../modules/events/events.repo.js';
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
export async function startJobs(
  services: Services,
  database: Database,
  clock: Clock,
  log: FastifyBaseLogger,
): Promise<Jobs> {
  const stopHousekeeping = startHousekeeping(
    [
      services.auth.purgeExpired,
      services.events.purgeExpired,
      services.idempotency.purgeExpired,
      services.notifications.purgeExpired,
      services.printing.cloud.purgeExpired,
    ],
    log,
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

  const unlisten = await database.listen(
    EVENTS_CHANNEL,
    (payload) => {
      let type: MerchantEventType;
      try {
        ({ type } = JSON.parse(payload) as { type: MerchantEventType });
      } catch {
        return; // the event hub logs it
      }
      if (type === 'auction_published') lotCloser.wake();
      push.wake();
      einvoices.wake();
    },
    wakeAll,
  );

  return {
    wakeAll,
    async stop() {
      stopHousekeeping();
      // The database may be closed already when the server shuts down.
      await unlisten().catch(() => {});
      await Promise.all(pollers.map((poller) => poller.stop()));
    },
  };
}
