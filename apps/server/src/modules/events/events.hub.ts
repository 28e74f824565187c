import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.js';
import { EVENTS_CHANNEL, type MerchantEventRow } from './events.repo.js';

export type EventListener = (event: MerchantEventRow) => void;

export interface EventHub {
  /** Calls `listener` with each event of this merchant committed from now on, in any process. */
  subscribe(merchantId: string, listener: EventListener): () => void;
  /**
   * Calls `listener` with every merchant's events from now on, and with RESYNC when events may
   * have been missed (the listening connection came back): the jobs' wake-ups.
   */
  subscribeAll(listener: EventListener): () => void;
  stop(): Promise<void>;
}

/**
 * Fans the database's NOTIFYs out to this process's streams. Every process LISTENs, so a bid taken
 * by one process reaches a merchant whose stream is held by another. Every event is NOTIFYd in the
 * transaction that writes it (insertEvents, sm_place_bids), and PostgreSQL delivers a NOTIFY when,
 * and only when, that transaction commits: an event is heard once, and never one rolled back.
 */
export async function startEventHub(database: Database, log: FastifyBaseLogger): Promise<EventHub> {
  const byMerchant = new Map<string, Set<EventListener>>();
  const everyone = new Set<EventListener>();

  const deliver = (event: MerchantEventRow) => {
    for (const listener of byMerchant.get(event.merchantId) ?? []) listener(event);
    for (const listener of everyone) listener(event);
  };

  const dispatch = (payload: string) => {
    let event: MerchantEventRow;
    try {
      const raw = JSON.parse(payload) as MerchantEventRow & { createdAt: string };
      event = { ...raw, createdAt: new Date(raw.createdAt) };
    } catch (err) {
      log.warn({ err }, 'unreadable event notification');
      return;
    }
    deliver(event);
  };

  const unlisten = await database.listen(EVENTS_CHANNEL, dispatch, () =>
    // A stream that missed events while the listener was down gets them when it reconnects
    // (Last-Event-ID); telling it to reconnect now is what makes that happen.
    [...byMerchant.values(), everyone].forEach((set) =>
      set.forEach((listener) => listener(RESYNC)),
    ),
  );

  return {
    subscribe(merchantId, listener) {
      let set = byMerchant.get(merchantId);
      if (!set) byMerchant.set(merchantId, (set = new Set()));
      set.add(listener);
      return () => {
        // Once only: a later set of this merchant's must not be dropped by a second call.
        if (!set.delete(listener)) return;
        if (set.size === 0) byMerchant.delete(merchantId);
      };
    },
    subscribeAll(listener) {
      everyone.add(listener);
      return () => void everyone.delete(listener);
    },
    async stop() {
      // The database may be closed already when the server shuts down; nothing is left to stop then.
      await unlisten().catch(() => {});
    },
  };
}

/** Not an event: tells a stream to close so that its client reconnects and catches up. */
export const RESYNC: MerchantEventRow = {
  id: -1,
  merchantId: '',
  type: 'resync',
  auctionId: null,
  lotId: null,
  orderId: null,
  createdAt: new Date(0),
};
