import type { FastifyBaseLogger } from 'fastify';
import { afterEach, expect, it, vi } from 'vitest';
import { startHousekeeping } from './housekeeping.js';

afterEach(() => {
  vi.useRealTimers();
});

it('runs the database’s upkeep once the purges have settled, a failed one included', async () => {
  vi.useFakeTimers();
  const done: string[] = [];
  const errors: unknown[] = [];
  const log = { error: (obj: unknown) => errors.push(obj) } as unknown as FastifyBaseLogger;
  const purge =
    (name: string, ms: number, fails = false) =>
    () =>
      new Promise<void>((resolve, reject) =>
        setTimeout(() => {
          done.push(name);
          if (fails) reject(new Error(name));
          else resolve();
        }, ms),
      );
  const stop = startHousekeeping(
    [purge('sessions', 300), purge('events', 100, true)],
    log,
    async () => {
      done.push('upkeep');
    },
  );
  await vi.advanceTimersByTimeAsync(60_000 + 300);
  expect(done).toEqual(['events', 'sessions', 'upkeep']);
  expect(errors).toHaveLength(1);
  stop();
});
