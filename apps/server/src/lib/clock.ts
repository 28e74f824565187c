/** Where the server reads the time, so that tests can move it (15-minute lots, 24 h limits…). */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

export interface TestClock extends Clock {
  set(at: Date | string): void;
  advance(ms: number): void;
}

export function createTestClock(start: Date | string = '2026-01-15T01:00:00Z'): TestClock {
  let current = new Date(start).getTime();
  return {
    now: () => new Date(current),
    set: (at) => {
      current = new Date(at).getTime();
    },
    advance: (ms) => {
      current += ms;
    },
  };
}

/** The system time moved by an offset that the operator's test API sets (TEST_CLOCK=true only). */
export function createOffsetClock(): TestClock {
  let offset = 0;
  return {
    now: () => new Date(Date.now() + offset),
    set: (at) => {
      offset = new Date(at).getTime() - Date.now();
    },
    advance: (ms) => {
      offset += ms;
    },
  };
}

export const isTestClock = (clock: Clock): clock is TestClock =>
  'advance' in clock && 'set' in clock;

/** Whole seconds from `now` until `at` (epoch ms), at least 1: a client's Retry-After. */
export const secondsUntil = (at: number, now: number): number =>
  Math.max(1, Math.ceil((at - now) / 1000));
