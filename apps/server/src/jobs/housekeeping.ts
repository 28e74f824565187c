import type { FastifyBaseLogger } from 'fastify';

const HOUR_MS = 60 * 60_000;

/**
 * Hourly: each task drops what has expired (sessions, SMS codes, old live events). Returns the
 * function that stops it.
 */
export function startHousekeeping(
  tasks: (() => Promise<void>)[],
  log: FastifyBaseLogger,
): () => void {
  const run = () => {
    for (const task of tasks) {
      task().catch((err: unknown) => log.error({ err }, 'housekeeping failed'));
    }
  };
  run();
  const timer = setInterval(run, HOUR_MS);
  timer.unref();
  return () => clearInterval(timer);
}
