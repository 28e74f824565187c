import { eventsApi } from '@sm/contract/routes';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route.js';
import { authOf } from '../auth/auth.guard.js';
import type { EventService } from './events.service.js';

export async function eventsRoutes(app: FastifyInstance, { events }: { events: EventService }) {
  app.addHook('preClose', async () => events.endAll());

  route(
    app,
    eventsApi.stream,
    async (req, reply) => {
      const { accountId, tokenHash } = authOf(req);
      events.open(
        {
          merchantId: accountId,
          sessionKey: tokenHash,
          lastEventId: req.headers['last-event-id'] ?? req.query.lastEventId,
          log: req.log,
        },
        () => {
          // Written past Fastify's reply (and its compression, which would hold frames back).
          reply.hijack();
          reply.raw.writeHead(200, {
            'content-type': 'text/event-stream; charset=utf-8',
            'cache-control': 'no-cache, no-transform',
            connection: 'keep-alive',
            'x-accel-buffering': 'no',
          });
          return reply.raw;
        },
      );
    },
    { onRequest: app.requireMerchant },
  );
}
