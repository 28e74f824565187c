import type { FastifyBaseLogger } from 'fastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Clock } from '../lib/clock.js';
import { MAX_SLEEP_MS, type Poller, startPoller } from './poller.js';

const log = { error: vi.fn() } as unknown as FastifyBaseLogger;

/** The clock the server runs on (the system time), which the fake timers move in step. */
const clock: Clock = { now: () => new Date() };

describe('a job that sleeps until its work is due', () => {
  let poller: Poller | undefined;
  /** When each run started, in ms from the start. */
  let runs: number[];
  let start: number;

  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'], now: 0 });
    start = Date.now();
    runs = [];
  });
  afterEach(async () => {
    await poller?.stop();
    vi.useRealTimers();
  });

  const passes = (ms: number) => vi.advanceTimersByTimeAsync(ms);
  const after = (ms: number) => new Date(start + ms);
  const run = (answer: (at: number) => Date | null, minIntervalMs = 1_000) =>
    (poller = startPoller({
      name: 'test job',
      clock,
      log,
      minIntervalMs,
      tick: async () => {
        const at = clock.now().getTime() - start;
        runs.push(at);
        return answer(at);
      },
    }));

  it('runs at start, then not until the due time it answered', async () => {
    const end = 15 * 60_000 + 30_000;
    run((at) => (at < end ? after(end) : null));
    await passes(15 * 60_000);
    // Once at start, then once a minute at most (the longest sleep), never in between.
    expect(runs).toEqual(Array.from({ length: 16 }, (_, i) => i * MAX_SLEEP_MS));
    await passes(60_000);
    expect(runs.slice(-2)).toEqual([15 * 60_000, end]);
  });

  it('sleeps the longest when nothing is due, and runs at once when woken', async () => {
    const p = run(() => null);
    await passes(30_000);
    expect(runs).toEqual([0]);
    p.wake();
    await passes(0);
    expect(runs).toEqual([0, 30_000]);
    // The next sleep counts from that run.
    await passes(MAX_SLEEP_MS);
    expect(runs).toEqual([0, 30_000, 90_000]);
  });

  it('woken after its clock jumped ahead (TEST_CLOCK), it runs at once', async () => {
    const p = run(() => null);
    await passes(1_000);
    // The clock moves 15 minutes; the timer still waits its minute.
    vi.setSystemTime(Date.now() + 15 * 60_000);
    p.wake();
    await passes(0);
    expect(runs).toEqual([0, 15 * 60_000 + 1_000]);
  });

  it('runs no more than once per interval however often it is woken', async () => {
    const p = run(() => null, 2_000);
    for (let i = 0; i < 10; i++) {
      p.wake();
      await passes(500);
    }
    expect(runs).toEqual([0, 2_000, 4_000]);
  });

  it('a wake during a run brings one more run after it', async () => {
    let release = () => {};
    poller = startPoller({
      name: 'test job',
      clock,
      log,
      minIntervalMs: 1_000,
      tick: () => {
        runs.push(clock.now().getTime() - start);
        // The first run lasts until released; the woken one ends at once.
        if (runs.length > 1) return Promise.resolve(null);
        return new Promise((resolve) => (release = () => resolve(null)));
      },
    });
    poller.wake();
    release();
    await passes(1_000);
    expect(runs).toEqual([0, 1_000]);
  });

  it('work still due (held elsewhere) and a failed run are looked at again after the interval', async () => {
    let fail = true;
    run(() => {
      if (fail) throw new Error('database down');
      return after(0);
    }, 500);
    await passes(1_000);
    fail = false;
    await passes(1_000);
    // Failed at 0 and 500 ms, then due in the past each time: never a busy loop.
    expect(runs).toEqual([0, 500, 1_000, 1_500, 2_000]);
    expect(log.error).toHaveBeenCalled();
  });

  it('does not run once stopped', async () => {
    const p = run(() => after(1_000));
    await p.stop();
    p.wake();
    await passes(MAX_SLEEP_MS);
    expect(runs).toEqual([0]);
  });
});
