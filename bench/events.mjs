// Live events: how many Server-Sent Event streams one server process holds, the memory each takes,
// and how long a bid takes to reach the streams with 1 000, 5 000 and as many streams open.
//
// Every stream is GET /api/events with the demo merchant's session (the bench's server lifts the
// cap of streams per session, EVENT_STREAMS_PER_SESSION), held over a raw socket by this process. All streams belong to
// the merchant whose lots are bid on, so every bid's event goes to every stream: the most work a
// bid can cause (a merchant of a real market holds a stream or two, and a bid wakes only those).
//
// Bids come from the market's buyers at a steady rate. The latency of an event on a stream is the
// time it arrived minus the bid's time stamp in the event (`at`: the server's clock as it took the
// bid, before its statement), so it covers the statement, the commit, the NOTIFY,
// the fan-out and the socket. It is read on a sample of the streams, spread evenly over the order
// they were opened in (the order the server writes them in); the others are not read meanwhile, so
// that this process, which shares the 2 cores with the server, does not slow the server's fan-out
// with work of its own. Their events wait in the kernel's buffers and are counted afterwards:
// every open stream must have received every event.
import net from 'node:net';
import { fdLimitOf, quantile, rssOf, sleep } from './lib.mjs';
import { socketWriteFloor } from './socket-floor.mjs';

const BIDS = Number(process.env.BENCH_EVENT_BIDS ?? 30);
const INTERVAL_MS = Number(process.env.BENCH_EVENT_INTERVAL_MS ?? 200);
const SAMPLE = Number(process.env.BENCH_EVENT_SAMPLE ?? 500);
const STEPS = [1000, 5000];
const MAX_STREAMS = Number(process.env.BENCH_STREAMS_MAX ?? 20_000);
const OPEN_AT_ONCE = 200;
const EVENT = /id: (\d+)\ndata: ([^\n]*)/;

/** The streams this process holds; `onEvent(id, arrivedAt, event, sampled)` hears each event. */
function streamHolder(base, cookie) {
  const { hostname, port } = new URL(base);
  const streams = []; // in the order they opened
  const parsed = new Map(); // event id → { type, at }, parsed once for all the streams
  let onEvent = () => {};

  const openOne = () =>
    new Promise((resolve, reject) => {
      const socket = net.connect({ host: hostname, port: Number(port) });
      const stream = { socket, sampled: true };
      let buffer = '';
      let ready = false;
      const fail = (err) => {
        socket.destroy();
        if (!ready) reject(err);
      };
      const timer = setTimeout(() => fail(new Error('no answer in 30 s')), 30_000);
      socket.on('error', fail);
      socket.on('close', () => {
        if (!ready) reject(new Error('closed before it was open'));
        else stream.closed = true;
      });
      socket.write(
        `GET /api/events HTTP/1.1\r\nHost: ${hostname}:${port}\r\nCookie: ${cookie}\r\nAccept: text/event-stream\r\n\r\n`,
      );
      socket.on('data', (chunk) => {
        const arrivedAt = Date.now();
        buffer += chunk.toString();
        if (!ready) {
          if (!buffer.startsWith('HTTP/1.1 200')) return fail(new Error(buffer.slice(0, 60)));
          if (!buffer.includes('retry: 2000')) return;
          ready = true;
          clearTimeout(timer);
          streams.push(stream);
          resolve();
        }
        // Blocks end with a blank line; the chunked encoding's framing sits between them.
        let end;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const match = EVENT.exec(buffer.slice(0, end));
          buffer = buffer.slice(end + 2);
          if (!match) continue;
          let event = parsed.get(match[1]);
          if (!event) {
            const data = JSON.parse(match[2]);
            parsed.set(match[1], (event = { type: data.type, at: Date.parse(data.at) }));
          }
          onEvent(Number(match[1]), arrivedAt, event, stream.sampled);
        }
      });
    });

  return {
    get size() {
      return streams.filter((s) => !s.closed).length;
    },
    /** Opens streams until `target` are open; answers the first failure, if any. */
    async openTo(target) {
      while (streams.length < target) {
        const batch = Math.min(OPEN_AT_ONCE, target - streams.length);
        const results = await Promise.allSettled(Array.from({ length: batch }, openOne));
        const failed = results.find((r) => r.status === 'rejected');
        if (failed) return failed.reason;
      }
      return null;
    },
    /** Reads about `count` streams, evenly spread; leaves the others unread. */
    sample(count) {
      const every = Math.max(1, Math.floor(streams.length / count));
      streams.forEach((s, i) => {
        s.sampled = i % every === 0;
        if (s.sampled) s.socket.resume();
        else s.socket.pause();
      });
      return streams.filter((s) => s.sampled).length;
    },
    readAll() {
      for (const s of streams) s.socket.resume();
    },
    listen(listener) {
      onEvent = listener;
    },
    close() {
      for (const s of streams) s.socket.destroy();
      streams.length = 0;
    },
  };
}

/** The merchant's newest event id: the position a new stream sends first. */
async function latestEventId(market) {
  const res = await fetch(`${market.base}/api/events`, {
    headers: { cookie: market.merchantCookie },
  });
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  let match;
  while (!(match = /id: (\d+)\nevent: position\n/.exec(text))) {
    text += decoder.decode((await reader.read()).value, { stream: true });
  }
  await reader.cancel();
  return Number(match[1]);
}

async function until(condition, ms) {
  const deadline = Date.now() + ms;
  while (!condition() && Date.now() < deadline) await sleep(50);
}

/**
 * Bids at a steady rate; answers the latencies of their events on the sampled streams and how many
 * deliveries any stream missed.
 */
