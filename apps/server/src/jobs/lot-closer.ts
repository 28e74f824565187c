import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../lib/clock.js';
import type { AuctionService } from '../modules/auctions/auctions.service.js';
import { startPoller, whenDue } from './poller.js';

/**
 * Ends lots as they come due, and at start every lot that came due while no server ran (after a
 * crash, say). Every process runs one; the service makes each end happen once. Between ends it
 * sleeps until the next live lot's end, read once; a published lot wakes it (jobs.ts).
 */
export function startLotCloser(auctions: AuctionService, clock: Clock, log: FastifyBaseLogger) {
  return startPoller({
    name: 'lot closer',
    clock,
    log,
    // A lot that another process is ending stays due until it commits: looked at again this soon.
    minIntervalMs: 500,
    tick: whenDue(
      clock,
      () => auctions.nextLotEnd(),
      async () => {
        const ended = await auctions.closeDueLots();
        if (ended > 0) log.info({ ended }, 'lots ended');
      },
    ),
  });
}
