import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../lib/clock.js';
import type { CloudPrntService } from '../modules/printing/cloudprnt.service.js';
import { startPoller, whenDue } from './poller.js';

/**
 * Reports cloud print jobs that no printer fetched or confirmed in time; each once. It sleeps until
 * the first open job's time is up: a new job's is minutes away, so no wake-up is needed for it.
 */
export function startCloudPrintSweep(
  cloud: CloudPrntService,
  clock: Clock,
  log: FastifyBaseLogger,
) {
  return startPoller({
    name: 'cloud print sweep',
    clock,
    log,
    minIntervalMs: 10_000,
    tick: whenDue(
      clock,
      () => cloud.nextOverdueAt(),
      async () => {
        const failed = await cloud.sweep();
        if (failed > 0) log.info({ failed }, 'cloud print jobs failed: not fetched or confirmed');
      },
    ),
  });
}
