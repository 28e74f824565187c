import { finished, type Writable } from 'node:stream';
import { MAX_STREAMS_PER_SESSION, type MerchantEvent, STREAM_POSITION_EVENT } from '@sm/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import { type EventHub, type EventListener, RESYNC } from './events.hub.js';
import { eventsAfter, latestEventId, type MerchantEventRow, purgeEvents } from './events.repo.js';

/** Comments keep proxies and phones from dropping an idle stream. */
const HEARTBEAT_MS = 20_000;
const HEARTBEAT = Buffer.from(': ping\n\n');
const REPLAY_PAGE = 500;
/**
 * What a stream may hold that its client has not read yet (some five thousand events). A client
 * that far behind is dropped: it reconnects with Last-Event-ID and loses nothing, where an
 * unbounded queue would let a stalled phone hold the process's memory.
 */
export const MAX_UNSENT_BYTES = 1024 * 1024;
/**
 * Streams one event is written to per turn of the event loop (a few milliseconds' work): a
 * merchant with thousands of streams must not hold up every other request until the last is
 * written.
 */
export const FANOUT_SLICE = 500;

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

interface Framed {
  id: number;
  frame: string;
}

/**
 * The events a merchant's streams are sent in one go. Every stream of a merchant gets the same
 * frames (no stream filters or renumbers them), so they are framed once, into one buffer that
 * each stream writes whole: one write per stream however many events came together.
 */
interface Batch {
  /** Batches of an audience are numbered in the order they go out. */
  seq: number;
  events: Framed[];
  bytes: Buffer;
  /** The hub's listener went down: each stream ends after these events, so that it resumes. */
  resync: boolean;
}

export interface OpenStream {
  merchantId: string;
  /** Streams are counted per sign-in: the session token's hash. */
  sessionKey: string;
  /** The Last-Event-ID a client sent (header or query), unparsed. */
  lastEventId: unknown;
  /** Where a failed replay is logged: the request's logger. */
  log: FastifyBaseLogger;
}

/**
 * One open stream: writes the `text/event-stream` body to its client. It never ends by itself; it
 * ends when the hub asks for a resync or the server closes, and is stopped (its slot and place in
 * the audience released) when its client goes away.
 */
class EventStreamSession {
  private replaying = true;
  /** Live events that arrived during the replay: sent after it, unless it had them. */
  private readonly queued: Framed[] = [];
  private readonly replayed = new Set<number>();
  /**
   * After the replay, the last batch that may hold events heard during it: batches up to it are
   * still checked against the replayed ids.
   */
  private overlapUntil: number | null = null;
  private readonly heartbeat: NodeJS.Timeout;
  private stopped = false;
  /** Wakes a replay waiting for its client to read what it was sent. */
  private wake: (() => void) | null = null;

  constructor(
    private readonly out: Writable,
    private readonly audience: Audience,
    private readonly release: () => void,
  ) {
    // However the body stops (ended, client gone, destroyed), the stream is over.
    finished(out, () => this.stop());
    this.heartbeat = setInterval(() => this.send(HEARTBEAT), HEARTBEAT_MS);
  }

  /**
   * Ids come from a sequence but transactions commit in any order, so live events are sent as
   * they come, never filtered by id; only the replay and what arrived during it may overlap.
   */
  async start(db: Db, merchantId: string, resumeFrom: number | null, log: FastifyBaseLogger) {
    try {
      this.send('retry: 2000\n\n');
      if (resumeFrom === null) {
        // The id sets the browser's Last-Event-ID, so a stream that drops before its first event
        // still resumes from here; as a named event it reaches the app (not its message handler),
        // which keeps it for its next visit's stream (STREAM_POSITION_EVENT).
        const id = await latestEventId(db, merchantId);
        this.send(`id: ${id}\nevent: ${STREAM_POSITION_EVENT}\ndata: ${id}\n\n`);
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
      for (const { id, frame } of this.queued) {
        if (!this.replayed.has(id)) this.send(frame);
      }
      this.queued.length = 0;
      // Heard during the replay but not yet written out: it may be one the replay read.
      this.overlapUntil = this.replayed.size > 0 ? this.audience.undelivered() : null;
      if (this.overlapUntil === null) this.replayed.clear();
    } catch (err) {
      log.error({ err }, 'event stream failed');
      this.endStream();
    }
  }

  deliver({ seq, events, bytes, resync }: Batch): void {
    if (this.stopped) return;
    if (this.replaying) this.queued.push(...events);
    else if (this.overlapUntil !== null) {
      for (const { id, frame } of events) if (!this.replayed.has(id)) this.send(frame);
      if (seq >= this.overlapUntil) {
        this.overlapUntil = null;
        this.replayed.clear();
      }
    } else if (bytes.length > 0) this.send(bytes);
    if (resync) this.endStream();
  }

  /** Ends the body after what is written; nothing more is sent. */
  endStream(): void {
    if (this.stopped) return;
    this.stop();
    this.out.end();
  }

  private drained(): Promise<void> {
    // A client gone while a page was read has nobody left to read: nothing would wake this.
    if (this.stopped || !this.out.writableNeedDrain) return Promise.resolve();
    return new Promise((resolve) => {
      const wake = () => {
        this.out.off('drain', wake);
        this.wake = null;
        resolve();
      };
      this.wake = wake;
      this.out.on('drain', wake);
    });
  }

  private send(chunk: Buffer | string) {
    if (this.stopped) return;
    // Back-pressure: the socket drains what it can; past the bound the client is dropped.
    if (this.out.writableLength + chunk.length > MAX_UNSENT_BYTES) {
      this.stop();
      this.out.destroy();
    } else this.out.write(chunk);
  }

  private stop() {
    if (this.stopped) return;
    this.stopped = true;
    clearInterval(this.heartbeat);
    this.release();
    this.wake?.(); // a replay waiting for its client gives up
  }
}

/**
 * The open streams of one merchant in this process, and the one hub subscription they share:
 * events heard in the same turn of the loop go out as one batch, written to the streams a slice
 * per turn; a batch heard meanwhile waits for the last slice, so each stream gets its events in
 * the order they were heard.
 */
class Audience {
  readonly streams = new Set<EventStreamSession>();
  private pending: MerchantEventRow[] = [];
  private resync = false;
  /** The number of the batch that events heard now go into. */
  private seq = 0;
  /** Whether some event heard has not been written to every stream yet. */
  private writing = false;
  readonly unsubscribe: () => void;

