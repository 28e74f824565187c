import type { FastifyBaseLogger } from 'fastify';

const HOUR_MS = 60 * 60_000;
/**
 * The first run waits this long: the purges scan whole tables, which must not hold up start-up or
 * the first requests (the embedded database runs one query at a time).
 */
const FIRST_RUN_MS = 60_000;

/**
 * A minute after start and then hourly: each task drops what has expired (sessions, SMS codes,
 * old live events); then the database's own upkeep, if it has one (PGlite's vacuum), reclaims
 * what they dropped. Returns the function that stops it.
 */
export function startHousekeeping(
  tasks: (() => Promise<void>)[],
  log: FastifyBaseLogger,
  upkeep?: () => Promise<void>,
): () => void {
  const failed = (err: unknown) => log.error({ err }, 'housekeeping failed');
  const run = () => {
    void Promise.all(tasks.map((task) => task().catch(failed))).then(() =>
      upkeep?.().catch(failed),
    );
  };
  const first = setTimeout(run, FIRST_RUN_MS);
  const timer = setInterval(run, HOUR_MS);
  first.unref();
  timer.unref();
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}
