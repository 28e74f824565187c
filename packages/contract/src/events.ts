import { z } from 'zod';
import { MERCHANT_EVENT_TYPES } from './constants.js';

/**
 * What GET /api/events streams to a merchant (Server-Sent Events; the SSE `id` is the event's
 * sequence number, for Last-Event-ID). The app only invalidates its queries on them.
 */
export const merchantEventType = z.enum(MERCHANT_EVENT_TYPES);
export type MerchantEventType = z.infer<typeof merchantEventType>;

export const merchantEvent = z.object({
  type: merchantEventType,
  auctionId: z.string().nullable(),
  lotId: z.string().nullable(),
  orderId: z.string().nullable(),
  at: z.string(),
});
export type MerchantEvent = z.infer<typeof merchantEvent>;

/**
 * Open event streams one session may hold in one server process: a merchant with a few tabs of
 * the app open needs one each; hundreds from one cookie are an attack on memory and sockets.
 */
export const MAX_STREAMS_PER_SESSION = 6;
