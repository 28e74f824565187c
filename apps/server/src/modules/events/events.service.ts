import { Readable } from 'node:stream';
import { MAX_STREAMS_PER_SESSION, type MerchantEvent } from '@sm/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import { type EventHub, RESYNC } from './events.hub.js';
import { eventsAfter, latestEventId, type MerchantEventRow, purgeEvents } from './events.repo.js';

/** Comments keep proxies and phones from dropping an idle stream. */
const HEARTBEAT_MS = 20_000;
const REPLAY_PAGE = 500;
/**
 * What a stream may hold that its client has not read yet (some five thousand events). A client
 * that far behind is dropped: it reconnects with Last-Event-ID and loses nothing, where an
 * unbounded queue would let a stalled phone hold the process's memory.
 */
export const MAX_UNSENT_BYTES = 1024 * 1024;

/** The Last-Event-ID a client sent, when it is one of ours (a non-negative integer). */
export const parseLastEventId = (value: unknown): number | null => {
  const n = typeof value === 'string' && /^\d{1,15}$/.test(value) ? Number(value) : NaN;
  return Number.isSafeInteger(n) ? n : null;
};

/** One event as its Server-Sent Events frame. */
export function eventFrame(event: MerchantEventRow): string {
  const data: MerchantEvent = {
    type: event.type as MerchantEvent['type'],
    auctionId: event.auctionId,
    lotId: event.lotId,
    orderId: event.orderId,
    at: event.createdAt.toISOString(),
  };
  return `id: ${event.id}\ndata: ${JSON.stringify(data)}\n\n`;
}

export interface OpenStream {
  merchantId: string;
  /** Streams are counted per sign-in: the session token's hash. */
  sessionKey: string;
  /** The Last-Event-ID the client sent (header or query), unparsed. */
  lastEventId: unknown;
  /** Where a failed replay is logged: the request's logger. */
  log: FastifyBaseLogger;
}

/**
 * One merchant's open stream: the text of the `text/event-stream` body, to pipe to the response.
 * It never ends by itself; it ends when the hub asks for a resync or the server closes, and is
 * destroyed (its slot and subscription released) when its client goes away.
 */
class EventStreamSession extends Readable {
  private replaying = true;
  /** Live events that arrived during the replay: sent after it, unless it had them. */
  private readonly queued: MerchantEventRow[] = [];
  private readonly replayed = new Set<number>();
  private readonly heartbeat: NodeJS.Timeout;
  private readonly unsubscribe: () => void;
  private stopped = false;
  /** Resolves a replay waiting for its client to read what it was sent. */
  private wanted: (() => void) | null = null;

  constructor(
    hub: EventHub,
    merchantId: string,
    private readonly onDestroy: () => void,
  ) {
    super();
    // Subscribed before the replay reads the table, so nothing committed in between is missed.
    this.unsubscribe = hub.subscribe(merchantId, (event) => {
      if (event === RESYNC) this.endStream();
      else if (this.replaying) this.queued.push(event);
      else this.send(eventFrame(event));
    });
    this.heartbeat = setInterval(() => this.send(': ping\n\n'), HEARTBEAT_MS);
  }

  /**
   * Ids come from a sequence but transactions commit in any order, so live events are sent as
   * they come, never filtered by id; only the replay and what arrived during it may overlap.
   */
  async start(db: Db, merchantId: string, resumeFrom: number | null, log: FastifyBaseLogger) {
    try {
      this.send('retry: 2000\n\n');
      if (resumeFrom === null) {
        // An id with no data sets the browser's Last-Event-ID without an event, so a stream that
        // drops before its first event still resumes from here.
        this.send(`id: ${await latestEventId(db, merchantId)}\n\n`);
      } else {
        let after = resumeFrom;
        for (;;) {
          const page = await eventsAfter(db, merchantId, after, REPLAY_PAGE);
          for (const event of page) {
            this.replayed.add(event.id);
            this.send(eventFrame(event));
            after = event.id;
          }
          if (page.length < REPLAY_PAGE) break;
          // Back-pressure: the next page is read once the client has taken this one.
          await this.drained();
          if (this.stopped) break;
        }
      }
      this.replaying = false;
      for (const event of this.queued) {
        if (!this.replayed.has(event.id)) this.send(eventFrame(event));
      }
      this.queued.length = 0;
      this.replayed.clear();
    } catch (err) {
      log.error({ err }, 'event stream failed');
      this.endStream();
    }
  }

  /** Ends the body after what is queued; nothing more is sent. */
  endStream(): void {
    if (this.stopped) return;
    this.stop();
    this.push(null);
  }

  /** Called when the client wants more: frames are pushed as they happen, but a replay waits. */
  override _read() {
    this.wanted?.();
    this.wanted = null;
  }

  private async drained(): Promise<void> {
    // A client gone while a page was read has nobody left to read: nothing would resolve this.
    if (this.stopped || this.readableLength < this.readableHighWaterMark) return;
    await new Promise<void>((resolve) => (this.wanted = resolve));
  }

  override _destroy(err: Error | null, callback: (error?: Error | null) => void) {
    this.stop();
    this.onDestroy();
    callback(err);
  }

  private send(frame: string) {
    if (this.stopped) return;
    // Back-pressure: the socket drains what it can; past the bound the client is dropped.
    if (this.readableLength + frame.length > MAX_UNSENT_BYTES) this.destroy();
    else this.push(frame);
  }

  private stop() {
    this.stopped = true;
    clearInterval(this.heartbeat);
    this.unsubscribe();
    this._read(); // a replay waiting for its client gives up
  }
}

export type EventStream = Readable;

/** The live events: streams of the merchant's events, and their table's housekeeping. */
export function createEventService({ db, clock, hub }: { db: Db; clock: Clock; hub: EventHub }) {
  const open = new Set<EventStreamSession>();
  /** Open streams by session. */
  const perSession = new Map<string, number>();

  return {
    /**
     * A stream of the merchant's events: from after Last-Event-ID when the client sent one, then
     * live. Throws TOO_MANY_STREAMS when this sign-in holds its share already.
     */
    open({ merchantId, sessionKey, lastEventId, log }: OpenStream): EventStream {
      const held = perSession.get(sessionKey) ?? 0;
      // The new one is refused, not the oldest closed: a closed tab would reconnect and close
      // another in turn.
      if (held >= MAX_STREAMS_PER_SESSION) throw new AppError('TOO_MANY_STREAMS');
      perSession.set(sessionKey, held + 1);
      const session = new EventStreamSession(hub, merchantId, () => {
        open.delete(session);
        const left = (perSession.get(sessionKey) ?? 1) - 1;
        if (left > 0) perSession.set(sessionKey, left);
        else perSession.delete(sessionKey);
      });
      open.add(session);
      void session.start(db, merchantId, parseLastEventId(lastEventId), log);
      return session;
    },

    /** Streams never end by themselves; a closing server ends them so that it can finish. */
    endAll(): void {
      for (const session of open) session.endStream();
    },

    /** Housekeeping, hourly: events older than any stream can resume from. */
    purgeExpired: () => purgeEvents(db, clock.now()),
  };
}

export type EventService = ReturnType<typeof createEventService>;
