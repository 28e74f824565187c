import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      'packages/*/src/**/*.test.ts',
      'apps/*/src/**/*.test.{ts,tsx}',
      'apps/server/test/**/*.test.ts',
    ],
    // Their own layer: `npm run test:reliability` (vitest.reliability.config.ts).
    exclude: ['**/node_modules/**', 'apps/server/test/reliability/**'],
    environment: 'node',
    // The process tests run the built server: rebuilt first if a source is newer (see the file).
    globalSetup: ['apps/server/test/server-build.ts'],
    // Each API test file builds its own app on its own fresh database; PGlite start-up is CPU-bound.
    testTimeout: 30_000,
    // Vitest's default is one worker per core less one: a single worker on a 2-core CI machine,
    // idle whenever a test waits on PostgreSQL or on a server process it spawned.
    maxWorkers: Math.max(2, availableParallelism()),
    // A fresh PGlite migrated and seeded takes seconds alone, past a minute beside the browser
    // tests on two cores.
    hookTimeout: 120_000,
  },
});
