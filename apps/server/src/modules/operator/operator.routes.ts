import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { smsOutboxQuery, smsOutboxResponse } from '@sm/contract';
import { z } from 'zod';
import type { TestClock } from '../../lib/clock.js';
import { safeEqual } from '../../lib/crypto.js';
import { AppError } from '../../lib/errors.js';
import type { AuthService } from '../auth/auth.service.js';

/** The operator's API: every route needs `Authorization: Bearer <OPERATOR_TOKEN>`. */
export async function operatorRoutes(
  app: FastifyInstance,
  {
    token,
    auth,
    testClock,
  }: {
    token: string;
    auth: AuthService;
    /** Only with TEST_CLOCK=true: lets browser tests and demos move time. */
    testClock: TestClock | null;
  },
) {
  app.addHook('onRequest', async (req: FastifyRequest) => {
    const header = req.headers.authorization ?? '';
    const given = header.startsWith('Bearer ') ? header.slice(7) : '';
    if (!given || !safeEqual(given, token)) throw new AppError('NOT_LOGGED_IN');
  });
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/sms-outbox', {
    schema: {
      tags: ['Operator'],
      summary: 'Latest codes written by the development SMS sender, newest first',
      security: [{ operatorToken: [] }],
      querystring: smsOutboxQuery,
      response: { 200: smsOutboxResponse },
    },
    handler: async (req) => {
      const rows = await auth.listOutbox(req.query);
      return { items: rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })) };
    },
  });

  if (!testClock) return;
  r.post('/test/clock', {
    schema: {
      tags: ['Operator'],
      summary: 'TEST_CLOCK only: move the server clock forward (lots end on the next closer tick)',
      security: [{ operatorToken: [] }],
      body: z.object({
        advanceMs: z
          .number()
          .int()
          .min(0)
          .max(366 * 24 * 3_600_000),
      }),
      response: { 200: z.object({ now: z.string() }) },
    },
    handler: async (req) => {
      testClock.advance(req.body.advanceMs);
      return { now: testClock.now().toISOString() };
    },
  });
}
