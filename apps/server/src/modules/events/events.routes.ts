import { Socket } from 'node:net';
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
          const res = reply.raw;
          // Not chunked: the body runs until the connection closes (a stream only ends to be
          // opened again), so the bytes of a batch of events are the same for every stream and
          // each socket takes them in one write, past the response's per-write work.
          res.removeHeader('transfer-encoding');
          res.writeHead(200, {
            'content-type': 'text/event-stream; charset=utf-8',
            'cache-control': 'no-cache, no-transform',
            connection: 'close',
            'x-accel-buffering': 'no',
          });
          res.flushHeaders();
          // A request pipelined behind another has no connection yet (the response holds its
          // bytes until it has one), nor has one injected by a test.
          return res.socket instanceof Socket ? res.socket : res;
        },
      );
    },
    { onRequest: app.requireMerchant },
  );
}
