import type { FastifyBaseLogger } from 'fastify';
import type { AuctionService } from '../modules/auctions/auctions.service.js';
import { startPoller } from './poller.js';

/** How often each process looks for lots whose 15 minutes are up. */
const LOT_CLOSER_INTERVAL_MS = 500;

/**
 * Ends lots as they come due, and at start every lot that came due while no server ran (after a
 * crash, say). Every process runs one; the service makes each end happen once.
 */
export function startLotCloser(auctions: AuctionService, log: FastifyBaseLogger) {
  return startPoller(
    'lot closer',
    LOT_CLOSER_INTERVAL_MS,
    async () => {
      if (!(await auctions.hasDueLots())) return;
      const ended = await auctions.closeDueLots();
      if (ended > 0) log.info({ ended }, 'lots ended');
    },
    log,
  );
}
