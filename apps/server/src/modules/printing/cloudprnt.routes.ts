import { cloudPrntJobQuery, cloudPrntPoll, cloudPrntPollAnswer } from '@sm/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { limitKeyOf } from '../../lib/client-address.js';
import { binaryBody, contentResponse } from '../../lib/route-doc.js';
import { CLOUDPRNT_IMAGE_HEADERS, CLOUDPRNT_PATH } from './cloudprnt.js';
import type { CloudPrntService } from './cloudprnt.service.js';

/** A poll is a few hundred bytes; barcode scans and scale readings add little. */
const POLL_BODY_LIMIT = 16 * 1024;

/**
 * Requests per minute per client address, whatever printer they name: a shop's printers share its
 * address, each some 20 a minute. Each printer has its own budget besides, counted once it is
 * known (cloudprnt.service.ts): a MAC alone, which anyone may send, cannot spend it.
 */
const REQUESTS_PER_ADDRESS_MINUTE = 600;

const TAG = 'Cloud printers (Star CloudPRNT)';

const ok = z.object({ ok: z.literal(true) });

/**
 * The URL cloud printers poll (Star CloudPRNT, see cloudprnt.ts): no session, the printer is
 * known by its MAC address and the key in the URL's query. An unknown printer is answered as a
 * known one with nothing to print, so the answers tell nothing of who is registered.
 */
export async function cloudPrntRoutes(
  app: FastifyInstance,
  { cloud }: { cloud: CloudPrntService },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = {
    rateLimit: {
      max: REQUESTS_PER_ADDRESS_MINUTE,
      timeWindow: 60_000,
      groupId: 'cloudprnt',
      keyGenerator: (req: { ip: string }) => `cloudprnt:${limitKeyOf(req.ip)}`,
    },
  };

  r.post(CLOUDPRNT_PATH, {
    bodyLimit: POLL_BODY_LIMIT,
    config,
    schema: {
      tags: [TAG],
      summary: 'A cloud printer’s poll: its status; is a job ready?',
      description:
        'Star CloudPRNT poll (HTTP POST). The printer sends its MAC address, status code (`200 OK`, `410` paper out, `420` cover open…) and ASB status bytes at every polling interval; the server stores them and answers `jobReady` with the media types it offers (`image/png`) and a `jobToken` for the GET. `key` is the query of the URL the merchant entered in the printer. Answers `{"jobReady": false}` to a printer it does not know.',
      querystring: z.object({ key: cloudPrntJobQuery.shape.key }),
      body: cloudPrntPoll,
      response: { 200: cloudPrntPollAnswer },
    },
    handler: async (req) => cloud.poll(req.query.key, req.body),
  });

  r.get(CLOUDPRNT_PATH, {
    config,
    schema: {
      tags: [TAG],
      summary: 'A cloud printer fetches its job (or confirms it, with `delete`)',
      description:
        'Star CloudPRNT job request: `mac`, `type` (one of the poll’s media types) and `token` (the poll’s jobToken; older firmware sends none) in the query, with the URL’s `key`. Answers the page as a PNG as wide as the paper in printer dots; 404 when no job waits for this printer, 415 for another media type. With `delete` in the query it is the confirmation instead (as DELETE), answered `{"ok": true}`.',
      querystring: cloudPrntJobQuery,
      response: {
        200: contentResponse('The job’s page, or the confirmation’s answer', {
          'image/png': binaryBody(),
          'application/json': ok,
        }),
      },
    },
    handler: async (req, reply) => {
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
  });

  r.delete(CLOUDPRNT_PATH, {
    config,
    schema: {
      tags: [TAG],
      summary: 'A cloud printer confirms its job: printed, or its error',
      description:
        'Star CloudPRNT job confirmation: `code` is `200 OK` when the job printed, else the printer’s status code (5xx: it could not take the job; 520 download time-out…), with `mac`, `token` and the URL’s `key`. An error puts the job back in the queue (3 reports at most; 510, 512 and 521 fail it at once). Answers `{"ok": true}` whatever it matched.',
      querystring: cloudPrntJobQuery,
      response: { 200: ok },
    },
    handler: async (req) => {
      await cloud.confirm(req.query);
      return { ok: true as const };
    },
  });
}
