import { randomUUID } from 'node:crypto';
import { PassThrough, type Readable, Writable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import { MAX_STREAMS_PER_SESSION } from '@sm/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, DB_KINDS, type TestDatabase } from '../../../test/helpers.js';
import { createTestClock } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import { type EventHub, type EventListener, RESYNC } from './events.hub.js';
import {
  accountEvent,
  eventsAfter,
  insertEvents,
  latestEventId,
  type MerchantEventRow,
} from './events.repo.js';
import {
  createEventService,
  eventFrame,
  type EventService,
  FANOUT_SLICE,
  MAX_UNSENT_BYTES,
  type OpenStream,
  parseLastEventId,
} from './events.service.js';

/** A hub that delivers what the test hands it, when it does: the live side without NOTIFY. */
function standInHub() {
  const listeners = new Map<string, Set<EventListener>>();
  const hub: EventHub = {
    subscribe(merchantId, listener) {
      const set = listeners.get(merchantId) ?? new Set();
      listeners.set(merchantId, set.add(listener));
      return () => void set.delete(listener);
    },
    subscribeAll: () => () => {},
    stop: async () => {},
  };
  return {
    hub,
    deliver: (merchantId: string, event: MerchantEventRow) =>
      listeners.get(merchantId)?.forEach((listener) => listener(event)),
    subscribers: (merchantId: string) => listeners.get(merchantId)?.size ?? 0,
  };
}

const silentLog = { error: () => {} } as unknown as FastifyBaseLogger;

/** Opens a stream whose body is a pipe the test reads as its client would. */
function openPipe(events: EventService, request: Omit<OpenStream, 'log'>): PassThrough {
  const body = new PassThrough();
  events.open({ ...request, log: silentLog }, () => body);
  return body;
}

/** Opens a stream whose body keeps each write as it was made. */
function openRecorder(events: EventService, request: Omit<OpenStream, 'log'>) {
  const writes: Buffer[] = [];
  const body = new Writable({
    write(chunk: Buffer, _encoding, done) {
      writes.push(chunk);
      done();
    },
  });
  events.open({ ...request, log: silentLog }, () => body);
  const sent = () => writes.map(String).join('').split('\n\n').slice(0, -1);
  return { writes, body, ids: () => idsOf(sent()) };
}

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

/** Reads a stream as its client would: `frames(n)` once it has sent n frames. */
function reader(stream: Readable) {
  let text = '';
  stream.on('data', (chunk) => (text += String(chunk)));
  const sent = () => text.split('\n\n').slice(0, -1);
  return {
    async frames(count: number): Promise<string[]> {
      await expect.poll(() => sent().length).toBeGreaterThanOrEqual(count);
      return sent();
    },
  };
}

/** The ids of the events a stream sent, not its position's. */
const idsOf = (sent: string[]) =>
  sent.flatMap((frame) =>
    frame.includes('data: ') && !frame.includes('event: ')
      ? [Number(/^id: (\d+)/.exec(frame)?.[1])]
      : [],
  );

describe('eventFrame and parseLastEventId', () => {
  it('frames an event as its id and the contract’s MerchantEvent', () => {
    const at = new Date('2026-03-01T02:03:04.000Z');
    const row = { ...accountEvent(randomUUID(), 'wallet_changed', at), id: 42, orderId: null };
    expect(eventFrame(row)).toBe(
      'id: 42\ndata: {"type":"wallet_changed","auctionId":null,"lotId":null,"orderId":null,' +
        '"at":"2026-03-01T02:03:04.000Z"}\n\n',
    );
  });

  it('takes a non-negative integer id and nothing else', () => {
    expect(parseLastEventId('0')).toBe(0);
    expect(parseLastEventId('123456789012345')).toBe(123456789012345);
    for (const bad of [undefined, '', '-1', '1.5', 'abc', '1234567890123456', ['1'], 1]) {
      expect(parseLastEventId(bad)).toBeNull();
    }
  });
});

describe.each(DB_KINDS)('event streams on %s', (kind) => {
  let t: TestDatabase;
  const clock = createTestClock();

  beforeAll(async () => {
    t = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await t?.drop();
  });

  const insert = async (merchantId: string, n: number): Promise<MerchantEventRow[]> => {
    const before = await latestEventId(t.database.db, merchantId);
    await insertEvents(
      t.database.db,
      Array.from({ length: n }, () => accountEvent(merchantId, 'wallet_changed', clock.now())),
    );
    return eventsAfter(t.database.db, merchantId, before, n);
  };

  const liveEvent = (merchantId: string, id: number): MerchantEventRow => ({
    ...accountEvent(merchantId, 'wallet_changed', clock.now()),
    id,
    orderId: null,
  });

  it('starts a fresh stream at the latest id, told as its position, then sends live events', async () => {
    const { hub, deliver } = standInHub();
    const events = createEventService({ db: t.database.db, clock, hub });
    const merchantId = randomUUID();
    const [old] = await insert(merchantId, 1);
    const stream = openPipe(events, { merchantId, sessionKey: 's1', lastEventId: undefined });
    const client = reader(stream);
    expect(await client.frames(2)).toEqual([
      'retry: 2000',
      `id: ${old?.id}\nevent: position\ndata: ${old?.id}`,
    ]);
    const [live] = await insert(merchantId, 1);
    deliver(merchantId, live!);
    expect((await client.frames(3))[2]).toBe(eventFrame(live!).trimEnd());
    stream.destroy();
  });

  it('replays after Last-Event-ID and sends an event heard during the replay once', async () => {
    const { hub, deliver } = standInHub();
    const events = createEventService({ db: t.database.db, clock, hub });
    const merchantId = randomUUID();
    const stored = await insert(merchantId, 3);
    const [first, , third] = stored as [MerchantEventRow, MerchantEventRow, MerchantEventRow];
    const stream = openPipe(events, {
      merchantId,
      sessionKey: 's2',
      lastEventId: String(first.id - 1),
    });
    // Heard while the replay reads the table: one it will read too, and one committed late with
    // a lower id than those replayed (ids are taken before commit), which must not be dropped.
    const late = { ...first, id: first.id - 1 };
    deliver(merchantId, third);
    deliver(merchantId, late);
    const sent = await reader(stream).frames(1 + 3 + 1);
    expect(sent[0]).toBe('retry: 2000');
    expect(idsOf(sent)).toEqual([...stored.map((e) => e.id), late.id]);
    stream.destroy();
  });

  it('ends on a resync and releases its subscription and its slot', async () => {
    const { hub, deliver, subscribers } = standInHub();
    const events = createEventService({ db: t.database.db, clock, hub });
    const merchantId = randomUUID();
    const open = () => openPipe(events, { merchantId, sessionKey: 's3', lastEventId: '0' });
    const streams = Array.from({ length: MAX_STREAMS_PER_SESSION }, open);
    expect(open).toThrow(new AppError('TOO_MANY_STREAMS'));
    // Another sign-in has slots of its own.
    openPipe(events, { merchantId, sessionKey: 'other', lastEventId: '0' }).destroy();

    const ended = streams.map((stream) => new Promise((resolve) => stream.on('end', resolve)));
    await Promise.all(streams.map((stream) => reader(stream).frames(1)));
    // The hub's listener went down and came back: every stream of the merchant is told to resume.
    deliver(merchantId, RESYNC);
    await Promise.all(ended);
    expect(subscribers(merchantId)).toBe(0);
    await expect.poll(() => streams.every((stream) => stream.destroyed)).toBe(true);
    const again = Array.from({ length: MAX_STREAMS_PER_SESSION }, open);
    for (const stream of again) stream.destroy();
    await expect.poll(() => subscribers(merchantId)).toBe(0);
  });

  it('holds as many streams per sign-in as it is configured to', async () => {
    const { hub } = standInHub();
    const events = createEventService({ db: t.database.db, clock, hub, streamsPerSession: 9 });
    const open = () =>
      openPipe(events, { merchantId: randomUUID(), sessionKey: 's4', lastEventId: '0' });
    const streams = Array.from({ length: 9 }, open);
    expect(open).toThrow(new AppError('TOO_MANY_STREAMS'));
    for (const stream of streams) stream.destroy();
  });

  it('reads the replay a page at a time, as fast as its client takes it', async () => {
    const { hub } = standInHub();
    const events = createEventService({ db: t.database.db, clock, hub });
    const merchantId = randomUUID();
    const stored = await insert(merchantId, 1_200);
    const stream = openPipe(events, {
      merchantId,
      sessionKey: 's5',
      lastEventId: String((stored[0]?.id ?? 0) - 1),
    });
    // A client that reads nothing holds the replay at its first page: 500 frames, not 1 200.
    const unread = () => stream.readableLength + stream.writableLength;
    await expect.poll(unread).toBeGreaterThan(0);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const held = unread();
    expect(held).toBeLessThan(600 * eventFrame(stored[0]!).length);
    expect(stream.destroyed).toBe(false);
    // Once it reads, the rest follows in order.
    const sent = await reader(stream).frames(1 + 1_200);
    expect(idsOf(sent)).toEqual(stored.map((e) => e.id));
    stream.destroy();
  });

  it('drops a client that reads nothing once its unsent frames pass the bound', async () => {
    const { hub, deliver, subscribers } = standInHub();
    const events = createEventService({ db: t.database.db, clock, hub });
    const merchantId = randomUUID();
    const stream = openPipe(events, { merchantId, sessionKey: 's4', lastEventId: '0' });
    await new Promise((resolve) => setTimeout(resolve, 50)); // the (empty) replay is over
    // Events a turn apart, each written on its own, as they come; ids of one length, so frames too.
    const event = liveEvent(merchantId, 1_000_000);
    const perFrame = eventFrame(event).length;
    let sent = 0;
    while (!stream.destroyed && sent < 10_000) {
      deliver(merchantId, { ...event, id: event.id + sent++ });
      await nextTurn();
    }
    // Dropped once about a megabyte waited (the pipe itself holds 16 KB), not before.
    expect(stream.destroyed).toBe(true);
    expect(sent * perFrame).toBeGreaterThan(MAX_UNSENT_BYTES);
    expect(sent * perFrame).toBeLessThan(MAX_UNSENT_BYTES + 32 * 1024);
    await expect.poll(() => subscribers(merchantId)).toBe(0);
    // Its slot is free again.
    for (let i = 0; i < MAX_STREAMS_PER_SESSION; i++) {
      openPipe(events, { merchantId, sessionKey: 's4', lastEventId: '0' }).destroy();
    }
  });

  it('frames an event once for all the merchant’s streams, events heard together in one write', async () => {
    const { hub, deliver } = standInHub();
    const events = createEventService({ db: t.database.db, clock, hub });
    const merchantId = randomUUID();
    const streams = Array.from({ length: 3 }, (_, i) =>
      openRecorder(events, { merchantId, sessionKey: `f${i}`, lastEventId: undefined }),
    );
    // Started: `retry` and the position to resume from.
    await expect.poll(() => streams.every((s) => s.writes.length === 2)).toBe(true);
    const first = liveEvent(merchantId, 1_001);
    const second = liveEvent(merchantId, 1_002);
    deliver(merchantId, first);
    deliver(merchantId, second);
    await expect.poll(() => streams.every((s) => s.writes.length === 3)).toBe(true);
    const written = streams.map((s) => s.writes[2]);
    // One buffer, the same object on every stream: it was framed once, not once per stream.
    expect(new Set(written).size).toBe(1);
    expect(String(written[0])).toBe(eventFrame(first) + eventFrame(second));
    for (const s of streams) s.body.destroy();
  });

  it('writes a slice of the streams per turn of the loop, each stream’s events in order', async () => {
    const { hub, deliver } = standInHub();
    const events = createEventService({ db: t.database.db, clock, hub });
    const merchantId = randomUUID();
    const count = 2 * FANOUT_SLICE + 1;
    const streams = Array.from({ length: count }, (_, i) =>
      openRecorder(events, { merchantId, sessionKey: `n${i}`, lastEventId: undefined }),
    );
    // Opening them reads the latest event id once per stream: 1 001 reads, which a loaded CI
    // machine took over poll's default second to answer.
    await expect
      .poll(() => streams.every((s) => s.writes.length === 2), { timeout: 30_000 })
      .toBe(true);
    const first = liveEvent(merchantId, 2_001);
    const second = liveEvent(merchantId, 2_002);
    deliver(merchantId, first);
    const reached = () => streams.filter((s) => s.ids().includes(first.id)).length;
    // Other work gets its turn between slices: what was queued next runs before the last slice.
    const seenBetween = await new Promise<number>((resolve) =>
      setImmediate(() => {
        resolve(reached());
        // Heard while the first event is still being written: it goes after it everywhere.
        deliver(merchantId, second);
      }),
    );
    expect(seenBetween).toBe(FANOUT_SLICE);
    await expect.poll(() => streams.every((s) => s.ids().length === 2)).toBe(true);
    for (const s of streams) expect(s.ids()).toEqual([first.id, second.id]);
    for (const s of streams) s.body.destroy();
  });
});
