import { pipeline } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contentResponse, errorList } from '../../lib/route-doc.js';
import { authOf } from '../auth/auth.guard.js';
import { type EventService, MAX_STREAMS_PER_SESSION } from './events.service.js';

export async function eventsRoutes(app: FastifyInstance, { events }: { events: EventService }) {
  app.addHook('preClose', async () => events.endAll());

  app.withTypeProvider<ZodTypeProvider>().get('/events', {
    onRequest: app.requireMerchant,
    schema: {
      tags: ['Live events'],
      security: [{ merchantSession: [] }],
      summary:
        'Server-Sent Events of this merchant: bids, buyouts, ends. Resumes after Last-Event-ID (header, or ?lastEventId=)',
      description: errorList(['NOT_LOGGED_IN', 'TOO_MANY_STREAMS']).concat(
        `\n\nAt most ${MAX_STREAMS_PER_SESSION} open streams per sign-in (per server process).`,
      ),
      querystring: z.object({ lastEventId: z.string().max(20).optional() }),
      response: {
        200: contentResponse(
          'A stream that never ends by itself: `retry: 2000`, then `id: <n>` and `data: <MerchantEvent JSON>` frames, and `: ping` comments every 20 s',
          { 'text/event-stream': z.string() },
        ),
      },
    },
    handler: async (req, reply) => {
      const { accountId, tokenHash } = authOf(req);
      const stream = events.open({
        merchantId: accountId,
        sessionKey: tokenHash,
        lastEventId: req.headers['last-event-id'] ?? req.query.lastEventId,
        log: req.log,
      });
      // Written past Fastify's reply (and its compression, which would hold frames back).
      reply.hijack();
      reply.raw.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
      // A client that goes away destroys the stream, which frees its slot; a stream that ends
      // (resync, shutdown) ends the response.
      pipeline(stream, reply.raw, () => {});
    },
  });
}
