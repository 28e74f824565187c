import { z } from 'zod';
import { cloudPrntJobQuery, cloudPrntPoll, cloudPrntPollAnswer } from '../index.js';
import { binary, content, routeGroup } from './define.js';

/**
 * The URL cloud printers poll (Star CloudPRNT): no session, the printer is known by its MAC
 * address and the key in the URL's query.
 */
const route = routeGroup('Cloud printers (Star CloudPRNT)', undefined);

const ok = z.object({ ok: z.literal(true) });

export const cloudPrntApi = {
  poll: route({
    method: 'POST',
    path: '/api/cloudprnt',
    summary: 'A cloud printer’s poll: its status; is a job ready?',
    description:
      'Star CloudPRNT poll (HTTP POST). The printer sends its MAC address, status code (`200 OK`, `410` paper out, `420` cover open…) and ASB status bytes at every polling interval; the server stores them and answers `jobReady` with the media types it offers (`image/png`) and a `jobToken` for the GET. `key` is the query of the URL the merchant entered in the printer. Answers `{"jobReady": false}` to a printer it does not know.',
    query: z.object({ key: cloudPrntJobQuery.shape.key }),
    body: cloudPrntPoll,
    response: cloudPrntPollAnswer,
  }),
  fetchJob: route({
    method: 'GET',
    path: '/api/cloudprnt',
    summary: 'A cloud printer fetches its job (or confirms it, with `delete`)',
    description:
      'Star CloudPRNT job request: `mac`, `type` (one of the poll’s media types) and `token` (the poll’s jobToken; older firmware sends none) in the query, with the URL’s `key`. Answers the page as a PNG as wide as the paper in printer dots; 404 when no job waits for this printer, 415 for another media type. With `delete` in the query it is the confirmation instead (as DELETE), answered `{"ok": true}`.',
    query: cloudPrntJobQuery,
    response: content('The job’s page, or the confirmation’s answer', {
      'image/png': binary(),
      'application/json': ok,
    }),
  }),
  confirmJob: route({
    method: 'DELETE',
    path: '/api/cloudprnt',
    summary: 'A cloud printer confirms its job: printed, or its error',
    description:
      'Star CloudPRNT job confirmation: `code` is `200 OK` when the job printed, else the printer’s status code (5xx: it could not take the job; 520 download time-out…), with `mac`, `token` and the URL’s `key`. An error puts the job back in the queue (3 reports at most; 510, 512 and 521 fail it at once). Answers `{"ok": true}` whatever it matched.',
    query: cloudPrntJobQuery,
    response: ok,
  }),
};