async function measure(market, streams, lotIds, bids) {
  // Nothing else bids meanwhile: every bid event after the newest one now is this round's.
  const after = await latestEventId(market);
  const open = streams.size;
  const sampled = streams.sample(SAMPLE);
  const latencies = [];
  let delivered = 0;
  streams.listen((id, arrivedAt, event, isSampled) => {
    if (id <= after || event.type !== 'bid') return;
    delivered += 1;
    if (isSampled) latencies.push(arrivedAt - event.at);
  });
  const placed = [];
  for (let i = 0; i < bids; i += 1) {
    placed.push(
      market.bid(i % market.buyerCookies.length, lotIds[i % lotIds.length]).then((res) => {
        if (res.status !== 200) throw new Error(`bid refused: ${res.status} ${res.text}`);
      }),
    );
    await sleep(INTERVAL_MS);
  }
  await Promise.all(placed);
  await until(() => latencies.length >= sampled * bids, 15_000);
  streams.readAll();
  await until(() => delivered >= open * bids, 30_000);
  return { latencies, sampled, missing: open * bids - delivered };
}

/**
 * Measures `bids` bids' delivery to every stream `streams` holds and records the p99 as `label`;
 * `extra` ends the note. Every event must have reached every stream.
 */
async function recordLatency(market, record, streams, lotIds, { label, budget, bids, extra = '' }) {
  const held = streams.size;
  const { latencies, sampled, missing } = await measure(market, streams, lotIds, bids);
  record(
    'events',
    `${market.on}: bid → event, p99, ${held} ${label}`,
    quantile(latencies, 0.99),
    'ms',
    budget,
    `p50 ${quantile(latencies, 0.5)}, max ${quantile(latencies, 1)} ms on ${sampled} streams read; ${bids} bids at ${1000 / INTERVAL_MS}/s, each to all ${held}: ${missing} deliveries missing${extra}`,
  );
  if (missing > 0) throw new Error(`${missing} event deliveries missing`);
}

/** Runs the live-event figures; `record(area, metric, value, unit, budget, note)` prints a row. */
export async function benchEvents(market, record) {
  const on = market.on;
  const lotIds = await market.publish(5, { name: 'Bench events' });
  // A fresh server process, warmed by a few streams and bids, so that the memory the set-up's
  // password hashing took is not in the baseline. One process, whatever BENCH_PROCESSES says:
  // these are the figures of what one process holds.
  await market.stop();
  await market.start({ processes: 1 });
  const streams = streamHolder(market.base, market.merchantCookie);
  let most = 0;
  try {
    await streams.openTo(100);
    await measure(market, streams, lotIds, 3);
    streams.close();
    await sleep(2000);
    const baseline = rssOf(market.pid);
    const limit = Math.min(MAX_STREAMS, fdLimitOf(market.pid).soft - 200, fdLimitOf().soft - 200);
    for (const target of new Set([...STEPS.filter((n) => n <= limit), limit])) {
      const started = performance.now();
      const failure = await streams.openTo(target);
      const openSeconds = (performance.now() - started) / 1000;
      const held = streams.size;
      most = Math.max(most, held);
      await sleep(1000);
      const rss = rssOf(market.pid);
      const perStream = `${((rss - baseline) / held / 1024).toFixed(1)} KB`;
      const isMax = target === limit;
      const bids = STEPS.includes(target) ? BIDS : Math.ceil(BIDS / 3);
      if (isMax) {
        record(
          'events',
          `${on}: SSE streams one process holds`,
          held,
          '',
          null,
          `${failure ? `more failed: ${failure.message}` : `as many as asked for (BENCH_STREAMS_MAX ${MAX_STREAMS}, open files ${fdLimitOf(market.pid).soft})`}; ${openSeconds.toFixed(0)} s to open`,
        );
        record(
          'events',
          `${on}: server memory per stream (RSS delta / ${held})`,
          perStream.split(' ')[0],
          'KB',
          null,
          `RSS ${(baseline / 1e6).toFixed(0)} → ${(rss / 1e6).toFixed(0)} MB`,
        );
      }
      await recordLatency(market, record, streams, lotIds, {
        label: 'streams open',
        budget: STEPS.includes(target) ? '≤ 100 ms' : null,
        bids,
        extra: `; ${perStream} RSS per stream`,
      });
    }
  } finally {
    streams.close();
  }
  await sleep(1000);
  // What no server can beat here: the frame's writes alone, to as many sockets (the streams are
  // closed first, so that the open-file limit has room for the reference's sockets).
  if (most > 0) {
    const floor = await socketWriteFloor(most);
    record(
      'events',
      `reference: bare Node, one frame written to ${most} sockets`,
      floor.median,
      'ms',
      null,
      `median of 10 rounds, fastest ${floor.min} ms (${((floor.median * 1000) / most).toFixed(1)} µs a socket): the writes of one event's fan-out alone, in one process, peers not reading (bench/socket-floor.mjs)`,
    );
  }
  // The parts after this one run as many processes as `npm start` would (or BENCH_PROCESSES).
  await market.stop();
  await market.start();
  // On PostgreSQL `npm start` runs a process per core, and the cluster deals the streams out
  // among them: the bid → event figure of the largest count again, as a deployment serves it.
  if (market.processCount > 1) {
    const spread = streamHolder(market.base, market.merchantCookie);
    try {
      const failure = await spread.openTo(Math.min(MAX_STREAMS, fdLimitOf().soft - 200));
      await sleep(1000);
      await recordLatency(market, record, spread, lotIds, {
        label: `streams over ${market.processes}`,
        budget: '≤ 100 ms',
        bids: Math.ceil(BIDS / 3),
        extra: failure ? `; more failed: ${failure.message}` : '',
      });
    } finally {
      spread.close();
    }
  }
}
