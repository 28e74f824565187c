import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.js';
import { EVENTS_CHANNEL, eventsByIds, type MerchantEventRow } from './events.repo.js';

export type EventListener = (event: MerchantEventRow) => void;

export interface EventHub {
  /** Calls `listener` with each event of this merchant committed from now on, in any process. */
  subscribe(merchantId: string, listener: EventListener): () => void;
  /**
   * Calls `listener` with every merchant's events from now on, and with RESYNC when events may
   * have been missed (the listening connection came back): the jobs' wake-ups.
   */
  subscribeAll(listener: EventListener): () => void;
  /**
   * Tells every process's hub, this one's too, of an event its transaction wrote without a NOTIFY
   * and has committed (a bid: sm_place_bid_event). The events of the moment go out together, in
   * one statement, while the previous one is on its way.
   */
  announce(event: MerchantEventRow): void;
  stop(): Promise<void>;
}

/** The JSON of an event's NOTIFY, as sm_notify_event (migration 0014) writes it. */
const payloadOf = (event: MerchantEventRow): string =>
  JSON.stringify({ ...event, createdAt: event.createdAt.toISOString() });

export interface HubOptions {
  /**
   * How long an event id may be missing among the ones heard before the hub looks for it in the
   * table. NOTIFYs from several processes arrive out of id order by some milliseconds; an id still
   * missing after this was rolled back, or committed by a process that stopped before announcing
   * it, and the table tells which.
   */
  gapGraceMs?: number;
}

/** More ids missing than this at once: the hub lost track, and its streams resync instead. */
const MAX_MISSING = 10_000;

/**
 * Fans the database's NOTIFYs out to this process's streams. Every process LISTENs, so a bid taken
 * by one process reaches a merchant whose stream is held by another.
 *
 * Event ids come from one sequence, so the hub also notices an id it never heard of. An event
 * written inside its transaction's NOTIFY (insertEvents) cannot be missed; a bid's event is
 * announced after its commit (`announce`), and the process may stop in between. After
 * `gapGraceMs` the hub reads the missing ids from the table and delivers what it finds there, late
 * rather than never; the rest were rolled back.
 */
export async function startEventHub(
  database: Database,
  log: FastifyBaseLogger,
  { gapGraceMs = 1000 }: HubOptions = {},
): Promise<EventHub> {
  const byMerchant = new Map<string, Set<EventListener>>();
  const everyone = new Set<EventListener>();

  const deliver = (event: MerchantEventRow) => {
    for (const listener of byMerchant.get(event.merchantId) ?? []) listener(event);
    for (const listener of everyone) listener(event);
  };
  const resync = () =>
    // A stream that missed events while the listener was down gets them when it reconnects
    // (Last-Event-ID); telling it to reconnect now is what makes that happen.
    [...byMerchant.values(), everyone].forEach((set) =>
      set.forEach((listener) => listener(RESYNC)),
    );

  // The ids heard from `floor` (the first one) to `highest`, tracked by the ones not heard yet,
  // with when they went missing. Ids below `floor` are delivered as they come: nothing was heard
  // of them before.
  let floor = 0;
  let highest = 0;
  const missing = new Map<number, number>();
  let gapTimer: NodeJS.Timeout | null = null;

  const lookForMissing = async () => {
    gapTimer = null;
    const due = performance.now() - gapGraceMs;
    const ids = [...missing].filter(([, since]) => since <= due).map(([id]) => id);
    for (const id of ids) missing.delete(id);
    try {
      for (const event of await eventsByIds(database.db, ids)) deliver(event);
    } catch (err) {
      log.warn({ err }, 'missing events not read; streams resync');
      resync();
    }
    scheduleLook();
  };
  function scheduleLook() {
    if (gapTimer || missing.size === 0) return;
    gapTimer = setTimeout(() => void lookForMissing(), gapGraceMs);
    gapTimer.unref();
  }

  const heard = (event: MerchantEventRow) => {
    const id = event.id;
    if (highest === 0) floor = highest = id;
    else if (id > highest) {
      if (missing.size + (id - highest - 1) > MAX_MISSING) {
        missing.clear();
        floor = id;
        resync();
      } else {
        const now = performance.now();
        for (let gap = highest + 1; gap < id; gap++) missing.set(gap, now);
      }
      highest = id;
    } else if (id >= floor && !missing.delete(id)) {
      // Heard before, or found in the table already: delivered once is enough.
      return;
    }
    scheduleLook();
    deliver(event);
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
    heard(event);
  };

  const unlisten = await database.listen(EVENTS_CHANNEL, dispatch, () => {
    // What was missing may have come while the connection was down; the streams catch up instead.
    highest = 0;
    missing.clear();
    resync();
  });

  // Announcements: the events of the moment in one NOTIFY statement, one statement at a time.
  let queue: string[] = [];
  let sending: Promise<void> | null = null;
  const send = async () => {
    while (queue.length > 0) {
      const payloads = queue;
      queue = [];
      try {
        await database.notify(EVENTS_CHANNEL, payloads);
      } catch (err) {
        // Committed all the same: the hubs find these events in the table (lookForMissing).
        log.warn({ err, events: payloads.length }, 'events not announced');
      }
    }
    sending = null;
  };

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
    announce(event) {
      queue.push(payloadOf(event));
      sending ??= send();
    },
    async stop() {
      if (gapTimer) clearTimeout(gapTimer);
      await sending;
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
