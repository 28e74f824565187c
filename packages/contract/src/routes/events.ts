import { z } from 'zod';
import { MAX_STREAMS_PER_SESSION } from '../events.js';
import { content, defineRoute } from './define.js';

export const eventsApi = {
  stream: defineRoute({
    method: 'GET',
    path: '/api/events',
    tag: 'Live events',
    security: 'merchantSession',
    summary:
      'Server-Sent Events of this merchant: bids, buyouts, ends. Resumes after Last-Event-ID (header, or ?lastEventId=)',
    description: `At most ${MAX_STREAMS_PER_SESSION} open streams per sign-in (per server process).`,
    errors: ['NOT_LOGGED_IN', 'TOO_MANY_STREAMS'],
    query: z.object({ lastEventId: z.string().max(20).optional() }),
    response: content(
      'A stream that never ends by itself: `retry: 2000`; without Last-Event-ID its position, `id: <n>`, `event: position` and `data: <n>` (the newest event id, to resume a later stream from); then `id: <n>` and `data: <MerchantEvent JSON>` frames, and `: ping` comments every 20 s',
      { 'text/event-stream': z.string() },
    ),
  }),
};
