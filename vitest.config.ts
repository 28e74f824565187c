import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      'packages/*/src/**/*.test.ts',
      'apps/*/src/**/*.test.{ts,tsx}',
      'apps/server/test/**/*.test.ts',
    ],
    environment: 'node',
    // Each API test file builds its own app on its own fresh database; PGlite start-up is CPU-bound.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
