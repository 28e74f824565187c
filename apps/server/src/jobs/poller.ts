import type { FastifyBaseLogger } from 'fastify';

/**
 * Runs `tick` now and then every `intervalMs` after the previous run ends, until stopped; a failed
 * run is logged and retried on the next tick. The returned stop waits for a run in progress.
 */
export function startPoller(
  name: string,
  intervalMs: number,
  tick: () => Promise<void>,
  log: FastifyBaseLogger,
): () => Promise<void> {
  let stopped = false;
  let running: Promise<void> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  const schedule = () => {
    if (stopped) return;
    running = tick()
      .catch((err: unknown) => log.error({ err }, `${name} failed; retrying on the next tick`))
      .finally(() => {
        if (!stopped) timer = setTimeout(schedule, intervalMs);
      });
  };
  schedule();
  return async () => {
    stopped = true;
    clearTimeout(timer);
    await running;
  };
}
