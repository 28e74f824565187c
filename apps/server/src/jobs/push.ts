import type { FastifyBaseLogger } from 'fastify';
import type { PushService } from '../modules/notifications/push.service.js';
import { startPoller } from './poller.js';

/**
 * How often each process looks at the push outbox: a bid reaches a closed app within about this
 * long. The look is one indexed UPDATE over the unsent rows (usually none).
 */
const PUSH_INTERVAL_MS = 1_000;

/** Sends new notifications by Web Push; each once, whichever process takes it. */
export function startPush(push: PushService, log: FastifyBaseLogger) {
  return startPoller(
    'push',
    PUSH_INTERVAL_MS,
    async () => {
      const result = await push.sendDue();
      if (result.sent + result.removed + result.failed > 0) log.info(result, 'pushes sent');
    },
    log,
  );
}
