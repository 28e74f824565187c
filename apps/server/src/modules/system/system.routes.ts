import { APP_VERSION, APP_VERSION_CODE } from '@sm/contract';
import { systemApi } from '@sm/contract/routes';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/errors.js';
import { route } from '../../lib/route.js';

export async function systemRoutes(
  app: FastifyInstance,
  { ping, webBuild }: { ping: () => Promise<void>; webBuild: string | null },
) {
  route(app, systemApi.health, async (req) => {
    try {
      await ping();
    } catch (err) {
      req.log.error({ err }, 'health check: database did not answer');
      throw new AppError('UNAVAILABLE');
    }
    return { status: 'ok' as const, database: 'up' as const };
  });

  route(app, systemApi.version, async () => ({
    version: APP_VERSION,
    code: APP_VERSION_CODE,
    build: webBuild,
  }));
}
