import { cloudPrntApi } from '@sm/contract/routes';
import type { FastifyInstance } from 'fastify';
import { limitKeyOf } from '../../lib/client-address.js';
import { route } from '../../lib/route.js';
import { CLOUDPRNT_IMAGE_HEADERS } from './cloudprnt.js';
import type { CloudPrntService } from './cloudprnt.service.js';

/** A poll is a few hundred bytes; barcode scans and scale readings add little. */
const POLL_BODY_LIMIT = 16 * 1024;

/**
 * Requests per minute per client address, whatever printer they name: a shop's printers share its
 * address, each some 20 a minute. Each printer has its own budget besides, counted once it is
 * known (cloudprnt.service.ts): a MAC alone, which anyone may send, cannot spend it.
 */
const REQUESTS_PER_ADDRESS_MINUTE = 600;

/**
 * The URL cloud printers poll (Star CloudPRNT, see cloudprnt.ts): no session, the printer is
 * known by its MAC address and the key in the URL's query. An unknown printer is answered as a
 * known one with nothing to print, so the answers tell nothing of who is registered.
 */
export async function cloudPrntRoutes(
  app: FastifyInstance,
  { cloud }: { cloud: CloudPrntService },
) {
  const config = {
    rateLimit: {
      max: REQUESTS_PER_ADDRESS_MINUTE,
      timeWindow: 60_000,
      groupId: 'cloudprnt',
      keyGenerator: (req: { ip: string }) => `cloudprnt:${limitKeyOf(req.ip)}`,
    },
  };

  route(app, cloudPrntApi.poll, async (req) => cloud.poll(req.query.key, req.body), {
    bodyLimit: POLL_BODY_LIMIT,
    config,
  });

  route(
    app,
    cloudPrntApi.fetchJob,
    async (req, reply) => {
      if (req.query.delete !== undefined) {
        await cloud.confirm(req.query);
        return reply.type('application/json').send({ ok: true as const });
      }
      const png = await cloud.fetchJob(req.query);
      // A slip names a buyer: no cache keeps it.
      return reply
        .type('image/png')
        .headers({ 'cache-control': 'no-store', ...CLOUDPRNT_IMAGE_HEADERS })
        .send(png);
    },
    { config },
  );

  route(
    app,
    cloudPrntApi.confirmJob,
    async (req) => {
      await cloud.confirm(req.query);
      return { ok: true as const };
    },
    { config },
  );
}
