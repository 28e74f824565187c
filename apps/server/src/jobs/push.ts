import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../lib/clock.js';
import type { PushService } from '../modules/notifications/push.service.js';
import { startPoller } from './poller.js';

/**
 * Sends new notifications by Web Push; each once, whichever process takes it. A notification is
 * written with its merchant event, whose NOTIFY wakes this (jobs.ts); otherwise it sleeps until a
 * failed send's retry is due.
 */
export function startPush(push: PushService, clock: Clock, log: FastifyBaseLogger) {
  return startPoller({
    name: 'push',
    clock,
    log,
    // A busy market wakes it at every event: its look at the outbox (one UPDATE) stays one a second.
    minIntervalMs: 1_000,
    async tick() {
      const result = await push.sendDue();
      if (result.sent + result.removed + result.failed > 0) log.info(result, 'pushes sent');
      // What it took may not have been all: it looks again until the outbox is empty.
      return result.taken > 0 ? clock.now() : push.nextRetryAt();
    },
  });
}
