import type { MerchantEvent } from '@sm/contract';
import type { FastifyInstance } from 'fastify';
import type { ServerResponse } from 'node:http';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { contentResponse, errorList } from '../../lib/route-doc.js';
import { AppError } from '../../lib/errors.js';
import { authOf } from '../auth/auth.guard.js';
import type { EventHub } from './events.hub.js';
import { RESYNC } from './events.hub.js';
import { eventsAfter, latestEventId, type MerchantEventRow } from './events.repo.js';

/** Comments keep proxies and phones from dropping an idle stream. */
const HEARTBEAT_MS = 20_000;
/**
 * Open streams one session may hold in one process: a merchant with a few tabs of the app open
 * needs one each; hundreds from one cookie are an attack on the process's memory and sockets.
 */
export const MAX_STREAMS_PER_SESSION = 6;
const REPLAY_PAGE = 500;

const lastEventId = (value: unknown): number | null => {
  const n = typeof value === 'string' && /^\d{1,15}$/.test(value) ? Number(value) : NaN;
  return Number.isSafeInteger(n) ? n : null;
};

export async function eventsRoutes(app: FastifyInstance, { hub, db }: { hub: EventHub; db: Db }) {
  const open = new Set<ServerResponse>();
  /** Open streams by session (its token's hash). */
  const perSession = new Map<string, number>();
  // Streams never end by themselves; a closing server ends them so that it can finish.
  app.addHook('preClose', async () => {
    for (const res of open) res.end();
  });

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
      const held = perSession.get(tokenHash) ?? 0;
      // The new one is refused, not the oldest closed: a closed tab would reconnect and close
      // another in turn.
      if (held >= MAX_STREAMS_PER_SESSION) throw new AppError('TOO_MANY_STREAMS');
      perSession.set(tokenHash, held + 1);
      const resumeFrom = lastEventId(req.headers['last-event-id'] ?? req.query.lastEventId);
      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
      open.add(res);

      // Ids come from a sequence but transactions commit in any order, so live events are sent as
      // they come, never filtered by id; only the replay and what arrived during it may overlap.
      let replaying = true;
      const queued: MerchantEventRow[] = [];
      const replayed = new Set<number>();
      const write = (event: MerchantEventRow) => {
        const data: MerchantEvent = {
          type: event.type as MerchantEvent['type'],
          auctionId: event.auctionId,
          lotId: event.lotId,
          orderId: event.orderId,
          at: event.createdAt.toISOString(),
        };
        res.write(`id: ${event.id}\ndata: ${JSON.stringify(data)}\n\n`);
      };
      const unsubscribe = hub.subscribe(accountId, (event) => {
        if (event === RESYNC) res.end();
        else if (replaying) queued.push(event);
        else write(event);
      });
      const heartbeat = setInterval(() => res.write(': ping\n\n'), HEARTBEAT_MS);
      res.on('close', () => {
        clearInterval(heartbeat);
        unsubscribe();
        open.delete(res);
        const left = (perSession.get(tokenHash) ?? 1) - 1;
        if (left > 0) perSession.set(tokenHash, left);
        else perSession.delete(tokenHash);
      });

      try {
        res.write('retry: 2000\n\n');
        if (resumeFrom === null) {
          // An id with no data sets the browser's Last-Event-ID without an event, so a stream
          // that drops before its first event still resumes from here.
          res.write(`id: ${await latestEventId(db, accountId)}\n\n`);
        } else {
          let after = resumeFrom;
          for (;;) {
            const page = await eventsAfter(db, accountId, after, REPLAY_PAGE);
            for (const event of page) {
              replayed.add(event.id);
              write(event);
              after = event.id;
            }
            if (page.length < REPLAY_PAGE) break;
          }
        }
        replaying = false;
        for (const event of queued) if (!replayed.has(event.id)) write(event);
        replayed.clear();
      } catch (err) {
        req.log.error({ err }, 'event stream failed');
        res.end();
      }
    },
  });
}
