import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../lib/clock.js';
import { klDate, klDayStart } from '../lib/kl-time.js';
import type { PayoutService } from '../modules/payouts/payouts.service.js';
import { startPoller } from './poller.js';

/**
 * Today's payout run (PRODUCT.md §5), due from 00:00 Asia/Kuala_Lumpur: at start-up when the server
 * was down at midnight, then at each midnight; a run cut short is finished by the next run.
 */
export function startPayouts(payouts: PayoutService, clock: Clock, log: FastifyBaseLogger) {
  return startPoller({
    name: 'payout run',
    clock,
    log,
    minIntervalMs: 30_000,
    async tick() {
      const result = await payouts.runIfDue();
      if (result) log.info(result, 'payout run finished');
      return klDayStart(klDate(clock.now()), 1);
    },
  });
}
