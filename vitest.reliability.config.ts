import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * `npm run test:reliability` (issue 7): the server under broken input, other people's ids, crashes,
 * two processes, hostile uploads and sign-in attacks. Its own layer of `npm test`.
 */
export default defineConfig({
  test: {
    include: ['apps/server/test/reliability/**/*.test.ts'],
    environment: 'node',
    // The process tests run the built server: rebuilt first if a source is newer (see the file).
    globalSetup: ['apps/server/test/server-build.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    maxWorkers: Math.max(2, availableParallelism()),
  },
});
