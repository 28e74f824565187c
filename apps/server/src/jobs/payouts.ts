import type { FastifyBaseLogger } from 'fastify';
import type { PayoutService } from '../modules/payouts/payouts.service.js';
import { startPoller } from './poller.js';

/**
 * How often each process asks whether today's payout run (PRODUCT.md §5) is done. The run is due
 * from 00:00 Asia/Kuala_Lumpur, so it starts within this long after midnight, or at start-up
 * when the server was down at midnight; a run cut short is finished by the next tick.
 */
const PAYOUT_CHECK_INTERVAL_MS = 30_000;

export function startPayouts(payouts: PayoutService, log: FastifyBaseLogger) {
  return startPoller(
    'payout run',
    PAYOUT_CHECK_INTERVAL_MS,
    async () => {
      const result = await payouts.runIfDue();
      if (result) log.info(result, 'payout run finished');
    },
    log,
  );
}
