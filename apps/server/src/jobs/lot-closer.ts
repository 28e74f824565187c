import type { FastifyBaseLogger } from 'fastify';
import type { AuctionService } from '../modules/auctions/auctions.service.js';

/** How often each process looks for lots whose 15 minutes are up. */
const LOT_CLOSER_INTERVAL_MS = 500;

/**
 * Ends lots as they come due, and at start every lot that came due while no server ran (after a
 * crash, say). Every process runs one; the service makes each end happen once.
 */
export function startLotCloser(
  auctions: AuctionService,
  log: FastifyBaseLogger,
): () => Promise<void> {
  let stopped = false;
  let running: Promise<void> = Promise.resolve();
  const tick = async () => {
    try {
      if (!(await auctions.hasDueLots())) return;
      const ended = await auctions.closeDueLots();
      if (ended > 0) log.info({ ended }, 'lots ended');
    } catch (err) {
      log.error({ err }, 'lot closer failed; retrying on the next tick');
    }
  };
  const schedule = () => {
    if (stopped) return;
    running = tick().finally(() => {
      if (!stopped) timer = setTimeout(schedule, LOT_CLOSER_INTERVAL_MS);
    });
  };
  let timer: NodeJS.Timeout | undefined;
  schedule();
  return async () => {
    stopped = true;
    clearTimeout(timer);
    await running;
  };
}
