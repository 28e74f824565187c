import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'node',
    // Each API test file builds its own app on its own fresh database; PGlite start-up is CPU-bound.
    testTimeout: 30_000,
    // Vitest's default is one worker per core less one: a single worker on a 2-core CI machine,
    // idle whenever a test waits on PostgreSQL or on a server process it spawned.
    maxWorkers: Math.max(2, availableParallelism()),
    // A fresh PGlite migrated and seeded takes seconds alone, past a minute beside the browser
    // tests on two cores.
    hookTimeout: 120_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts', 'apps/server/test/**/*.test.ts'],
          // Their own layer: `npm run test:reliability` (vitest.reliability.config.ts).
          exclude: ['**/node_modules/**', 'apps/server/test/reliability/**'],
          // The process tests run the built server: rebuilt first if a source is newer (see the
          // file).
          globalSetup: ['apps/server/test/server-build.ts'],
          // A worker's test files share its modules instead of importing the server afresh for
          // each file (vitest's import time: 285 s of the CI's unit + API layer). Each file builds
          // its own app, services and database, and its spies and fake timers are on those or
          // undone after each test; what the modules keep is caches (helpers.ts' PGlite
          // template). Twenty API files alone: 95 s and 175 CPU-s isolated, 51 s and 90 CPU-s
          // shared.
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'app',
          // The web app's tests mock modules and stub globals: each file keeps its own.
          include: ['packages/*/src/**/*.test.ts', 'apps/web/src/**/*.test.{ts,tsx}'],
        },
      },
    ],
  },
});
