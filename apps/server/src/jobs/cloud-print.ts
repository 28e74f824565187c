import type { FastifyBaseLogger } from 'fastify';
import type { CloudPrntService } from '../modules/printing/cloudprnt.service.js';
import { startPoller } from './poller.js';

/**
 * How often each process looks for cloud print jobs past their time (not fetched or not
 * confirmed within 3 minutes): one indexed UPDATE over the open jobs, usually none.
 */
const CLOUD_PRINT_SWEEP_INTERVAL_MS = 10_000;

/** Reports cloud print jobs that no printer fetched or confirmed in time; each once. */
export function startCloudPrintSweep(cloud: CloudPrntService, log: FastifyBaseLogger) {
  return startPoller(
    'cloud print sweep',
    CLOUD_PRINT_SWEEP_INTERVAL_MS,
    async () => {
      const failed = await cloud.sweep();
      if (failed > 0) log.info({ failed }, 'cloud print jobs failed: not fetched or confirmed');
    },
    log,
  );
}
