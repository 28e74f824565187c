import { defineConfig } from 'vitest/config';

/**
 * The lint rules' own proof (scripts/lint-rules.test.ts): ESLint with type information, CPU-bound.
 * Its own layer of `npm test`, run beside lint while the type check's lane would idle, not in the
 * unit + API layer, where it stretched the lane that already runs beside the browser tests.
 */
export default defineConfig({
  test: {
    include: ['scripts/**/*.test.ts'],
    environment: 'node',
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
