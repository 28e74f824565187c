import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ERROR_CODES } from '@sm/contract';

/**
 * A request body that stops arriving is cut off: at least MIN_BYTES must arrive in every
 * WINDOW_MS while a body is still coming. A phone on 2G sends kilobytes a second; an upload that
 * trickles a byte every 2 s (a slowloris) would otherwise hold its socket and its parser until
 * the 120 s request timeout, and a hundred of them hold a hundred sockets.
 */
export const BODY_STALL = { WINDOW_MS: 10_000, MIN_BYTES: 1_024 } as const;

export const bodyDeadline = fp(
  async (app: FastifyInstance, { windowMs = BODY_STALL.WINDOW_MS }: { windowMs?: number }) => {
    app.addHook('onRequest', async (request, reply) => {
      const raw = request.raw;
      const length = Number(raw.headers['content-length'] ?? 0);
      const chunked = /chunked/i.test(String(raw.headers['transfer-encoding'] ?? ''));
      if (!(length > 0 || chunked)) return;
      const socket = raw.socket;
      // Injected requests (tests) have no real socket to watch.
      if (typeof socket?.bytesRead !== 'number') return;
      // bytesRead counts the whole socket (headers too): only its growth is compared. Reading it
      // never touches the request stream, which the body parser (or a handler) consumes.
      let seen = socket.bytesRead;
      const timer = setInterval(() => {
        if (raw.complete) {
          clearInterval(timer);
          return;
        }
        const now = socket.bytesRead;
        if (now - seen >= BODY_STALL.MIN_BYTES) {
          seen = now;
          return;
        }
        clearInterval(timer);
        request.log.warn({ received: now - seen }, 'request body stalled: cut off');
        if (!reply.raw.headersSent) {
          const { status, message } = ERROR_CODES.REQUEST_STALLED;
          reply.raw.writeHead(status, { 'content-type': 'application/json', connection: 'close' });
          reply.raw.end(JSON.stringify({ code: 'REQUEST_STALLED', message }));
        }
        socket.destroySoon();
      }, windowMs);
      timer.unref();
      reply.raw.once('close', () => clearInterval(timer));
      reply.raw.once('finish', () => clearInterval(timer));
      raw.once('end', () => clearInterval(timer));
    });
  },
  { name: 'body-deadline' },
);
