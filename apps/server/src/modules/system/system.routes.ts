import { APP_VERSION, APP_VERSION_CODE, healthResponse, versionResponse } from '@sm/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/errors.js';

export async function systemRoutes(
  app: FastifyInstance,
  { ping, webBuild }: { ping: () => Promise<void>; webBuild: string | null },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/health', {
    schema: {
      tags: ['System'],
      summary: '200 only when the database answers',
      response: { 200: healthResponse },
    },
    handler: async (req) => {
      try {
        await ping();
      } catch (err) {
        req.log.error({ err }, 'health check: database did not answer');
        throw new AppError('UNAVAILABLE');
      }
      return { status: 'ok' as const, database: 'up' as const };
    },
  });

  r.get('/version', {
    schema: {
      tags: ['System'],
      summary: 'Version of the server, and the build of the app it serves',
      response: { 200: versionResponse },
    },
    handler: async () => ({ version: APP_VERSION, code: APP_VERSION_CODE, build: webBuild }),
  });
}