  constructor(hub: EventHub, merchantId: string) {
    this.unsubscribe = hub.subscribe(merchantId, (event) => {
      if (event === RESYNC) this.resync = true;
      else this.pending.push(event);
      if (!this.writing) {
        this.writing = true;
        setImmediate(this.write);
      }
    });
  }

  /** The last batch that holds an event heard so far, if one is still to be written. */
  undelivered(): number | null {
    if (this.pending.length > 0 || this.resync) return this.seq;
    return this.writing ? this.seq - 1 : null;
  }

  private readonly write = () => {
    const events = this.pending.map((event) => ({ id: event.id, frame: eventFrame(event) }));
    const batch: Batch = {
      seq: this.seq++,
      events,
      bytes: Buffer.from(events.map((event) => event.frame).join('')),
      resync: this.resync,
    };
    this.pending = [];
    this.resync = false;
    // Those listening when the batch went out: a stream opened meanwhile replays from the table.
    const streams = [...this.streams];
    const writeSlice = (from: number) => {
      const to = Math.min(from + FANOUT_SLICE, streams.length);
      for (let i = from; i < to; i++) streams[i]!.deliver(batch);
      if (to < streams.length) setImmediate(writeSlice, to);
      else if (this.pending.length > 0 || this.resync) setImmediate(this.write);
      else this.writing = false;
    };
    writeSlice(0);
  };
}

/** The live events: streams of the merchant's events, and their table's housekeeping. */
export function createEventService({
  db,
  clock,
  hub,
  streamsPerSession = MAX_STREAMS_PER_SESSION,
}: {
  db: Db;
  clock: Clock;
  hub: EventHub;
  /** The streams one sign-in may hold in this process (config EVENT_STREAMS_PER_SESSION). */
  streamsPerSession?: number;
}) {
  const open = new Set<EventStreamSession>();
  /** Open streams by session. */
  const perSession = new Map<string, number>();
  const audiences = new Map<string, Audience>();

  return {
    /**
     * A stream of the merchant's events: from after Last-Event-ID when the client sent one, then
     * live. Throws TOO_MANY_STREAMS when this sign-in holds its share already; otherwise `accept`
     * answers the request's head and gives the body to write the stream to.
     */
    open({ merchantId, sessionKey, lastEventId, log }: OpenStream, accept: () => Writable): void {
      const held = perSession.get(sessionKey) ?? 0;
      // The new one is refused, not the oldest closed: a closed tab would reconnect and close
      // another in turn.
      if (held >= streamsPerSession) throw new AppError('TOO_MANY_STREAMS');
      // Answered first: a reply that cannot be taken over holds no slot and no subscription.
      const body = accept();
      perSession.set(sessionKey, held + 1);
      const audience = audiences.get(merchantId) ?? new Audience(hub, merchantId);
      audiences.set(merchantId, audience);
      const session = new EventStreamSession(body, audience, () => {
        open.delete(session);
        audience.streams.delete(session);
        if (audience.streams.size === 0) {
          audience.unsubscribe();
          audiences.delete(merchantId);
        }
        const left = (perSession.get(sessionKey) ?? 1) - 1;
        if (left > 0) perSession.set(sessionKey, left);
        else perSession.delete(sessionKey);
      });
      open.add(session);
      // Heard from before the replay reads the table, so nothing committed in between is missed.
      audience.streams.add(session);
      void session.start(db, merchantId, parseLastEventId(lastEventId), log);
    },

    /** Streams never end by themselves; a closing server ends them so that it can finish. */
    endAll(): void {
      for (const session of open) session.endStream();
    },

    /** Every merchant's events as this process hears them, and RESYNC (EventHub.subscribeAll). */
    onEveryEvent: (listener: EventListener) => hub.subscribeAll(listener),

    /** Housekeeping, hourly: events older than any stream can resume from. */
    purgeExpired: () => purgeEvents(db, clock.now()),
  };
}

export type EventService = ReturnType<typeof createEventService>;
