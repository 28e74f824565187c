import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../lib/clock.js';

/**
 * The longest a job sleeps: work that no NOTIFY announced (one lost while the listening connection
 * was down, or a change that sends none) waits at most this long.
 */
export const MAX_SLEEP_MS = 60_000;

interface PollerOptions {
  name: string;
  clock: Clock;
  log: FastifyBaseLogger;
  /** Does the work that is due; answers when the next work falls due (null: none known). */
  tick: () => Promise<Date | null>;
  /**
   * The least time from one run's start to the next: however often it is woken, and while work
   * stays due (another process holds it, or a batch left some), it runs at most this often.
   */
  minIntervalMs: number;
}

export interface Poller {
  /** Runs soon (at once, or minIntervalMs after the last run): new work may be due. */
  wake(): void;
  /** No more runs; waits for one in progress. */
  stop(): Promise<void>;
}

/**
 * A tick for work that a due time announces: `work` runs only once `nextDue` says some is due,
 * and the next due time is read again after it (what it left, or what came meanwhile).
 */
export const whenDue =
  (clock: Clock, nextDue: () => Promise<Date | null>, work: () => Promise<void>) =>
  async (): Promise<Date | null> => {
    const next = await nextDue();
    if (!next || next > clock.now()) return next;
    await work();
    return nextDue();
  };

/**
 * Runs `tick` now (work left over from before a crash is done at start), then sleeps until the due
 * time it answers, at most MAX_SLEEP_MS, or until woken. A failed run is logged and retried after
 * minIntervalMs. Times are the clock's, so a test clock moves them.
 */
export function startPoller({ name, clock, log, tick, minIntervalMs }: PollerOptions): Poller {
  const now = () => clock.now().getTime();
  let stopped = false;
  let running: Promise<void> | null = null;
  let wokenWhileRunning = false;
  let timer: NodeJS.Timeout | undefined;
  let lastRun = -Infinity;

  /** The soonest the next run may start (a clock set back counts as no time passed). */
  const soonest = () => Math.max(now(), Math.min(now(), lastRun) + minIntervalMs);

  /**
   * The next run at `at` (clock ms), in place of the one planned. A wake may so put off a run due
   * sooner, by less than minIntervalMs; comparing the two by the clock could not be trusted, as a
   * test clock moves while the timer waits.
   */
  const runAt = (at: number) => {
    if (stopped) return;
    clearTimeout(timer);
    timer = setTimeout(run, Math.max(0, at - now()));
  };

  const run = () => {
    clearTimeout(timer);
    wokenWhileRunning = false;
    lastRun = now();
    running = tick()
      .then(
        (next) => {
          if (next === null) return now() + MAX_SLEEP_MS;
          const due = next.getTime();
          return due <= now() ? soonest() : Math.min(due, now() + MAX_SLEEP_MS);
        },
        (err: unknown) => {
          log.error({ err }, `${name} failed; retrying`);
          return soonest();
        },
      )
      .then((at) => {
        running = null;
        runAt(wokenWhileRunning ? Math.min(at, soonest()) : at);
      });
  };

  run();
  return {
    wake() {
      if (running) wokenWhileRunning = true;
      else runAt(soonest());
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
